import { describe, expect, it } from 'vitest';

import { dayAfterKey, isoWeekOf, lastDayOf, monthWeeks, shiftMonth } from './schedule-calendar';

describe('monthWeeks', () => {
  it('lays November 2026 out Monday first, from 26 October to 6 December', () => {
    const weeks = monthWeeks('2026-11-23');
    expect(weeks.map((week) => week.number)).toEqual([44, 45, 46, 47, 48, 49]);
    expect(weeks[0]!.days[0]).toEqual({ day: '2026-10-26', inMonth: false });
    expect(weeks[0]!.days[6]).toEqual({ day: '2026-11-01', inMonth: true });
    expect(weeks.at(-1)!.days.at(-1)).toEqual({ day: '2026-12-06', inMonth: false });
  });

  it('gives February 2027, which starts on a Monday, four weeks', () => {
    expect(monthWeeks('2027-02-01')).toHaveLength(4);
  });
});

describe('week numbers and months', () => {
  it.each([
    ['2026-01-01', 1],
    ['2027-01-01', 53],
    ['2027-01-04', 1],
    ['2026-12-31', 53],
    ['2024-12-30', 1],
  ])('%s is in ISO week %i', (day, week) => {
    expect(isoWeekOf(day)).toBe(week);
  });

  it('moves between months and knows their last day', () => {
    expect(shiftMonth('2026-12-15', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01');
    expect(lastDayOf('2028-02-01')).toBe('2028-02-29');
  });
});

describe('dayAfterKey', () => {
  it.each([
    ['ArrowLeft', '2026-11-30'],
    ['ArrowRight', '2026-12-02'],
    ['ArrowUp', '2026-11-24'],
    ['ArrowDown', '2026-12-08'],
    ['Home', '2026-11-30'],
    ['End', '2026-12-06'],
    ['PageUp', '2026-11-01'],
    ['PageDown', '2027-01-01'],
    ['Tab', undefined],
  ])('%s from Tuesday 1 December 2026 goes to %s', (key, day) => {
    expect(dayAfterKey('2026-12-01', key)).toBe(day);
  });

  it('keeps the day of the month when it can, else the month’s last', () => {
    expect(dayAfterKey('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(dayAfterKey('2027-03-31', 'PageUp')).toBe('2027-02-28');
  });
});
