import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { type InsightWindow, insightWindows } from '../api/get-organization-insights';

/** The window a subpage looks back over, kept in the address (`?days=`) so a link shows the same view. */
export const useInsightWindow = (): [InsightWindow, (days: InsightWindow) => void] => {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (insightWindows as readonly number[]).includes(asked) ? (asked as InsightWindow) : 30;
  return [days, (next) => setParams((current) => ({ ...Object.fromEntries(current), days: String(next) }), { replace: true })];
};

export const InsightWindowPicker = ({ days, onChange }: { days: InsightWindow; onChange: (days: InsightWindow) => void }) => {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup size="small" exclusive value={days} aria-label={t('organizationInsights.window.label')} onChange={(_, value: InsightWindow | null) => value && onChange(value)}>
      {insightWindows.map((option) => (
        <ToggleButton key={option} value={option}>
          {t('organizationInsights.window.days', { count: option })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};
