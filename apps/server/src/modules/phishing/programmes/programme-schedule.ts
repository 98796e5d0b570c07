import type { ProgrammeCadence } from '@vigil/contracts';
import { businessIntervals, localParts, zonedTimeToInstant } from '../campaigns/send-schedule.ts';

/**
 * When a recurring programme launches its campaigns: once in each period (a calendar week from
 * Monday, a calendar month, a calendar quarter of the organisation's time zone), on a random working
 * day and hour of it (Monday to Friday, 09:00–17:00 there), so people cannot learn "the test is
 * always the first Monday at nine".
 */

const weekdayIndex: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

type CalendarDay = { year: number; month: number; day: number };

/** A calendar day moved by whole days or months (Date.UTC carries the overflow into the next month or year). */
const calendarDay = (year: number, month: number, day: number): CalendarDay => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** The first day of the period holding `today`, and the first day of the period after it. */
const periodAround = (cadence: ProgrammeCadence, today: CalendarDay & { weekday: string }): [CalendarDay, CalendarDay] => {
  if (cadence === 'weekly') {
    const monday = calendarDay(today.year, today.month, today.day - weekdayIndex[today.weekday]!);
    return [monday, calendarDay(monday.year, monday.month, monday.day + 7)];
  }
  const months = cadence === 'monthly' ? 1 : 3;
  const firstMonth = Math.floor((today.month - 1) / months) * months + 1;
  return [calendarDay(today.year, firstMonth, 1), calendarDay(today.year, firstMonth + months, 1)];
};

const midnight = (day: CalendarDay, timeZone: string) => zonedTimeToInstant(day.year, day.month, day.day, 0, timeZone);

/** A uniformly random instant of the working hours inside [from, to), or undefined when there are none. */
const randomWorkingInstant = (from: Date, to: Date, timeZone: string, random: number): Date | undefined => {
  const intervals = businessIntervals(from, to, timeZone);
  const total = intervals.reduce((sum, [start, end]) => sum + (end.getTime() - start.getTime()), 0);
  if (total === 0) return undefined;
  // Whole minutes: a launch at 10:37, not 10:37:12.481.
  let remaining = Math.floor((random * total) / 60_000) * 60_000;
  for (const [start, end] of intervals) {
    const length = end.getTime() - start.getTime();
    if (remaining < length) return new Date(start.getTime() + remaining);
    remaining -= length;
  }
  return intervals.at(-1)![0];
};

/** The period after the one holding `after`, as instants [start, end) in the time zone. */
export const nextPeriod = (cadence: ProgrammeCadence, timeZone: string, after: Date): [Date, Date] => {
  const [, next] = periodAround(cadence, localParts(after, timeZone));
  // `next` is a Monday (weekly) or a first of the month, so the period around it is the next one itself.
  const [, afterNext] = periodAround(cadence, { ...next, weekday: 'Mon' });
  return [midnight(next, timeZone), midnight(afterNext, timeZone)];
};

/**
 * The next run after a run at (or around) `after`: a random working instant of the next period.
 * @param random a number in [0, 1)
 */
export const nextProgrammeRun = (cadence: ProgrammeCadence, timeZone: string, after: Date, random: number): Date => {
  const [start, end] = nextPeriod(cadence, timeZone, after);
  // Every week, month and quarter has working hours, so this always finds one.
  return randomWorkingInstant(start, end, timeZone, random)!;
};

/**
 * The first run of a new (or newly cadenced) programme: a random working instant in what is left
 * of the current period, or in the next period when none is left.
 */
export const firstProgrammeRun = (cadence: ProgrammeCadence, timeZone: string, now: Date, random: number): Date => {
  const [, end] = periodAround(cadence, localParts(now, timeZone));
  return randomWorkingInstant(now, midnight(end, timeZone), timeZone, random) ?? nextProgrammeRun(cadence, timeZone, now, random);
};
