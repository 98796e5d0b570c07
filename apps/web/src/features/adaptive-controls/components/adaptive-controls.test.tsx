import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderPageSignedIn, stubApi } from '../../../testing/signed-in';
import { AdaptiveFirings } from './adaptive-firings';
import { AdaptiveRules } from './adaptive-rules';

const admin = buildPersonalRecord({ role: 'Admin' });
const rule = {
  id: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e40',
  name: 'Two failures in a month',
  trigger: { kind: 'failures_within', count: 2, days: 30 },
  actions: { assignModuleId: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e41', notifyManager: true, requireMfa: true, sessionMaxMinutes: 60 },
  enabled: true,
  active: 3,
  createdAt: '2026-11-20T08:00:00.000Z',
};
const firing = {
  id: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e42',
  ruleId: rule.id,
  ruleName: rule.name,
  person: { id: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e43', name: 'Ada Okafor', email: 'ada.okafor@northwind.example' },
  firedAt: '2026-11-22T10:30:00.000Z',
  applied: { assignmentId: '5b7a1f7e-0c1d-4e7a-9f1b-1a2b3c4d5e44', managerNotified: true, requireMfa: true, sessionMaxMinutes: 60, score: 48.2, failures: 2 },
  liftedAt: null,
  liftedReason: null,
};

describe('adaptive controls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the rules in plain words with what each does and whom it holds', async () => {
    stubApi(admin, { '/api/adaptive-controls/rules/': { body: { items: [rule] } } });
    renderPageSignedIn(AdaptiveRules, '/adaptive-controls/');
    const [row] = await screen.findAllByTestId('adaptive-rule-row');
    expect(row).toHaveTextContent('Two failures in a month2 failed simulations within 30 daysLesson assignedEmail to managerSecond sign-in step60-minute sessions3');
    expect(within(row!).getByRole('button', { name: 'Edit the rule Two failures in a month' })).toBeEnabled();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says what a rule could do when there is none', async () => {
    stubApi(admin, { '/api/adaptive-controls/rules/': { body: { items: [] } } });
    renderPageSignedIn(AdaptiveRules, '/adaptive-controls/');
    expect(await screen.findByTestId('adaptive-rules-empty')).toHaveTextContent('two failed simulations within 30 days');
  });

  it('shows who a rule holds and lifts it by hand', async () => {
    const server = stubApi(admin, {
      '/api/adaptive-controls/firings/?status=active': { body: { items: [firing], nextCursor: null } },
      [`/api/adaptive-controls/firings/${firing.id}/lift/`]: { body: { ...firing, liftedAt: '2026-11-24T09:00:00.000Z', liftedReason: 'admin' } },
    });
    renderPageSignedIn(AdaptiveFirings, '/adaptive-controls/');
    const [row] = await screen.findAllByTestId('adaptive-firing-row');
    expect(row).toHaveTextContent('Ada Okaforada.okafor@northwind.exampleTwo failures in a monthScore 48 · 2 failed simulations');
    fireEvent.click(within(row!).getByRole('button', { name: 'Lift the rule for Ada Okafor' }));
    await waitFor(() => expect(server.mock.calls.some(([url, init]) => url === `/api/adaptive-controls/firings/${firing.id}/lift/` && init?.method === 'POST')).toBe(true));
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});
