import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, numbers, shares and lists in the page's language. */
export const useComplianceFormat = () => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const number = new Intl.NumberFormat(i18n.language);
    const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
    const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
    return {
      date: (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : '—'),
      number: (value: number) => number.format(value),
      share: (count: number, total: number) => percent.format(total ? count / total : 0),
      list: (items: string[]) => list.format(items),
    };
  }, [i18n.language]);
};

/** Today and a year before, as YYYY-MM-DD (UTC): the evidence pack's default range. */
export const lastTwelveMonths = (now = new Date()) => {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate() + 1)).toISOString().slice(0, 10);
  return { from, to };
};
