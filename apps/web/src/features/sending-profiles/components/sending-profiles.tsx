import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SendingProfile } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useArchiveSendingProfile } from '../api/archive-sending-profile';
import { useSendingProfiles } from '../api/get-sending-profiles';
import { SendingProfileFormDialog } from './sending-profile-form-dialog';
import { TestEmailDialog } from './test-email-dialog';

type Open = { kind: 'add' } | { kind: 'edit' | 'test' | 'archive'; profile: SendingProfile } | null;

const ArchiveDialog = ({ profile, onClose, onArchived }: { profile: SendingProfile; onClose: () => void; onArchived: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const archive = useArchiveSendingProfile();
  const problem = archive.error instanceof ApiError && archive.error.code === 'CONFLICT' ? t('sendingProfiles.archive.inUse') : archive.error ? messageOf(archive.error) : null;
  return (
    <Dialog open onClose={archive.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('sendingProfiles.archive.title', { name: profile.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('sendingProfiles.archive.body')}</DialogContentText>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={archive.isPending}>
          {t('sendingProfiles.archive.cancel')}
        </Button>
        <Button color="error" variant="contained" loading={archive.isPending} onClick={() => archive.mutate(profile.id, { onSuccess: onArchived })}>
          {t('sendingProfiles.archive.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const ProfileRow = ({ profile, onOpen }: { profile: SendingProfile; onOpen: (open: Open) => void }) => {
  const { t } = useTranslation();
  return (
    <TableRow data-testid="sending-profile-row">
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{profile.name}</Typography>
        {profile.activeCampaigns > 0 ? <Chip size="small" color="info" label={t('sendingProfiles.inUse', { count: profile.activeCampaigns })} sx={{ mt: 0.5 }} /> : null}
      </TableCell>
      <TableCell>
        <Typography sx={{ wordBreak: 'break-all' }}>
          {profile.host}:{profile.port}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`sendingProfiles.security.${profile.security}`)} · {profile.hasPassword ? t('sendingProfiles.passwordSet') : t('sendingProfiles.noPassword')}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography>{profile.fromName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
          {profile.fromAddress}
        </Typography>
      </TableCell>
      <TableCell>{t('sendingProfiles.ratePerMinute', { rate: profile.ratePerMinute })}</TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {profile.can.test ? (
            <Button size="small" variant="outlined" aria-label={t('sendingProfiles.actions.test', { name: profile.name })} onClick={() => onOpen({ kind: 'test', profile })}>
              {t('sendingProfiles.buttons.test')}
            </Button>
          ) : null}
          {profile.can.edit ? (
            <Button size="small" aria-label={t('sendingProfiles.actions.edit', { name: profile.name })} onClick={() => onOpen({ kind: 'edit', profile })}>
              {t('sendingProfiles.buttons.edit')}
            </Button>
          ) : null}
          {profile.can.archive ? (
            <Button size="small" color="error" aria-label={t('sendingProfiles.actions.archive', { name: profile.name })} onClick={() => onOpen({ kind: 'archive', profile })}>
              {t('sendingProfiles.buttons.archive')}
            </Button>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
};

/**
 * Configure → Testing → Sending profiles: the organisation's SMTP servers for simulations, each with
 * a test email, edit and archive. Self-contained: the testing page shows it in a tab.
 */
export const SendingProfiles = () => {
  const { t } = useTranslation();
  const profiles = useSendingProfiles();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);

  return (
    <SectionCard title={t('sendingProfiles.title')} intro={t('sendingProfiles.intro')} testId="sending-profiles">
      <Box>
        <Button variant="contained" onClick={() => setOpen({ kind: 'add' })}>
          {t('sendingProfiles.add')}
        </Button>
      </Box>
      {notice ? (
        <Alert severity="success" onClose={() => setNotice(null)} data-testid="sending-profiles-notice">
          {notice}
        </Alert>
      ) : null}
      {profiles.isPending ? <Typography sx={{ color: 'text.secondary' }}>{t('sendingProfiles.loading')}</Typography> : null}
      {profiles.isError ? <Alert severity="error">{t('sendingProfiles.loadFailed', { message: messageOf(profiles.error) })}</Alert> : null}
      {profiles.data && profiles.data.items.length === 0 ? <EmptyState testId="sending-profiles-empty">{t('sendingProfiles.empty')}</EmptyState> : null}
      {profiles.data && profiles.data.items.length > 0 ? (
        <ScrollableTableContainer label={t('sendingProfiles.title')}>
          <Table size="small" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sendingProfiles.columns.name')}</TableCell>
                <TableCell>{t('sendingProfiles.columns.server')}</TableCell>
                <TableCell>{t('sendingProfiles.columns.from')}</TableCell>
                <TableCell>{t('sendingProfiles.columns.rate')}</TableCell>
                <TableCell align="right">{t('sendingProfiles.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {profiles.data.items.map((profile) => (
                <ProfileRow key={profile.id} profile={profile} onOpen={setOpen} />
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <SendingProfileFormDialog
          profile={open.kind === 'edit' ? open.profile : undefined}
          onClose={close}
          onSaved={(saved) => {
            close();
            setNotice(t('sendingProfiles.saved', { name: saved.name }));
          }}
        />
      ) : null}
      {open?.kind === 'test' ? <TestEmailDialog profile={open.profile} onClose={close} /> : null}
      {open?.kind === 'archive' ? (
        <ArchiveDialog
          profile={open.profile}
          onClose={close}
          onArchived={() => {
            close();
            setNotice(t('sendingProfiles.archive.done', { name: open.profile.name }));
          }}
        />
      ) : null}
    </SectionCard>
  );
};
