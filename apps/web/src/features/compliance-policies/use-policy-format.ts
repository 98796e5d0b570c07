import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates in the page's language; "Not yet" for what has not happened. */
export const usePolicyFormat = () => {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    return { date: (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : t('policies.noDate')) };
  }, [i18n.language, t]);
};
