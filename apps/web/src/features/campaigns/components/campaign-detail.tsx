import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useChangeCampaignStatus, type CampaignStatusAction } from '../api/change-campaign-status';
import { isLive, useCampaign } from '../api/get-campaign';
import { useCampaignResults } from '../api/get-campaign-results';
import { useCampaignFormat } from '../use-campaign-format';
import { CampaignFormDialog } from './campaign-form-dialog';
import { CampaignStatusChip } from './campaign-status-chip';
import { DeleteCampaignDialog } from './delete-campaign-dialog';
import { LaunchDialog } from './launch-dialog';
import { RecipientsTable } from './recipients-table';
import { DepartmentsSection, FunnelSection, TimelineSection } from './results-sections';
import { SendProgress } from './send-progress';

const CancelDialog = ({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useChangeCampaignStatus();
  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('campaigns.detail.cancelDialog.title', { name: campaign.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('campaigns.detail.cancelDialog.body')}</DialogContentText>
          {change.error ? <Alert severity="error">{messageOf(change.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('campaigns.detail.cancelDialog.keep')}
        </Button>
        <Button color="error" variant="contained" loading={change.isPending} onClick={() => change.mutate({ id: campaign.id, action: 'cancel' }, { onSuccess: onClose })}>
          {t('campaigns.detail.cancelDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

type Open = 'edit' | 'launch' | 'cancel' | 'delete' | null;

const Fact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0 }}>
      {children}
    </Typography>
  </Box>
);

/** The campaign's name, status, dates and the moves its `can` flags allow. */
const CampaignSummary = ({ campaign, onOpen }: { campaign: Campaign; onOpen: (open: Open) => void }) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const change = useChangeCampaignStatus();
  const run = (action: CampaignStatusAction) => change.mutate({ id: campaign.id, action });
  return (
    <Paper component="section" variant="outlined" aria-labelledby="campaign-name" sx={{ p: { xs: 2, sm: 3 } }} data-testid="campaign-summary">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="campaign-name" variant="h2" sx={{ fontSize: '1.5rem' }}>
              {campaign.name}
            </Typography>
            <CampaignStatusChip status={campaign.status} />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {campaign.can.launch ? (
              <Button variant="contained" onClick={() => onOpen('launch')}>
                {t('campaigns.detail.actions.launch')}
              </Button>
            ) : null}
            {campaign.can.edit ? <Button onClick={() => onOpen('edit')}>{t('campaigns.detail.actions.edit')}</Button> : null}
            {campaign.can.pause ? (
              <Button variant="outlined" loading={change.isPending && change.variables?.action === 'pause'} onClick={() => run('pause')}>
                {t('campaigns.detail.actions.pause')}
              </Button>
            ) : null}
            {campaign.can.resume ? (
              <Button variant="contained" loading={change.isPending && change.variables?.action === 'resume'} onClick={() => run('resume')}>
                {t('campaigns.detail.actions.resume')}
              </Button>
            ) : null}
            {campaign.can.cancel ? (
              <Button color="error" onClick={() => onOpen('cancel')}>
                {t('campaigns.detail.actions.cancel')}
              </Button>
            ) : null}
            {campaign.can.delete ? (
              <Button color="error" onClick={() => onOpen('delete')}>
                {t('campaigns.detail.actions.delete')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
        {change.error ? <Alert severity="error">{t('campaigns.detail.actionFailed', { message: messageOf(change.error) })}</Alert> : null}
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Fact label={t('campaigns.detail.kind')}>{t(`campaigns.kinds.${campaign.kind}`)}</Fact>
          <Fact label={t('campaigns.detail.startsAt')}>{campaign.startAt ? format.dateTime(campaign.startAt) : t('campaigns.detail.atLaunch')}</Fact>
          <Fact label={t('campaigns.detail.launched')}>{format.dateTime(campaign.launchedAt)}</Fact>
          <Fact label={t('campaigns.detail.completed')}>{format.dateTime(campaign.completedAt)}</Fact>
        </Box>
        {campaign.status === 'draft' ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('campaigns.detail.draftNote')}</Typography>
        ) : (
          <Box>
            <SendProgress counts={campaign.counts} name={campaign.name} />
            {isLive(campaign) ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('campaigns.detail.live')}
              </Typography>
            ) : null}
          </Box>
        )}
      </Stack>
    </Paper>
  );
};

/**
 * One campaign: its status and moves, live progress while it sends (read again every 5 s), the
 * funnel, departments and hours as charts with their tables, delivery problems, and the recipients.
 */
export const CampaignDetail = ({ campaignId }: { campaignId: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const campaign = useCampaign(campaignId);
  const launched = campaign.data !== undefined && campaign.data.status !== 'draft';
  const results = useCampaignResults(campaignId, { live: isLive(campaign.data), enabled: launched });
  const [open, setOpen] = useState<Open>(null);
  // What was just saved, for the launch that follows "Save and launch…" before the page reads it again.
  const [saved, setSaved] = useState<Campaign | null>(null);
  const close = () => setOpen(null);
  const back = (
    <Box>
      <Link component={RouterLink} to={paths.configure.testing.getHref()}>
        {t('campaigns.detail.back')}
      </Link>
    </Box>
  );

  if (campaign.isPending) return <Typography sx={{ color: 'text.secondary' }}>{t('campaigns.loading')}</Typography>;
  if (campaign.isError) {
    const missing = campaign.error instanceof ApiError && (campaign.error.status === 404 || campaign.error.status === 400);
    return (
      <Stack spacing={2}>
        {back}
        {missing ? (
          <EmptyState testId="empty-state">{t('campaigns.detail.notFound')}</EmptyState>
        ) : (
          <Alert severity="error">{t('campaigns.detail.loadFailed', { message: messageOf(campaign.error) })}</Alert>
        )}
      </Stack>
    );
  }

  const current = campaign.data;
  const counts = results.data?.counts ?? current.counts;
  return (
    <Stack spacing={3}>
      {back}
      <CampaignSummary campaign={current} onOpen={setOpen} />
      {counts.uncertain > 0 ? (
        <Alert
          severity="warning"
          data-testid="campaign-uncertain"
          action={
            <Button component={RouterLink} to="?state=uncertain#recipients" color="inherit" size="small">
              {t('campaigns.detail.showThem')}
            </Button>
          }
        >
          {t('campaigns.detail.uncertain', { count: counts.uncertain })}
        </Alert>
      ) : null}
      {counts.failed > 0 ? (
        <Alert severity="error" action={<Button component={RouterLink} to="?state=failed#recipients" color="inherit" size="small">{t('campaigns.detail.showThem')}</Button>}>
          {t('campaigns.detail.failed', { count: counts.failed })}
        </Alert>
      ) : null}
      {results.isError ? <Alert severity="error">{t('campaigns.detail.resultsFailed', { message: messageOf(results.error) })}</Alert> : null}
      {launched && results.data ? (
        <>
          <FunnelSection results={results.data} />
          <DepartmentsSection results={results.data} />
          <TimelineSection results={results.data} />
          <RecipientsTable campaignId={campaignId} departments={results.data.byDepartment} />
        </>
      ) : null}
      {open === 'edit' ? (
        <CampaignFormDialog campaign={current} onClose={close} onSaved={(next, { launch }) => {
            setSaved(next);
            setOpen(launch ? 'launch' : null);
          }}
        />
      ) : null}
      {open === 'launch' ? <LaunchDialog campaign={saved?.id === current.id && current.status === 'draft' ? saved : current} onClose={close} onLaunched={close} /> : null}
      {open === 'cancel' ? <CancelDialog campaign={current} onClose={close} /> : null}
      {open === 'delete' ? <DeleteCampaignDialog campaign={current} onClose={close} onDeleted={() => void navigate(paths.configure.testing.getHref())} /> : null}
    </Stack>
  );
};
