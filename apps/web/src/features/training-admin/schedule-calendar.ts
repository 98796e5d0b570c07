// The schedule calendar's pure rules: the weeks of a month (Monday first), ISO week numbers and
// where the arrow keys move. Days are YYYY-MM-DD strings of the organisation's calendar, computed
// in UTC so the browser's own time zone never shifts them.

const dayMs = 24 * 60 * 60 * 1000;

const toUtc = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
};
const fromUtc = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The day `days` after another. */
export const shiftDay = (day: string, days: number) => fromUtc(toUtc(day) + days * dayMs);

/** The first day of a month, YYYY-MM-01. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `months` after the month of `month`. */
export const shiftMonth = (month: string, months: number) => {
  const date = new Date(toUtc(monthOf(month)));
  return fromUtc(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
};

/** The last day of a month. */
export const lastDayOf = (month: string) => shiftDay(shiftMonth(month, 1), -1);

/** 0 for Monday to 6 for Sunday. */
export const weekdayOf = (day: string) => (new Date(toUtc(day)).getUTCDay() + 6) % 7;

/** The ISO 8601 week number of a day (weeks start on Monday; week 1 holds the year's first Thursday). */
export const isoWeekOf = (day: string) => {
  const thursday = toUtc(day) + (3 - weekdayOf(day)) * dayMs;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.floor((thursday - yearStart) / dayMs / 7) + 1;
};

/** The weeks the month's grid shows, Monday to Sunday, with the days of the months around it. */
export const monthWeeks = (month: string) => {
  const first = monthOf(month);
  const last = lastDayOf(first);
  const weeks: { number: number; days: { day: string; inMonth: boolean }[] }[] = [];
  for (let start = shiftDay(first, -weekdayOf(first)); start <= last; start = shiftDay(start, 7)) {
    const days = Array.from({ length: 7 }, (_, index) => shiftDay(start, index));
    weeks.push({ number: isoWeekOf(start), days: days.map((day) => ({ day, inMonth: day.slice(0, 7) === first.slice(0, 7) })) });
  }
  return weeks;
};

/** Where a key moves the focused day (the date-grid keys of the WAI-ARIA practices); undefined for other keys. */
export const dayAfterKey = (day: string, key: string) => {
  switch (key) {
    case 'ArrowLeft':
      return shiftDay(day, -1);
    case 'ArrowRight':
      return shiftDay(day, 1);
    case 'ArrowUp':
      return shiftDay(day, -7);
    case 'ArrowDown':
      return shiftDay(day, 7);
    case 'Home':
      return shiftDay(day, -weekdayOf(day));
    case 'End':
      return shiftDay(day, 6 - weekdayOf(day));
    case 'PageUp':
    case 'PageDown': {
      const target = shiftMonth(day, key === 'PageUp' ? -1 : 1);
      const date = Math.min(Number(day.slice(8)), Number(lastDayOf(target).slice(8)));
      return `${target.slice(0, 8)}${String(date).padStart(2, '0')}`;
    }
    default:
      return undefined;
  }
};
