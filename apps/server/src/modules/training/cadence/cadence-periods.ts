import type { TrainingCadence } from '@vigil/contracts';

// Period arithmetic for cadence rules, pure and in calendar days (YYYY-MM-DD) of the organisation's
// time zone: a period starts at midnight there, whatever the server's own zone.

/** One period of a rule: its key on the assignments ('2026', '2026-Q4', 'hire') and its first day. */
export type CadencePeriod = Readonly<{ key: string; start: string }>;

const dayMs = 24 * 60 * 60 * 1000;

const parts = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const format = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The calendar day `days` after (or before) a day. */
export const addDays = (date: string, days: number) => {
  const { year, month, day } = parts(date);
  return new Date(Date.UTC(year, month - 1, day) + days * dayMs).toISOString().slice(0, 10);
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => {
  const a = parts(from);
  const b = parts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / dayMs);
};

/** The calendar day an instant falls on in a time zone. */
export const localDateOf = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** How far a time zone's wall clock is ahead of UTC at an instant, in milliseconds. */
const offsetAt = (instant: Date, timeZone: string) => {
  const wall = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    .formatToParts(instant)
    .reduce<Record<string, number>>((all, part) => (part.type === 'literal' ? all : { ...all, [part.type]: Number(part.value) }), {});
  return Date.UTC(wall.year!, wall.month! - 1, wall.day!, wall.hour!, wall.minute!, wall.second!) - (instant.getTime() - instant.getUTCMilliseconds());
};

/**
 * The instant a calendar day starts in a time zone: its midnight, or the first moment after it on
 * the rare day a clock change skips midnight.
 */
export const zonedMidnight = (date: string, timeZone: string) => {
  const { year, month, day } = parts(date);
  const wallMidnight = Date.UTC(year, month - 1, day);
  let instant = wallMidnight - offsetAt(new Date(wallMidnight), timeZone);
  // The offset at the guess may differ from the offset at the answer (a change that day): once more.
  instant = wallMidnight - offsetAt(new Date(instant), timeZone);
  return new Date(localDateOf(new Date(instant), timeZone) === date ? instant : instant + 60 * 60 * 1000);
};

/** The anchor's day in a year; 29 February falls on the 28th in other years. */
const anniversary = (anchor: string, year: number) => {
  const { month, day } = parts(anchor);
  return format(year, month, Math.min(day, daysInMonth(year, month)));
};

const quarterOf = (date: string) => Math.floor((parts(date).month - 1) / 3) + 1;
const quarterStart = (year: number, quarter: number) => format(year, (quarter - 1) * 3 + 1, 1);

/**
 * The period of an annual or quarterly rule that a day falls in, with the day it started; none
 * before the anchor date (the rule's first day). Annual periods run from the anchor's day to its day
 * a year later, keyed by the year they start in; quarterly periods are calendar quarters, the first
 * starting on the anchor date itself.
 */
export const periodOn = (cadence: Exclude<TrainingCadence, 'on_hire'>, anchor: string, date: string): CadencePeriod | null => {
  if (date < anchor) return null;
  const { year } = parts(date);
  if (cadence === 'annual') {
    const thisYear = anniversary(anchor, year);
    return date >= thisYear ? { key: String(year), start: thisYear } : { key: String(year - 1), start: anniversary(anchor, year - 1) };
  }
  const quarter = quarterOf(date);
  const start = quarterStart(year, quarter);
  return { key: `${year}-Q${quarter}`, start: start < anchor ? anchor : start };
};

/** The first period of a rule that starts after a day (the anchor's period when the day is before it). */
export const nextPeriodAfter = (cadence: Exclude<TrainingCadence, 'on_hire'>, anchor: string, date: string): CadencePeriod => {
  const current = periodOn(cadence, anchor, date);
  if (!current) return periodOn(cadence, anchor, anchor)!;
  const { year } = parts(current.start);
  if (cadence === 'annual') return { key: String(year + 1), start: anniversary(anchor, year + 1) };
  const quarter = quarterOf(current.start);
  return quarter === 4 ? { key: `${year + 1}-Q1`, start: quarterStart(year + 1, 1) } : { key: `${year}-Q${quarter + 1}`, start: quarterStart(year, quarter + 1) };
};

/** Every period of a rule starting between two days, both included, in order. */
export const periodsStartingBetween = (cadence: Exclude<TrainingCadence, 'on_hire'>, anchor: string, from: string, to: string): CadencePeriod[] => {
  const periods: CadencePeriod[] = [];
  const first = periodOn(cadence, anchor, from);
  let period = first && first.start === from ? first : nextPeriodAfter(cadence, anchor, from);
  while (period.start <= to) {
    periods.push(period);
    period = nextPeriodAfter(cadence, anchor, period.start);
  }
  return periods;
};

/**
 * When a new hire's assignment is due: `dueInDays` after their start date, but never sooner than a
 * day after it is made (a start date found late in the window still leaves time to learn).
 */
export const dueAtFor = (periodStart: string, dueInDays: number, timeZone: string, assignedAt: Date) => {
  const due = zonedMidnight(addDays(periodStart, dueInDays), timeZone);
  return due.getTime() > assignedAt.getTime() + dayMs ? due : new Date(assignedAt.getTime() + dayMs);
};

/**
 * Whether a new hire's start date makes them due for an on-hire rule today: it has come, and it is
 * at most `windowDays` days past.
 */
export const inNewHireWindow = (startDate: string, today: string, windowDays: number) => startDate <= today && daysBetween(startDate, today) <= windowDays;
