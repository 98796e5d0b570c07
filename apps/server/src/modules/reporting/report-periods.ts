/**
 * The period a scheduled report covers when it goes out at `now` (UTC): the ISO week for a weekly
 * report (2026-W48), the month for a monthly one (2026-11). A schedule sends once per period.
 */
export const reportPeriodOf = (frequency: 'weekly' | 'monthly', now: Date) => {
  if (frequency === 'monthly') return now.toISOString().slice(0, 7);
  // ISO 8601: the week with the year's first Thursday is week 1; weeks start on Monday.
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
};
