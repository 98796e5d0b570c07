import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Audience, Campaign } from '@vigil/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { sendWindow } from '../campaign-format';
import { useChangeCampaignStatus } from '../api/change-campaign-status';
import { useAudiencePreview } from '../../../components/audience-queries';
import { useCampaignFormat } from '../use-campaign-format';

type LaunchDialogProps = { campaign: Campaign; onClose: () => void; onLaunched: (campaign: Campaign) => void };

/** Asks before launching, saying how many people get a lure and over which window. */
export const LaunchDialog = ({ campaign, onClose, onLaunched }: LaunchDialogProps) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const titleId = useId();
  const launch = useChangeCampaignStatus();
  const preview = useAudiencePreview(campaign.audience as Audience);
  const { start, end } = sendWindow(campaign);
  const count = preview.data?.count;

  return (
    <Dialog open onClose={launch.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('campaigns.launch.title', { name: campaign.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} data-testid="launch-summary">
          {count === undefined ? (
            <DialogContentText>{preview.isError ? messageOf(preview.error) : t('campaigns.launch.counting')}</DialogContentText>
          ) : (
            <DialogContentText sx={{ color: 'text.primary', fontWeight: 600 }}>
              {campaign.spreadMinutes > 0
                ? t('campaigns.launch.spread', { count, start: format.dateTime(start), end: format.dateTime(end) })
                : t('campaigns.launch.atOnce', { count, start: format.dateTime(start) })}
            </DialogContentText>
          )}
          {campaign.businessHoursOnly ? <DialogContentText>{t('campaigns.launch.businessHours')}</DialogContentText> : null}
          <DialogContentText>{t('campaigns.launch.after')}</DialogContentText>
          {launch.error ? <Alert severity="error">{messageOf(launch.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={launch.isPending}>
          {t('campaigns.launch.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={launch.isPending}
          disabled={count === undefined || count === 0}
          onClick={() => launch.mutate({ id: campaign.id, action: 'launch' }, { onSuccess: onLaunched })}
        >
          {t('campaigns.launch.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
