const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "in 5 days", "now": the largest unit that fits, rounded, in the reader's language. */
export const relativeTime = (iso: string, language: string, now = Date.now()) => {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const difference = Date.parse(iso) - now;
  for (const [unit, size] of units) {
    if (Math.abs(difference) >= size) return format.format(Math.round(difference / size), unit);
  }
  return format.format(0, 'minute');
};
