import { screen, within } from '@testing-library/react';
import type { InitialTestingBaseline } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildPersonalRecord } from '../../../testing/builders';
import { renderSignedIn, stubApi } from '../../../testing/signed-in';
import { InitialTestingInsights } from './initial-testing-insights';

const admin = buildPersonalRecord({ role: 'Admin' });
const routes = [{ path: '/insights/initial-testing/', Component: InitialTestingInsights }];
const rates = (recipients: number, delivered: number, failed: number, reported: number) => ({
  recipients,
  delivered,
  failed,
  reported,
  failureRate: delivered ? failed / delivered : null,
  reportRate: delivered ? reported / delivered : null,
});

const running: InitialTestingBaseline = {
  state: 'running',
  campaignId: '0f1e2d3c-4b5a-4697-8877-665544332211',
  startAt: '2026-03-02T00:00:00.000Z',
  endsAt: '2026-03-16T00:00:00.000Z',
  completedAt: null,
  progress: 0.75,
  overall: rates(40, 30, 9, 6),
  byDepartment: [
    { departmentId: '11111111-2222-4333-8444-555555555555', name: 'Finance', ...rates(24, 20, 8, 2) },
    { departmentId: null, name: null, ...rates(16, 10, 1, 4) },
  ],
  byDifficulty: [1, 2, 3, 4, 5].map((difficulty) => ({ difficulty, ...rates(8, 6, difficulty === 5 ? 4 : 1, 1) })).map((row, index) => (index === 4 ? { ...row, failed: 5, failureRate: 5 / 6 } : row)),
  today: { since: '2026-08-28T12:00:00.000Z', overall: rates(0, 0, 0, 0), byDepartment: [] },
};

describe('InitialTestingInsights', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows progress, the overall rates, and each chart’s numbers in a table', async () => {
    stubApi(admin, { '/api/insights/initial-testing/': { body: running } });
    renderSignedIn(routes, '/insights/initial-testing/');

    expect(await screen.findByText('Initial testing is running until about March 16, 2026: the results below are so far.')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Emails sent' })).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByTestId('stat-recipients')).toHaveTextContent('People tested40');
    expect(screen.getByTestId('stat-failure-rate')).toHaveTextContent('Failure rate30%');
    expect(screen.getByTestId('stat-report-rate')).toHaveTextContent('Report rate20%');

    expect(screen.getByRole('figure', { name: 'Failure and report rates by difficulty level' })).toBeInTheDocument();
    const difficulty = screen.getByTestId('initial-testing-difficulty-table');
    expect(within(difficulty).getAllByRole('row')).toHaveLength(6);
    expect(within(difficulty).getByRole('row', { name: /Level 5/ })).toHaveTextContent(/^Level 586583.3%116.7%$/);

    expect(screen.getByRole('figure', { name: 'Failure and report rates by department' })).toBeInTheDocument();
    const departments = screen.getByTestId('initial-testing-departments-table');
    expect(within(departments).getByRole('row', { name: /Finance/ })).toHaveTextContent(/^Finance2420840%210%$/);
    expect(within(departments).getByRole('row', { name: /No department/ })).toHaveTextContent(/^No department1610110%440%$/);
  });

  it('says when initial testing was completed', async () => {
    stubApi(admin, { '/api/insights/initial-testing/': { body: { ...running, state: 'completed', progress: 1, completedAt: '2026-03-16T15:00:00.000Z' } } });
    renderSignedIn(routes, '/insights/initial-testing/');
    expect(await screen.findByText('Initial testing was completed on March 16, 2026.')).toBeVisible();
  });

  it('compares the completed baseline with the last 90 days, overall and by department, once later simulations are sent', async () => {
    const today = {
      since: '2026-08-28T12:00:00.000Z',
      overall: rates(50, 50, 5, 20),
      byDepartment: [
        { departmentId: '11111111-2222-4333-8444-555555555555', name: 'Finance', ...rates(30, 30, 4, 9) },
        { departmentId: '99999999-2222-4333-8444-555555555555', name: 'Legal', ...rates(20, 20, 1, 11) },
      ],
    };
    stubApi(admin, { '/api/insights/initial-testing/': { body: { ...running, state: 'completed', progress: 1, completedAt: '2026-03-16T15:00:00.000Z', today } } });
    renderSignedIn(routes, '/insights/initial-testing/');

    const table = await screen.findByTestId('initial-testing-compare-table');
    expect(screen.getByTestId('initial-testing-compare')).toHaveTextContent('every other simulation sent since August 28, 2026');
    expect(screen.getByRole('figure', { name: /at the baseline and over the last 90 days/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Everyone/ })).toHaveTextContent(/^Everyone30%10%-20 pts20%40%$/);
    expect(within(table).getByRole('row', { name: /Finance/ })).toHaveTextContent(/^Finance40%13.3%-26.7 pts10%30%$/);
    // A department the baseline did not reach shows no change, only today's rates.
    expect(within(table).getByRole('row', { name: /Legal/ })).toHaveTextContent(/^Legal–5%––55%$/);
  });

  it('says the comparison waits for later simulations', async () => {
    stubApi(admin, { '/api/insights/initial-testing/': { body: running } });
    renderSignedIn(routes, '/insights/initial-testing/');
    expect(await screen.findByText(/No other simulation has been sent in the last 90 days/)).toBeVisible();
  });

  it('explains the baseline and links to the launch before initial testing starts', async () => {
    const empty = rates(0, 0, 0, 0);
    stubApi(admin, { '/api/insights/initial-testing/': { body: { ...running, state: 'not-started', campaignId: null, startAt: null, endsAt: null, progress: 0, overall: empty, byDepartment: [], byDifficulty: [] } } });
    renderSignedIn(routes, '/insights/initial-testing/');
    expect(await screen.findByTestId('initial-testing-not-started')).toHaveTextContent('Initial testing has not been launched yet.');
    expect(screen.getByRole('link', { name: 'Launch initial testing' })).toHaveAttribute('href', '/onboarding/launch-initial-testing/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
