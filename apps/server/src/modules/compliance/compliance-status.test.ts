import { describe, expect, it } from 'vitest';
import { type ComplianceClock, type PersonComplianceFacts, complianceStatusOf, periodStartOf } from './compliance-status.ts';

const clock: ComplianceClock = { today: '2026-11-23', periodStart: '2025-11-23', newHireWindowDays: 30 };
const facts = (overrides: Partial<PersonComplianceFacts>): PersonComplianceFacts => ({ required: 3, passed: 0, open: 0, pastDue: 0, startDate: '2019-04-01', ...overrides });

describe('complianceStatusOf', () => {
  it.each([
    ['every required module passed in the period', facts({ passed: 3 }), 'compliant'],
    ['passed all, with a new yearly round already open', facts({ passed: 3, open: 0 }), 'compliant'],
    ['one open assignment past due', facts({ passed: 2, open: 1, pastDue: 1 }), 'overdue'],
    ['past due beats a missing module', facts({ passed: 0, open: 1, pastDue: 1 }), 'overdue'],
    ['a module neither passed nor assigned', facts({ passed: 2 }), 'missing'],
    ['nothing at all', facts({}), 'missing'],
    ['some open, one unassigned', facts({ passed: 1, open: 1 }), 'missing'],
    ['everything not passed is assigned and not yet due', facts({ passed: 1, open: 2 }), 'in_progress'],
    ['everything assigned, nothing passed yet', facts({ open: 3 }), 'in_progress'],
    ['a new hire inside the window, assigned', facts({ open: 3, startDate: '2026-11-01' }), 'in_progress'],
    ['a new hire inside the window, not yet assigned', facts({ startDate: '2026-11-20' }), 'missing'],
    ['a new hire past the window with nothing passed, though not yet due', facts({ open: 3, startDate: '2026-10-01' }), 'overdue'],
    ['the window ends on its 30th day (still inside)', facts({ open: 3, startDate: '2026-10-24' }), 'in_progress'],
    ['the day after the window', facts({ open: 3, startDate: '2026-10-23' }), 'overdue'],
    ['a new hire past the window who passed one module is judged by the assignments', facts({ passed: 1, open: 2, startDate: '2026-10-01' }), 'in_progress'],
    ['someone who started before the period is not a new hire', facts({ open: 3, startDate: '2025-01-10' }), 'in_progress'],
    ['an unknown start date is not a new hire', facts({ open: 3, startDate: null }), 'in_progress'],
  ] as const)('%s → %s', (_, input, expected) => {
    expect(complianceStatusOf(input, clock)).toBe(expected);
  });
});

describe('periodStartOf', () => {
  it.each([
    ['2026-11-23T10:00:00Z', 12, '2025-11-23'],
    ['2028-02-29T10:00:00Z', 12, '2027-02-28'],
    ['2026-03-31T00:00:00Z', 3, '2025-12-31'],
    ['2026-05-31T00:00:00Z', 3, '2026-02-28'],
  ])('%s, %i months back → %s', (now, months, expected) => {
    expect(periodStartOf(new Date(now), months).toISOString().slice(0, 10)).toBe(expected);
  });
});
