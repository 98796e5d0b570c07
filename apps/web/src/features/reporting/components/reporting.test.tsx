import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderPageSignedIn, stubApi } from '../../../testing/signed-in';
import { ClientsSummary } from './clients-summary';
import { ExecutiveReport } from './executive-report';
import { ReportSchedules } from './report-schedules';

const admin = buildPersonalRecord({ role: 'Admin' });
const report = {
  organizationName: 'Northwind Logistics',
  from: '2026-08-26T08:00:00.000Z',
  to: '2026-11-24T08:00:00.000Z',
  days: 90,
  risk: { score: 6.4, lower: 5.1, upper: 7.7, people: 305, band: 'low', previous: 7.2, trend: [{ day: '2026-09-01', score: 7.2 }, { day: '2026-09-08', score: 6.9 }, { day: '2026-11-24', score: 6.4 }] },
  drivers: [{ factor: 'simulation_click', points: 1.9, people: 61 }],
  departments: [{ name: 'Customer Service', score: 7, lower: 3, upper: 10, people: 39 }],
  simulations: { campaigns: 3, sent: 299, failed: 37, submitted: 9, reported: 107, byMonth: [{ month: '2026-09', sent: 100, failed: 15, reported: 30 }, { month: '2026-10', sent: 199, failed: 22, reported: 77 }] },
  training: { assigned: 60, completed: 48, overdue: 12, open: 14 },
  compliance: [{ framework: 'ISO/IEC 27001:2022', compliant: 250, total: 305 }],
  actions: [
    { key: 'complete_overdue_training', values: { people: 12, from: 6, to: 5 } },
    { key: 'focus_failure', values: { factor: 'simulation_click', people: 61 } },
    { key: 'compliance_gap', values: { framework: 'ISO/IEC 27001:2022', people: 55 } },
  ],
  generatedAt: '2026-11-24T08:00:00.000Z',
};

describe('reporting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the headline figures, the months as a chart and a table, and the actions in plain words', async () => {
    stubApi(admin, { '/api/reports/executive/?days=90': { body: report } });
    renderPageSignedIn(ExecutiveReport, '/reporting/');

    expect(await screen.findByTestId('report-score')).toHaveTextContent('Risk score6 / 100Low · likely between 5 and 8');
    expect(screen.getByTestId('report-failed')).toHaveTextContent('Fell for a simulated attack12%37 of 299 lures sent');
    expect(screen.getByTestId('report-reported')).toHaveTextContent('36%107 reports');
    expect(within(screen.getByTestId('report-months')).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Sep 202610015 (15%)30 (30%)', 'Oct 202619922 (11%)77 (39%)']);
    expect(screen.getByRole('figure', { name: /Bar chart of lures sent/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('report-actions')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Follow up the 12 people with overdue lessons: completing them would lower the score from 6 to 5.',
      'The largest cause of risk is “Clicked a link in a simulated attack” (61 people): aim the next campaigns and lessons at it.',
      '55 people are not yet compliant with ISO/IEC 27001:2022: check the Compliance page for who is overdue.',
    ]);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('lists the email schedules, and says how to start when there is none', async () => {
    stubApi(admin, { '/api/reports/schedules/': { body: { items: [] } } });
    renderPageSignedIn(ReportSchedules, '/reporting/');
    expect(await screen.findByTestId('report-schedules-empty')).toHaveTextContent('No report is sent by email yet');
    expect(screen.getByRole('button', { name: 'Schedule a report' })).toBeEnabled();
  });

  it("shows a managed-service provider's clients side by side", async () => {
    stubApi(admin, {
      '/api/reports/clients/': {
        body: { items: [{ id: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e30', name: 'Bluefin Health', score: 8.2, lower: 6.9, upper: 9.5, people: 181, change: -0.8, sent: 180, failed: 20, reported: 60, overdueTraining: 9 }] },
      },
    });
    renderPageSignedIn(ClientsSummary, '/reporting/');
    expect((await screen.findAllByTestId('client-row')).map((row) => row.textContent)).toEqual(['Bluefin Health8 (7–10)-0.818111%33%9']);
  });
});
