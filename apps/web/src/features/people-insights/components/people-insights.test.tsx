import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderPageSignedIn, stubApi } from '../../../testing/signed-in';
import { PeopleRiskList } from './people-risk-list';
import { PersonRiskPage } from './person-risk-page';

const manager = buildPersonalRecord({ role: 'Manager' });
const finance = { id: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e01', name: 'Finance' };
const person = (id: string, firstName: string, score: number, band: string, topFactors: string[]) => ({
  id,
  firstName,
  lastName: 'Okafor',
  email: `${firstName.toLowerCase()}.okafor@northwind.example`,
  jobTitle: 'Accounts Payable Clerk',
  department: finance,
  manager: { id: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e09', name: 'Maya Lindqvist' },
  score,
  band,
  topFactors,
  computedAt: '2026-11-20T08:00:00.000Z',
});
const ada = person('5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e02', 'Ada', 62.4, 'high', ['simulation_submit', 'repeat_failure']);
const ben = person('5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e03', 'Ben', 0, 'low', []);

describe('people insights', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the people riskiest first with their main causes, each linking to their page', async () => {
    stubApi(manager, { '/api/insights/people/?view=reporting-line&limit=50': { body: { items: [ada, ben], nextCursor: null } } });
    renderPageSignedIn(() => <PeopleRiskList scope={{ view: 'reporting-line' }} title="Everyone in your reporting line" intro="Riskiest first." emptyText="No one yet." />, '/insights/your-reports/');

    const rows = await screen.findAllByTestId('people-risk-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ada Okafor' + 'ada.okafor@northwind.example' + 'Finance' + 'Accounts Payable Clerk' + 'Maya Lindqvist' + '62High' + "Entered details on a simulated attack's page; Fell for more than one simulated attack within 90 days",
      'Ben Okafor' + 'ben.okafor@northwind.example' + 'Finance' + 'Accounts Payable Clerk' + 'Maya Lindqvist' + '0Low' + 'Nothing counts against them',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Okafor' })).toHaveAttribute('href', `/insights/users/?person=${ada.id}`);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says what to do when the line is empty', async () => {
    stubApi(manager, { '/api/insights/people/?view=reporting-line&limit=50': { body: { items: [], nextCursor: null } } });
    renderPageSignedIn(() => <PeopleRiskList scope={{ view: 'reporting-line' }} title="Everyone in your reporting line" intro="Riskiest first." emptyText="No one is in your reporting line yet." />, '/insights/your-reports/');
    expect(await screen.findByTestId('people-risk-empty')).toHaveTextContent('No one is in your reporting line yet.');
  });

  it("shows a person's score with its breakdown, what they did with each lure and their lessons", async () => {
    stubApi(manager, {
      [`/api/insights/people/${ada.id}/`]: {
        body: {
          person: ada,
          breakdown: {
            score: 62.4,
            baseScore: 62.4,
            blastRadius: { multiplier: 1, reasons: [], points: 0 },
            factors: [
              { factor: 'simulation_submit', points: 40.1, count: 2, lastAt: '2026-10-08T10:00:00.000Z' },
              { factor: 'repeat_failure', points: 22.3, count: 1, lastAt: '2026-10-08T10:00:00.000Z' },
            ],
          },
          simulations: [
            { campaignId: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e10', campaignName: 'Monthly simulation 6 of 6', templateName: 'Password expiry', difficulty: 3, state: 'sent', sentAt: '2026-10-06T09:12:00.000Z', events: [{ type: 'opened', at: '2026-10-06T09:30:00.000Z' }, { type: 'clicked', at: '2026-10-06T09:31:00.000Z' }, { type: 'submitted', at: '2026-10-06T09:32:00.000Z' }] },
            { campaignId: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e11', campaignName: 'Monthly simulation 3 of 6', templateName: 'Parcel locker', difficulty: 2, state: 'sent', sentAt: '2026-07-07T09:12:00.000Z', events: [{ type: 'reported', at: '2026-07-07T10:00:00.000Z' }] },
          ],
          trainings: [
            { id: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e20', moduleTitle: 'Spotting fake sign-in pages', reason: 'remedial', status: 'assigned', overdue: true, assignedAt: '2026-10-06T09:40:00.000Z', dueAt: '2026-10-13T09:40:00.000Z', completedAt: null, score: null },
          ],
        },
      },
    });
    renderPageSignedIn(() => <PersonRiskPage personId={ada.id} />, '/insights/users/');

    expect(await screen.findByTestId('person-risk-score')).toHaveTextContent('62out of 100High');
    expect(screen.getByText('Accounts Payable Clerk · Finance · Reports to Maya Lindqvist')).toBeVisible();
    expect(within(screen.getByTestId('risk-breakdown')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('+40.1 points')]));
    const simulations = within(screen.getByTestId('person-simulations')).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(simulations).toEqual(['Oct 6, 2026Monthly simulation 6 of 6Password expiryEntered details', 'Jul 7, 2026Monthly simulation 3 of 6Parcel lockerNo actionReported it']);
    expect(within(screen.getByTestId('person-trainings')).getAllByRole('row')[1]).toHaveTextContent('Spotting fake sign-in pagesAssigned after a failed simulationNot startedOverdueOct 13, 2026—');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says plainly when the person is not one the caller may see', async () => {
    stubApi(manager);
    renderPageSignedIn(() => <PersonRiskPage personId={ada.id} />, '/insights/users/');
    expect(await screen.findByText(/This person is not among the people you can see/)).toBeVisible();
  });
});
