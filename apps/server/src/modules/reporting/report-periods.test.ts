import { describe, expect, it } from 'vitest';
import { reportPeriodOf } from './report-periods.ts';

describe('report periods', () => {
  it.each([
    ['2026-11-23T08:00:00Z', 'weekly', '2026-W48'],
    ['2026-11-29T23:59:59Z', 'weekly', '2026-W48'],
    ['2026-11-30T00:00:00Z', 'weekly', '2026-W49'],
    // ISO weeks cross years: 1 January 2027 is a Friday, still in 2026's last week.
    ['2027-01-01T12:00:00Z', 'weekly', '2026-W53'],
    ['2027-01-04T12:00:00Z', 'weekly', '2027-W01'],
    ['2024-12-30T12:00:00Z', 'weekly', '2025-W01'],
    ['2026-11-30T23:00:00Z', 'monthly', '2026-11'],
    ['2026-12-01T00:00:00Z', 'monthly', '2026-12'],
  ] as const)('%s, %s → %s', (at, frequency, period) => {
    expect(reportPeriodOf(frequency, new Date(at))).toBe(period);
  });
});
