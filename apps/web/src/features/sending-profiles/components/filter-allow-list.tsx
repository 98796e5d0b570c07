import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyField } from '../../../components/copy-field';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { usePhishingSettings } from '../api/get-phishing-settings';
import { useRotateFilterSecret } from '../api/rotate-filter-secret';

const Steps = ({ title, steps }: { title: string; steps: string[] }) => (
  <Box component="section">
    <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
      {title}
    </Typography>
    <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
      {steps.map((step) => (
        <li key={step}>
          <Typography variant="body2">{step}</Typography>
        </li>
      ))}
    </Box>
  </Box>
);

/**
 * The header every simulated email carries with the organisation's secret value, copy buttons, and
 * short steps to let it through Exchange Online and Google Workspace; the secret can be replaced.
 */
export const FilterAllowList = () => {
  const { t } = useTranslation();
  const titleId = useId();
  const settings = usePhishingSettings();
  const rotate = useRotateFilterSecret();
  const [confirming, setConfirming] = useState(false);
  const header = settings.data?.filterHeaderName ?? '';

  return (
    <SectionCard title={t('sendingProfiles.filter.title')} intro={t('sendingProfiles.filter.intro')} testId="filter-allow-list">
      {settings.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('sendingProfiles.filter.loading')}</Typography> : null}
      {settings.isError ? <Alert severity="error">{t('sendingProfiles.filter.loadFailed', { message: messageOf(settings.error) })}</Alert> : null}
      {settings.data ? (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <CopyField label={t('sendingProfiles.filter.headerName')} value={settings.data.filterHeaderName} testId="filter-header-name" />
            <CopyField label={t('sendingProfiles.filter.headerValue')} value={settings.data.filterHeaderValue} testId="filter-header-value" />
          </Stack>
          {rotate.isSuccess ? <Alert severity="warning">{t('sendingProfiles.filter.rotated')}</Alert> : null}
          {rotate.isError ? <Alert severity="error">{messageOf(rotate.error)}</Alert> : null}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Steps
              title={t('sendingProfiles.filter.exchange.title')}
              steps={[
                t('sendingProfiles.filter.exchange.step1'),
                t('sendingProfiles.filter.exchange.step2', { header }),
                t('sendingProfiles.filter.exchange.step3'),
                t('sendingProfiles.filter.exchange.step4'),
              ]}
            />
            <Steps
              title={t('sendingProfiles.filter.google.title')}
              steps={[t('sendingProfiles.filter.google.step1'), t('sendingProfiles.filter.google.step2', { header }), t('sendingProfiles.filter.google.step3')]}
            />
          </Stack>
          <Box>
            <Button color="warning" onClick={() => setConfirming(true)}>
              {t('sendingProfiles.filter.rotate')}
            </Button>
          </Box>
        </>
      ) : null}
      {confirming ? (
        <Dialog open onClose={rotate.isPending ? undefined : () => setConfirming(false)} aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{t('sendingProfiles.filter.rotateTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('sendingProfiles.filter.rotateBody')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={rotate.isPending}>
              {t('sendingProfiles.filter.rotateCancel')}
            </Button>
            <Button color="warning" variant="contained" loading={rotate.isPending} onClick={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}>
              {t('sendingProfiles.filter.rotateConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </SectionCard>
  );
};
