import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, numbers and rates in the page's language; "Not yet" for what has not happened. */
export const useCampaignFormat = () => {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const hour = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    const number = new Intl.NumberFormat(i18n.language);
    const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
    return {
      dateTime: (iso: string | Date | null | undefined) => (iso ? dateTime.format(new Date(iso)) : t('campaigns.noDate')),
      /** The day alone, for tables short of room. */
      date: (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : t('campaigns.noDate')),
      hour: (iso: string) => hour.format(new Date(iso)),
      number: (value: number) => number.format(value),
      /** A rate from 0 to 100, or "Not yet" when there is none. */
      percent: (value: number | null) => (value === null ? t('campaigns.noRate') : percent.format(value / 100)),
    };
  }, [i18n.language, t]);
};
