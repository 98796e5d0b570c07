import { describe, expect, it } from 'vitest';
import { businessIntervals, createScheduler, seededRandom, sendTimeFor, shuffle, zonedTimeToInstant } from './send-schedule.ts';

const local = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

describe('zonedTimeToInstant', () => {
  it.each([
    [2026, 1, 15, 9, 'Europe/London', '2026-01-15T09:00:00.000Z'],
    [2026, 7, 15, 9, 'Europe/London', '2026-07-15T08:00:00.000Z'],
    [2026, 7, 15, 9, 'America/New_York', '2026-07-15T13:00:00.000Z'],
    [2026, 7, 15, 9, 'Asia/Kolkata', '2026-07-15T03:30:00.000Z'],
    // The Monday after clocks went forward in the US (8 March 2026) and in Europe (29 March 2026).
    [2026, 3, 9, 9, 'America/Chicago', '2026-03-09T14:00:00.000Z'],
    [2026, 3, 30, 9, 'Europe/Berlin', '2026-03-30T07:00:00.000Z'],
  ] as const)('%i-%i-%i %i:00 in %s is %s', (year, month, day, hour, zone, expected) => {
    expect(zonedTimeToInstant(year, month, day, hour, zone).toISOString()).toBe(expected);
  });
});

describe('businessIntervals', () => {
  it('lists working hours, Monday to Friday, in the zone, clipped to the window', () => {
    // Friday 2026-11-20 12:00 UTC to Tuesday 2026-11-24 12:00 UTC, for London (UTC in November).
    const intervals = businessIntervals(new Date('2026-11-20T12:00:00Z'), new Date('2026-11-24T12:00:00Z'), 'Europe/London');
    expect(intervals.map(([s, e]) => [s.toISOString(), e.toISOString()])).toEqual([
      ['2026-11-20T12:00:00.000Z', '2026-11-20T17:00:00.000Z'],
      ['2026-11-23T09:00:00.000Z', '2026-11-23T17:00:00.000Z'],
      ['2026-11-24T09:00:00.000Z', '2026-11-24T12:00:00.000Z'],
    ]);
  });
});

describe('sendTimeFor', () => {
  const startAt = new Date('2026-11-20T12:00:00Z'); // a Friday

  it('spreads sends uniformly over the window without business hours', () => {
    const options = { startAt, spreadMinutes: 600, businessHoursOnly: false };
    expect(sendTimeFor(options, 'UTC', 0).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(sendTimeFor(options, 'UTC', 0.5).toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(sendTimeFor(options, 'UTC', 0.999999).getTime()).toBeLessThan(startAt.getTime() + 600 * 60_000);
  });

  it('keeps every send inside the recipient’s own working hours, whatever their zone', () => {
    const options = { startAt, spreadMinutes: 4 * 24 * 60, businessHoursOnly: true };
    const random = seededRandom(7);
    for (const zone of ['Europe/London', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Sydney', 'Pacific/Kiritimati']) {
      for (let i = 0; i < 200; i += 1) {
        const at = sendTimeFor(options, zone, random());
        const shown = local(at, zone);
        expect(['Sat', 'Sun'].some((day) => shown.startsWith(day)), `${zone} ${shown}`).toBe(false);
        const hour = Number(shown.slice(-5, -3));
        expect(hour >= 9 && hour < 17, `${zone} ${shown}`).toBe(true);
        expect(at.getTime()).toBeGreaterThanOrEqual(startAt.getTime());
        expect(at.getTime()).toBeLessThan(startAt.getTime() + 4 * 24 * 60 * 60_000);
      }
    }
  });

  it('sends at the next working morning when the window holds no working hours', () => {
    const saturdayEvening = { startAt: new Date('2026-11-21T18:00:00Z'), spreadMinutes: 120, businessHoursOnly: true };
    const at = sendTimeFor(saturdayEvening, 'Europe/Paris', 0.5);
    expect(at.toISOString()).toBe('2026-11-23T08:30:00.000Z');
  });
});

describe('seededRandom and shuffle', () => {
  it('repeat for the same seed and keep every item', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(shuffle(items, seededRandom(1))).toEqual(shuffle(items, seededRandom(1)));
    expect(shuffle(items, seededRandom(1))).not.toEqual(items);
    expect([...shuffle(items, seededRandom(2))].sort((a, b) => a - b)).toEqual(items);
  });
});

describe('createScheduler', () => {
  it('schedules 100,000 recipients across a 30-day window, each in their own zone’s working hours', () => {
    const schedule = createScheduler({ startAt: new Date('2026-11-02T08:00:00Z'), spreadMinutes: 30 * 24 * 60, businessHoursOnly: true });
    const zones = ['Europe/London', 'America/Chicago', 'Asia/Kolkata', 'America/Los_Angeles'];
    const random = seededRandom(11);
    const times = Array.from({ length: 100_000 }, (_, i) => schedule(zones[i % zones.length]!, random()));
    // Every time is a working hour in its zone (a sample of them checked the slow way).
    for (let i = 0; i < 400; i += 1) {
      const shown = local(times[i]!, zones[i % zones.length]!);
      const hour = Number(shown.slice(-5, -3));
      expect(['Sat', 'Sun'].some((day) => shown.startsWith(day)) || hour < 9 || hour >= 17, shown).toBe(false);
    }
  });
});
