import { useTranslation } from 'react-i18next';

/** Numbers, shares, days, months and country names in the reader's language. */
export const useInsightFormats = () => {
  const { t, i18n } = useTranslation();
  // The server names an operating system or browser it cannot tell "Other".
  const devicePart = (part: string) => (part === 'Other' ? t('organizationInsights.devices.other') : part);
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    whole: (n: number) => whole.format(n),
    share: (part: number, total: number) => (total ? percent.format(part / total) : '–'),
    day: (key: string) => day.format(new Date(`${key}T00:00:00Z`)),
    month: (key: string) => month.format(new Date(`${key}-01T00:00:00Z`)),
    moment: (iso: string) => moment.format(new Date(iso)),
    /** An operating system or browser name, or a "system · browser" kind, with "Other" translated. */
    device: (kind: string) => kind.split(' · ').map(devicePart).join(' · '),
    country: (code: string | null) => {
      if (!code) return '–';
      try {
        return new Intl.DisplayNames(i18n.language, { type: 'region', fallback: 'code' }).of(code) ?? code;
      } catch {
        // Not a region code Intl knows (or no DisplayNames in this browser): show it as recorded.
        return code;
      }
    },
  };
};
