import { describe, expect, it } from 'vitest';
import { localParts } from '../campaigns/send-schedule.ts';
import { firstProgrammeRun, nextPeriod, nextProgrammeRun } from './programme-schedule.ts';

const randoms = [0, 0.01, 0.25, 0.5, 0.75, 0.999_999];
const isWorkingTime = (instant: Date, timeZone: string) => {
  const local = localParts(instant, timeZone);
  return !['Sat', 'Sun'].includes(local.weekday) && local.hour >= 9 && local.hour < 17;
};
const localDate = (instant: Date, timeZone: string) => {
  const { year, month, day } = localParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

describe('next programme run', () => {
  it('weekly: a weekday of the next Monday-to-Sunday week, in working hours of the organisation’s zone', () => {
    // Wednesday 2026-03-18, 15:00 in Tokyo.
    const now = new Date('2026-03-18T06:00:00Z');
    for (const random of randoms) {
      const run = nextProgrammeRun('weekly', 'Asia/Tokyo', now, random);
      expect(isWorkingTime(run, 'Asia/Tokyo')).toBe(true);
      expect(localDate(run, 'Asia/Tokyo') >= '2026-03-23').toBe(true);
      expect(localDate(run, 'Asia/Tokyo') <= '2026-03-27').toBe(true);
    }
    expect(localDate(nextProgrammeRun('weekly', 'Asia/Tokyo', now, 0), 'Asia/Tokyo')).toBe('2026-03-23');
    expect(localParts(nextProgrammeRun('weekly', 'Asia/Tokyo', now, 0), 'Asia/Tokyo').hour).toBe(9);
    expect(localDate(nextProgrammeRun('weekly', 'Asia/Tokyo', now, 0.999_999), 'Asia/Tokyo')).toBe('2026-03-27');
  });

  it('weekly from a Sunday evening: the week that starts the next day, not the same one again', () => {
    const sunday = new Date('2026-03-22T21:00:00Z'); // Sunday 21:00 in London
    const run = nextProgrammeRun('weekly', 'Europe/London', sunday, 0);
    expect(localDate(run, 'Europe/London')).toBe('2026-03-23');
  });

  it('monthly: a weekday of the next calendar month, across a year end and a daylight-saving change', () => {
    for (const random of randoms) {
      const december = nextProgrammeRun('monthly', 'America/New_York', new Date('2025-12-31T23:30:00Z'), random); // still 31 Dec in New York
      expect(localDate(december, 'America/New_York').startsWith('2026-01-')).toBe(true);
      expect(isWorkingTime(december, 'America/New_York')).toBe(true);
      const march = nextProgrammeRun('monthly', 'Europe/Berlin', new Date('2026-02-10T12:00:00Z'), random);
      expect(localDate(march, 'Europe/Berlin').startsWith('2026-03-')).toBe(true);
      expect(isWorkingTime(march, 'Europe/Berlin')).toBe(true);
    }
    // 1 March 2026 is a Sunday: the earliest run is Monday the 2nd at 09:00.
    expect(localDate(nextProgrammeRun('monthly', 'Europe/Berlin', new Date('2026-02-10T12:00:00Z'), 0), 'Europe/Berlin')).toBe('2026-03-02');
  });

  it('quarterly: a weekday of the next calendar quarter', () => {
    for (const random of randoms) {
      const run = nextProgrammeRun('quarterly', 'UTC', new Date('2026-05-20T10:00:00Z'), random);
      expect(localDate(run, 'UTC') >= '2026-07-01' && localDate(run, 'UTC') <= '2026-09-30').toBe(true);
      expect(isWorkingTime(run, 'UTC')).toBe(true);
    }
    const [start, end] = nextPeriod('quarterly', 'UTC', new Date('2026-11-02T00:00:00Z'));
    expect([start.toISOString(), end.toISOString()]).toEqual(['2027-01-01T00:00:00.000Z', '2027-04-01T00:00:00.000Z']);
  });

  it('spreads runs over the period: different random numbers land on different days', () => {
    const days = new Set(randoms.map((random) => localDate(nextProgrammeRun('monthly', 'UTC', new Date('2026-04-15T00:00:00Z'), random), 'UTC')));
    expect(days.size).toBeGreaterThan(3);
  });
});

describe('first programme run', () => {
  it('falls in what is left of the current period, after now', () => {
    const now = new Date('2026-03-16T08:00:00Z'); // Monday 08:00 UTC
    for (const random of randoms) {
      const run = firstProgrammeRun('weekly', 'UTC', now, random);
      expect(run.getTime()).toBeGreaterThan(now.getTime());
      expect(localDate(run, 'UTC') <= '2026-03-20').toBe(true);
      expect(isWorkingTime(run, 'UTC')).toBe(true);
    }
  });

  it('moves to the next period when the current one has no working hours left', () => {
    const fridayEvening = new Date('2026-03-20T18:00:00Z');
    expect(localDate(firstProgrammeRun('weekly', 'UTC', fridayEvening, 0), 'UTC')).toBe('2026-03-23');
  });
});
