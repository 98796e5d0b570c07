import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Campaign } from '@vigil/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { useDeleteCampaign } from '../api/delete-campaign';

/** Asks before deleting a draft (a launched campaign cannot be deleted; the API says so too). */
export const DeleteCampaignDialog = ({ campaign, onClose, onDeleted }: { campaign: Campaign; onClose: () => void; onDeleted: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useDeleteCampaign();
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('campaigns.deleteDialog.title', { name: campaign.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('campaigns.deleteDialog.body')}</DialogContentText>
          {remove.error ? <Alert severity="error">{messageOf(remove.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {t('campaigns.deleteDialog.cancel')}
        </Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => remove.mutate(campaign.id, { onSuccess: onDeleted })}>
          {t('campaigns.deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
