import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, dueAtFor, inNewHireWindow, localDateOf, nextPeriodAfter, periodOn, periodsStartingBetween, zonedMidnight } from './cadence-periods.ts';

describe('periodOn', () => {
  it.each([
    // cadence, anchor, day, expected
    ['annual', '2026-03-15', '2026-03-14', null],
    ['annual', '2026-03-15', '2026-03-15', { key: '2026', start: '2026-03-15' }],
    ['annual', '2026-03-15', '2026-12-31', { key: '2026', start: '2026-03-15' }],
    ['annual', '2026-03-15', '2027-03-14', { key: '2026', start: '2026-03-15' }],
    ['annual', '2026-03-15', '2027-03-15', { key: '2027', start: '2027-03-15' }],
    ['annual', '2024-02-29', '2025-02-28', { key: '2025', start: '2025-02-28' }],
    ['annual', '2024-02-29', '2025-02-27', { key: '2024', start: '2024-02-29' }],
    ['annual', '2024-02-29', '2028-02-29', { key: '2028', start: '2028-02-29' }],
    ['quarterly', '2026-11-23', '2026-11-22', null],
    ['quarterly', '2026-11-23', '2026-11-23', { key: '2026-Q4', start: '2026-11-23' }],
    ['quarterly', '2026-11-23', '2026-12-31', { key: '2026-Q4', start: '2026-11-23' }],
    ['quarterly', '2026-11-23', '2027-01-01', { key: '2027-Q1', start: '2027-01-01' }],
    ['quarterly', '2026-01-01', '2026-06-30', { key: '2026-Q2', start: '2026-04-01' }],
    ['quarterly', '2026-01-01', '2026-07-01', { key: '2026-Q3', start: '2026-07-01' }],
  ] as const)('%s from %s on %s', (cadence, anchor, day, expected) => {
    expect(periodOn(cadence, anchor, day)).toEqual(expected);
  });
});

describe('nextPeriodAfter', () => {
  it.each([
    ['annual', '2026-03-15', '2026-01-01', { key: '2026', start: '2026-03-15' }],
    ['annual', '2026-03-15', '2026-03-15', { key: '2027', start: '2027-03-15' }],
    ['annual', '2024-02-29', '2024-03-01', { key: '2025', start: '2025-02-28' }],
    ['quarterly', '2026-11-23', '2026-11-01', { key: '2026-Q4', start: '2026-11-23' }],
    ['quarterly', '2026-11-23', '2026-11-23', { key: '2027-Q1', start: '2027-01-01' }],
    ['quarterly', '2026-01-01', '2026-05-05', { key: '2026-Q3', start: '2026-07-01' }],
  ] as const)('%s from %s after %s', (cadence, anchor, day, expected) => {
    expect(nextPeriodAfter(cadence, anchor, day)).toEqual(expected);
  });
});

describe('periodsStartingBetween', () => {
  it('lists the quarters starting in a range, the anchor first', () => {
    expect(periodsStartingBetween('quarterly', '2026-11-23', '2026-11-01', '2027-07-01').map((period) => period.key)).toEqual(['2026-Q4', '2027-Q1', '2027-Q2', '2027-Q3']);
  });
  it('includes a period starting on the first day and leaves out the one started before it', () => {
    expect(periodsStartingBetween('annual', '2026-03-15', '2027-03-15', '2028-03-14')).toEqual([{ key: '2027', start: '2027-03-15' }]);
    expect(periodsStartingBetween('annual', '2026-03-15', '2027-03-16', '2028-03-14')).toEqual([]);
  });
});

describe('calendar days', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-28', 2, '2026-03-30'],
  ] as const)('%s plus %i days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
    expect(daysBetween(day, expected)).toBe(days);
  });
});

describe('zonedMidnight: a period starts at midnight in the organisation’s time zone', () => {
  it.each([
    ['2026-11-23', 'UTC', '2026-11-23T00:00:00.000Z'],
    ['2026-11-23', 'Europe/Paris', '2026-11-22T23:00:00.000Z'],
    ['2026-07-01', 'Europe/Paris', '2026-06-30T22:00:00.000Z'],
    ['2026-01-01', 'America/New_York', '2026-01-01T05:00:00.000Z'],
    ['2026-01-01', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
    ['2026-01-01', 'Pacific/Kiritimati', '2025-12-31T10:00:00.000Z'],
    // The days clocks change: still that day's midnight.
    ['2026-03-29', 'Europe/Paris', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', 'Europe/Paris', '2026-10-24T22:00:00.000Z'],
    // Midnight does not exist in Santiago on the day clocks spring forward: the day starts at 01:00.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ] as const)('%s in %s starts at %s', (day, timeZone, instant) => {
    const midnight = zonedMidnight(day, timeZone);
    expect(midnight.toISOString()).toBe(instant);
    expect(localDateOf(midnight, timeZone)).toBe(day);
    expect(localDateOf(new Date(midnight.getTime() - 1), timeZone)).toBe(addDays(day, -1));
  });

  it('names the day in the zone, not the server’s', () => {
    expect(localDateOf(new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin')).toBe('2027-01-01');
    expect(localDateOf(new Date('2027-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-12-31');
  });
});

describe('due dates and the new-hire window', () => {
  it('is due the given days after the period starts, at that midnight', () => {
    expect(dueAtFor('2027-01-01', 30, 'Europe/Paris', new Date('2027-01-01T09:00:00Z')).toISOString()).toBe('2027-01-30T23:00:00.000Z');
  });
  it('leaves a day at least when the period started long ago', () => {
    expect(dueAtFor('2026-01-01', 7, 'UTC', new Date('2026-03-01T12:00:00Z')).toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });
  it.each([
    ['2026-11-24', '2026-11-23', 30, false],
    ['2026-11-23', '2026-11-23', 30, true],
    ['2026-10-24', '2026-11-23', 30, true],
    ['2026-10-23', '2026-11-23', 30, false],
    ['2026-11-16', '2026-11-23', 7, true],
    ['2026-11-15', '2026-11-23', 7, false],
  ] as const)('start %s on %s within %i days: %s', (start, today, window, expected) => {
    expect(inNewHireWindow(start, today, window)).toBe(expected);
  });
});
