/**
 * When each recipient's lure goes out. A campaign starts at `startAt` and spreads its sends over
 * `spreadMinutes`, in random order, so a whole office does not get the same mail at 9:00 and warn
 * each other. With `businessHoursOnly`, each send falls in the recipient's own working hours
 * (Monday to Friday, 09:00–17:00 in their time zone).
 */
export type ScheduleOptions = Readonly<{ startAt: Date; spreadMinutes: number; businessHoursOnly: boolean }>;

export const businessHours = { startHour: 9, endHour: 17 } as const;
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** The wall-clock parts of an instant in a time zone. */
export const localParts = (instant: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), weekday: parts.weekday as string };
};

/** How far ahead of UTC a time zone's clocks are at an instant, in milliseconds. */
const offsetAt = (instant: Date, timeZone: string) => {
  const local = localParts(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return asUtc - Math.floor(instant.getTime() / minuteMs) * minuteMs;
};

/**
 * The instant a wall-clock time happens in a time zone. Around a daylight-saving change the offset
 * is read twice, so 09:00 is right on both sides of it.
 */
export const zonedTimeToInstant = (year: number, month: number, day: number, hour: number, timeZone: string): Date => {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - offsetAt(new Date(wall), timeZone);
  return new Date(wall - offsetAt(new Date(first), timeZone));
};

const weekend = new Set(['Sat', 'Sun']);

/** The working-hours intervals of a time zone that overlap [from, to), in order. */
export const businessIntervals = (from: Date, to: Date, timeZone: string): [Date, Date][] => {
  const intervals: [Date, Date][] = [];
  // Walk local calendar days from the day before `from` (a zone far ahead of UTC) to the day after `to`.
  for (let cursor = from.getTime() - dayMs; cursor <= to.getTime() + dayMs; cursor += dayMs) {
    const { year, month, day, weekday } = localParts(new Date(cursor), timeZone);
    if (weekend.has(weekday)) continue;
    const opens = zonedTimeToInstant(year, month, day, businessHours.startHour, timeZone);
    const closes = zonedTimeToInstant(year, month, day, businessHours.endHour, timeZone);
    const start = Math.max(opens.getTime(), from.getTime());
    const end = Math.min(closes.getTime(), to.getTime());
    if (start < end && !intervals.some(([s]) => s.getTime() === start)) intervals.push([new Date(start), new Date(end)]);
  }
  return intervals.sort((a, b) => a[0].getTime() - b[0].getTime());
};

/**
 * A campaign's scheduler: one recipient's send time from a random number in [0, 1), uniform over
 * the window, or over the working hours inside it in the recipient's zone. A window with no working
 * hours in a zone (a weekend evening) sends at the start of that zone's next working day, spread over
 * its first hour. The working hours of each zone are worked out once per campaign, however many of
 * its recipients live there.
 */
export const createScheduler = (options: ScheduleOptions) => {
  const windowMs = Math.max(0, options.spreadMinutes) * minuteMs;
  const end = new Date(options.startAt.getTime() + windowMs);
  const zones = new Map<string, { intervals: [Date, Date][]; total: number }>();
  const workingHoursOf = (timeZone: string) => {
    let zone = zones.get(timeZone);
    if (!zone) {
      let intervals = businessIntervals(options.startAt, end, timeZone);
      let total = intervals.reduce((sum, [s, e]) => sum + (e.getTime() - s.getTime()), 0);
      if (total === 0) {
        const [next] = businessIntervals(options.startAt, new Date(options.startAt.getTime() + 8 * dayMs), timeZone);
        intervals = [[next![0], new Date(next![0].getTime() + 60 * minuteMs)]];
        total = 60 * minuteMs;
      }
      zone = { intervals, total };
      zones.set(timeZone, zone);
    }
    return zone;
  };
  return (timeZone: string, random: number): Date => {
    if (!options.businessHoursOnly) return new Date(options.startAt.getTime() + Math.floor(random * windowMs));
    const { intervals, total } = workingHoursOf(timeZone);
    let remaining = Math.floor(random * total);
    for (const [s, e] of intervals) {
      const length = e.getTime() - s.getTime();
      if (remaining < length) return new Date(s.getTime() + remaining);
      remaining -= length;
    }
    return intervals.at(-1)![0];
  };
};

/** One recipient's send time (see createScheduler; a campaign makes one scheduler for all its recipients). */
export const sendTimeFor = (options: ScheduleOptions, timeZone: string, random: number): Date => createScheduler(options)(timeZone, random);

/** A seeded random source (mulberry32), so a campaign's schedule can be reproduced in tests. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** Fisher–Yates with the given random source. */
export const shuffle = <T>(items: readonly T[], random: () => number): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};
