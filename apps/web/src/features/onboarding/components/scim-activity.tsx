import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingWizard } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { StatTile } from '../../../components/stat-tile';
import { formatDateTime } from '../model/format';

type ScimActivityProps = { activity: OnboardingWizard['scimActivity'] };

/**
 * Provisioning's live state: when the identity provider last called, what it changed in the last
 * 30 days, and the last request Vigil refused (what an admin needs when people stop arriving).
 */
export const ScimActivity = ({ activity }: ScimActivityProps) => {
  const { t, i18n } = useTranslation();
  const counts = [
    ['provisioned', activity.last30Days.provisioned],
    ['updated', activity.last30Days.updated],
    ['deprovisioned', activity.last30Days.deprovisioned],
    ['reactivated', activity.last30Days.reactivated],
  ] as const;
  return (
    <Stack spacing={2} data-testid="scim-activity">
      <Typography sx={{ color: 'text.secondary' }} data-testid="scim-activity-last-request">
        {activity.lastRequestAt ? t('onboardingWizard.scimActivity.lastRequest', { date: formatDateTime(activity.lastRequestAt, i18n.language) }) : t('onboardingWizard.scimActivity.noRequest')}
      </Typography>
      <Typography component="h3" variant="subtitle2">
        {t('onboardingWizard.scimActivity.countsHeading')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }} data-testid="scim-activity-counts">
        {counts.map(([kind, count]) => (
          <StatTile key={kind} label={t(`onboardingWizard.scimActivity.counts.${kind}`)} value={count.toLocaleString(i18n.language)} />
        ))}
      </Stack>
      {activity.lastError ? (
        <Alert severity="warning" data-testid="scim-activity-last-error">
          <AlertTitle>{t('onboardingWizard.scimActivity.lastErrorTitle', { date: formatDateTime(activity.lastError.at, i18n.language), status: activity.lastError.status })}</AlertTitle>
          <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
            {activity.lastError.summary}
          </Typography>
        </Alert>
      ) : null}
    </Stack>
  );
};
