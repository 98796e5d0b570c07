import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const utcOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** 5 January 2026 was a Monday: the weekday `index` days after it. */
const mondayPlus = (index: number) => `2026-01-${String(5 + index).padStart(2, '0')}`;

/**
 * Calendar days (YYYY-MM-DD of the organisation's calendar) and months in the page's language.
 * Formatted in UTC, so the browser's own time zone never moves a day.
 */
export const useDayFormat = () => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const medium = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const weekdayShort = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    const weekdayLong = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    return {
      day: (day: string) => medium.format(utcOf(day)),
      fullDay: (day: string) => full.format(utcOf(day)),
      month: (day: string) => month.format(utcOf(day)),
      /** Monday first: 0 is Monday. */
      weekdayShort: (index: number) => weekdayShort.format(utcOf(mondayPlus(index))),
      weekdayLong: (index: number) => weekdayLong.format(utcOf(mondayPlus(index))),
      /** A moment as the day it falls on in a time zone. */
      dayOfInstant: (iso: string, timeZone?: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso)),
    };
  }, [i18n.language]);
};
