import type { CampaignCounts } from '@vigil/contracts';

/** `part` as a whole percentage of `whole`; null when nothing was sent yet (no rate to show). */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 100) : null);

/** How far sending has come: sent of all recipients, whole percent from 0 to 100 (100 only when all were sent). */
export const sendProgress = (counts: Pick<CampaignCounts, 'sent' | 'recipients'>) => (counts.recipients > 0 ? Math.min(100, Math.floor((counts.sent / counts.recipients) * 100)) : 0);

export type SpreadUnit = 'hours' | 'days';
const minutesPer: Record<SpreadUnit, number> = { hours: 60, days: 24 * 60 };

/** Minutes as the form shows them: whole days when they are, hours otherwise. */
export const spreadOf = (minutes: number): { value: number; unit: SpreadUnit } =>
  minutes > 0 && minutes % minutesPer.days === 0 ? { value: minutes / minutesPer.days, unit: 'days' } : { value: Math.round((minutes / minutesPer.hours) * 100) / 100, unit: 'hours' };

/** The spread as the API takes it: whole minutes (NaN stays NaN, for the schema to refuse). */
export const spreadMinutesOf = (value: number, unit: SpreadUnit) => Math.round(value * minutesPer[unit]);

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO moment as a `datetime-local` input shows it: the admin's own clock, to the minute. */
export const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** What a `datetime-local` input holds (the admin's clock) as an ISO moment in UTC; undefined when empty or unreadable. */
export const fromLocalInput = (value: string) => {
  if (!value) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace('.000Z', 'Z');
};

/** When sends go out: from the start (now when none is set, or it has passed) over the spread. */
export const sendWindow = ({ startAt, spreadMinutes }: { startAt: string | null | undefined; spreadMinutes: number }, now = new Date()) => {
  const asked = startAt ? new Date(startAt) : now;
  const start = asked.getTime() > now.getTime() ? asked : now;
  return { start, end: new Date(start.getTime() + spreadMinutes * 60_000) };
};
