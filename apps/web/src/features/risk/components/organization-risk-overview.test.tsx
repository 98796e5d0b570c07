import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderPageSignedIn, stubApi } from '../../../testing/signed-in';
import { OrganizationRiskOverview } from './organization-risk-overview';

const admin = buildPersonalRecord({ role: 'Admin' });
const risk = {
  organization: { score: 31.4, lower: 27.2, upper: 35.6, people: 120 },
  drivers: [
    { factor: 'simulation_click', points: 12.5, people: 40 },
    { factor: 'training_overdue', points: 6.1, people: 22 },
    { factor: 'simulation_report', points: -2.3, people: 35 },
  ],
  departments: [
    { id: '2c6f0d0e-4b8a-4a53-9c43-7f1c9f5d0a01', name: 'Finance', score: 48, lower: 39, upper: 57, people: 30, rankingKey: 45 },
    { id: '2c6f0d0e-4b8a-4a53-9c43-7f1c9f5d0a02', name: 'Legal', score: 60, lower: 0, upper: 100, people: 2, rankingKey: 39.6 },
  ],
  whatIf: { overdueTrainingCompleted: { score: 28.9, people: 22 } },
  trend: [
    { day: '2026-11-06', score: 36.2, lower: 31.5, upper: 40.9, people: 118 },
    { day: '2026-11-13', score: 33.8, lower: 29.4, upper: 38.2, people: 119 },
    { day: '2026-11-20', score: 31.4, lower: 27.2, upper: 35.6, people: 120 },
  ],
  computedAt: '2026-11-20T08:00:00.000Z',
};

describe('the organization risk overview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the score with its likely range, the what-if, the causes as a table and the departments riskiest first', async () => {
    stubApi(admin, { '/api/insights/organization/risk/': { body: risk } });
    renderPageSignedIn(OrganizationRiskOverview, '/insights/organization/');

    expect(await screen.findByTestId('organization-risk-score')).toHaveTextContent('31out of 100MediumLikely between 27 and 36');
    expect(screen.getByTestId('risk-what-if')).toHaveTextContent('If the 22 people with an overdue lesson completed them, the score would move from 31 to 29.');
    const causes = within(screen.getByTestId('risk-drivers')).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(causes).toEqual(['Clicked a link in a simulated attack12.540', 'A lesson is past its due date6.122', 'Reported a simulated attack-2.335']);
    const departments = within(screen.getByTestId('risk-departments')).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(departments).toEqual(['Finance4839–5730', 'Legal600–1002']);
    expect(screen.getByRole('figure', { name: 'Points per person by cause' })).toBeInTheDocument();
    // The trend as a chart, and the same numbers behind "Show the numbers".
    expect(screen.getByRole('figure', { name: 'Organization risk score over time' })).toBeInTheDocument();
    const trend = within(screen.getByTestId('organization-risk-trend')).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(trend).toEqual(['Nov 636.232–41118', 'Nov 1333.829–38119', 'Nov 2031.427–36120']);
    // The five subpages the menu does not list are reached from here.
    const more = screen.getByRole('navigation', { name: 'More about your organization' });
    expect(within(more).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/insights/organization/user-login-activity/',
      '/insights/organization/anomalous-activity/',
      '/insights/organization/mfa-protection-status/',
      '/insights/organization/device-protection-status/',
      '/insights/organization/training-status/',
    ]);
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says what to do when no one has been scored yet', async () => {
    stubApi(admin, { '/api/insights/organization/risk/': { body: { ...risk, drivers: [], departments: [], whatIf: { overdueTrainingCompleted: { score: 0, people: 0 } }, trend: [], computedAt: null } } });
    renderPageSignedIn(OrganizationRiskOverview, '/insights/organization/');

    expect(await screen.findByText(/No one has been scored yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to testing' })).toHaveAttribute('href', '/configure/testing/');
  });
});
