import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { percentOf } from '../campaign-format';
import { useSendingProfileChoices } from '../api/get-campaign-choices';
import { useCampaigns } from '../api/get-campaigns';
import { useCampaignFormat } from '../use-campaign-format';
import { CampaignFormDialog } from './campaign-form-dialog';
import { CampaignStatusChip } from './campaign-status-chip';
import { DeleteCampaignDialog } from './delete-campaign-dialog';
import { LaunchDialog } from './launch-dialog';
import { SendProgress } from './send-progress';

type Open = { kind: 'create' } | { kind: 'edit' | 'launch' | 'delete'; campaign: Campaign } | null;

const CampaignRow = ({ campaign, onOpen }: { campaign: Campaign; onOpen: (open: Open) => void }) => {
  const { t } = useTranslation();
  const format = useCampaignFormat();
  const { counts } = campaign;
  return (
    <TableRow data-testid="campaign-row">
      <TableCell>
        <Link component={RouterLink} to={paths.configure.testing.campaign.getHref(campaign.id)} sx={{ fontWeight: 600 }}>
          {campaign.name}
        </Link>
      </TableCell>
      <TableCell>
        <CampaignStatusChip status={campaign.status} />
      </TableCell>
      <TableCell>{campaign.status === 'draft' ? null : <SendProgress counts={counts} name={campaign.name} />}</TableCell>
      <TableCell align="right">{format.percent(percentOf(counts.clicked, counts.sent))}</TableCell>
      <TableCell align="right">{format.percent(percentOf(counts.submitted, counts.sent))}</TableCell>
      <TableCell align="right">{format.percent(percentOf(counts.reported, counts.sent))}</TableCell>
      <TableCell title={campaign.launchedAt ? format.dateTime(campaign.launchedAt) : undefined} sx={{ whiteSpace: 'nowrap' }}>
        {format.date(campaign.launchedAt)}
      </TableCell>
      <TableCell title={campaign.completedAt ? format.dateTime(campaign.completedAt) : undefined} sx={{ whiteSpace: 'nowrap' }}>
        {format.date(campaign.completedAt)}
      </TableCell>
      <TableCell>{t(`campaigns.kinds.${campaign.kind}`)}</TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {campaign.can.launch ? (
            <Button size="small" variant="outlined" aria-label={t('campaigns.actions.launchLabel', { name: campaign.name })} onClick={() => onOpen({ kind: 'launch', campaign })}>
              {t('campaigns.actions.launch')}
            </Button>
          ) : null}
          {campaign.can.edit ? (
            <Button size="small" aria-label={t('campaigns.actions.editLabel', { name: campaign.name })} onClick={() => onOpen({ kind: 'edit', campaign })}>
              {t('campaigns.actions.edit')}
            </Button>
          ) : null}
          {campaign.can.delete ? (
            <Button size="small" color="error" aria-label={t('campaigns.actions.deleteLabel', { name: campaign.name })} onClick={() => onOpen({ kind: 'delete', campaign })}>
              {t('campaigns.actions.delete')}
            </Button>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
};

/**
 * Configure → Testing → Campaigns: every campaign with its status, progress and key rates, newest
 * first and a page at a time; create, edit, launch and delete drafts. Self-contained: the testing
 * page shows it in a tab.
 */
export const Campaigns = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const campaigns = useCampaigns();
  const profiles = useSendingProfileChoices();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  const items = campaigns.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <SectionCard title={t('campaigns.title')} intro={t('campaigns.intro')} testId="campaigns">
      <Box>
        <Button variant="contained" onClick={() => setOpen({ kind: 'create' })} data-testid="campaign-create">
          {t('campaigns.create')}
        </Button>
      </Box>
      {notice ? (
        <Alert severity="success" onClose={() => setNotice(null)} data-testid="campaigns-notice">
          {notice}
        </Alert>
      ) : null}
      {campaigns.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('campaigns.loading')}</Typography> : null}
      {campaigns.isError ? <Alert severity="error">{t('campaigns.loadFailed', { message: messageOf(campaigns.error) })}</Alert> : null}
      {campaigns.isSuccess && items.length === 0 ? (
        profiles.data?.length === 0 ? (
          <EmptyState testId="campaigns-empty">
            {t('campaigns.empty.needProfile')}{' '}
            <Link component={RouterLink} to={`${paths.configure.testing.getHref()}?tab=sendingProfiles`}>
              {t('campaigns.empty.needProfileLink')}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState testId="campaigns-empty">{t('campaigns.empty.ready')}</EmptyState>
        )
      ) : null}
      {items.length > 0 ? (
        <ScrollableTableContainer label={t('campaigns.title')}>
          <Table size="small" sx={{ minWidth: 1000 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: 180 }}>{t('campaigns.columns.name')}</TableCell>
                <TableCell>{t('campaigns.columns.status')}</TableCell>
                <TableCell>{t('campaigns.columns.progress')}</TableCell>
                <TableCell align="right">{t('campaigns.columns.clicked')}</TableCell>
                <TableCell align="right">{t('campaigns.columns.submitted')}</TableCell>
                <TableCell align="right">{t('campaigns.columns.reported')}</TableCell>
                <TableCell>{t('campaigns.columns.launched')}</TableCell>
                <TableCell>{t('campaigns.columns.completed')}</TableCell>
                <TableCell>{t('campaigns.columns.kind')}</TableCell>
                <TableCell align="right">{t('campaigns.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} onOpen={setOpen} />
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
      {campaigns.hasNextPage ? (
        <Box>
          <Button onClick={() => void campaigns.fetchNextPage()} loading={campaigns.isFetchingNextPage}>
            {t('campaigns.showMore')}
          </Button>
        </Box>
      ) : null}
      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <CampaignFormDialog
          campaign={open.kind === 'edit' ? open.campaign : undefined}
          onClose={close}
          onSaved={(saved, next) => {
            if (next.launch) {
              setOpen({ kind: 'launch', campaign: saved });
              return;
            }
            close();
            setNotice(t('campaigns.notices.saved', { name: saved.name }));
          }}
        />
      ) : null}
      {open?.kind === 'launch' ? (
        <LaunchDialog campaign={open.campaign} onClose={close} onLaunched={(launched) => void navigate(paths.configure.testing.campaign.getHref(launched.id))} />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteCampaignDialog
          campaign={open.campaign}
          onClose={close}
          onDeleted={() => {
            close();
            setNotice(t('campaigns.notices.deleted', { name: open.campaign.name }));
          }}
        />
      ) : null}
    </SectionCard>
  );
};
