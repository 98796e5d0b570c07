import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PhishingProgramme } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useDeleteProgramme } from '../api/delete-programme';
import { useProgrammeDepartmentChoices } from '../api/get-programme-choices';
import { useProgrammes } from '../api/get-programmes';
import { useSaveProgramme } from '../api/save-programme';
import { ProgrammeFormDialog } from './programme-form-dialog';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; programme: PhishingProgramme } | null;

const DeleteDialog = ({ programme, onClose }: { programme: PhishingProgramme; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useDeleteProgramme();
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('phishingProgrammes.delete.title', { name: programme.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('phishingProgrammes.delete.body')}</DialogContentText>
          {remove.error ? <Alert severity="error">{messageOf(remove.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {t('phishingProgrammes.form.cancel')}
        </Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => remove.mutate(programme.id, { onSuccess: onClose })}>
          {t('phishingProgrammes.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

// In the organization's time zone, where runs fall in working hours, whatever the viewer's own.
const formatRun = (iso: string, language: string, timeZone: string) => `${new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso))} (${timeZone})`;

/** Configure → Testing → Schedule: recurring programmes, each launching a campaign on a random working day of every period. */
export const Programmes = () => {
  const { t, i18n } = useTranslation();
  const programmes = useProgrammes();
  const departments = useProgrammeDepartmentChoices();
  const save = useSaveProgramme();
  const [open, setOpen] = useState<Open>(null);
  const departmentName = (id: string) => departments.data?.find((department) => department.id === id)?.name ?? '…';
  const items = programmes.data?.items ?? [];
  const timeZone = programmes.data?.timeZone ?? 'UTC';

  return (
    <SectionCard title={t('phishingProgrammes.title')} intro={t('phishingProgrammes.intro')} testId="phishing-programmes">
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={() => setOpen({ kind: 'add' })}>
          {t('phishingProgrammes.add')}
        </Button>
      </Stack>
      {programmes.isPending ? <LinearProgress aria-label={t('phishingProgrammes.loading')} /> : null}
      {programmes.isError ? <Alert severity="error">{messageOf(programmes.error)}</Alert> : null}
      {save.error ? <Alert severity="error">{messageOf(save.error)}</Alert> : null}
      {programmes.isSuccess && items.length === 0 ? <EmptyState testId="phishing-programmes-empty">{t('phishingProgrammes.empty')}</EmptyState> : null}
      {items.length > 0 ? (
        <ScrollableTableContainer label={t('phishingProgrammes.title')}>
          <Table size="small" aria-label={t('phishingProgrammes.title')} sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('phishingProgrammes.columns.name')}</TableCell>
                <TableCell>{t('phishingProgrammes.columns.audience')}</TableCell>
                <TableCell>{t('phishingProgrammes.columns.cadence')}</TableCell>
                <TableCell>{t('phishingProgrammes.columns.nextRun')}</TableCell>
                <TableCell>{t('phishingProgrammes.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((programme) => (
                <TableRow key={programme.id} data-testid="programme-row">
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{programme.name}</Typography>
                    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
                      <Chip size="small" color={programme.active ? 'success' : 'default'} label={programme.active ? t('phishingProgrammes.status.active') : t('phishingProgrammes.status.paused')} />
                      <Chip size="small" variant="outlined" label={programme.adaptive ? t('phishingProgrammes.set.adaptive') : t('phishingProgrammes.set.fixed', { count: programme.templateIds.length })} />
                    </Stack>
                  </TableCell>
                  <TableCell>{programme.departmentIds.length === 0 ? t('phishingProgrammes.wholeOrganization') : programme.departmentIds.map(departmentName).join(', ')}</TableCell>
                  <TableCell>{t(`phishingProgrammes.cadence.${programme.cadence}`)}</TableCell>
                  <TableCell>{programme.active ? formatRun(programme.nextRunAt, i18n.language, timeZone) : t('phishingProgrammes.pausedNoRun')}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" onClick={() => setOpen({ kind: 'edit', programme })} aria-label={t('phishingProgrammes.actions.editNamed', { name: programme.name })}>
                        {t('phishingProgrammes.actions.edit')}
                      </Button>
                      <Button
                        size="small"
                        disabled={save.isPending}
                        onClick={() => save.mutate({ id: programme.id, body: { active: !programme.active } })}
                        aria-label={t(programme.active ? 'phishingProgrammes.actions.pauseNamed' : 'phishingProgrammes.actions.resumeNamed', { name: programme.name })}
                      >
                        {programme.active ? t('phishingProgrammes.actions.pause') : t('phishingProgrammes.actions.resume')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setOpen({ kind: 'delete', programme })} aria-label={t('phishingProgrammes.actions.deleteNamed', { name: programme.name })}>
                        {t('phishingProgrammes.actions.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
      {open?.kind === 'add' ? <ProgrammeFormDialog onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? <ProgrammeFormDialog programme={open.programme} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? <DeleteDialog programme={open.programme} onClose={() => setOpen(null)} /> : null}
    </SectionCard>
  );
};
