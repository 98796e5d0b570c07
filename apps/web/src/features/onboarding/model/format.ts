/** A day as people read it in the current language ("18 Nov 2026"). */
export const formatDay = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: iso.length === 10 ? 'UTC' : undefined }).format(new Date(iso));

/** A moment as people read it in the current language ("18 Nov 2026, 09:30"). */
export const formatDateTime = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Today in the browser's time zone, as YYYY-MM-DD (what a date input holds). */
export const localToday = (now = new Date()) => {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};
