import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, lists and video times in the page's language; "Not yet" for what has not happened. */
export const useAdminFormat = () => {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
    return {
      date: (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : t('trainingAdmin.noDate')),
      list: (items: string[]) => list.format(items),
      /** Seconds into the video as m:ss. */
      clock: (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`,
    };
  }, [i18n.language, t]);
};
