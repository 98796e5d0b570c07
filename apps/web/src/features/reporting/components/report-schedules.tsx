import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { reportFrequencies, reportPeriods, type ReportSchedule } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/empty-state';
import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useOrganizationAdmins } from '../../organization-users/api/get-organization-admins';
import { useDeleteReportSchedule, useReportSchedules, useSaveReportSchedule } from '../api/reporting';

type Frequency = (typeof reportFrequencies)[number];

const ScheduleDialog = ({ schedule, onClose }: { schedule: ReportSchedule | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const admins = useOrganizationAdmins();
  const save = useSaveReportSchedule();
  const [frequency, setFrequency] = useState<Frequency>(schedule?.frequency ?? 'monthly');
  const [days, setDays] = useState<number>(schedule?.days ?? 90);
  const [recipientIds, setRecipientIds] = useState<string[]>(schedule?.recipients.map((recipient) => recipient.id) ?? []);
  const [missing, setMissing] = useState(false);
  const errors = readServerFieldErrors(save.error);
  const recipientsError = missing ? t('reporting.schedules.recipientsRequired') : errors.find((issue) => issue.field.startsWith('recipientIds'))?.problem;
  const activeAdmins = (admins.data?.items ?? []).filter((admin) => admin.isActive);
  const submit = () => {
    if (recipientIds.length === 0) return setMissing(true);
    save.mutate({ id: schedule?.id, body: { frequency, days, recipientIds } }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{schedule ? t('reporting.schedules.editTitle') : t('reporting.schedules.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('reporting.schedules.frequency')} value={frequency} onChange={(event) => setFrequency(event.target.value as Frequency)}>
            {reportFrequencies.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`reporting.schedules.frequencies.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('reporting.schedules.covers')} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {reportPeriods.map((period) => (
              <MenuItem key={period} value={period}>
                {t('reporting.lastDays', { count: period })}
              </MenuItem>
            ))}
          </TextField>
          <FormControl error={Boolean(recipientsError)} component="fieldset">
            <FormLabel component="legend">{t('reporting.schedules.recipients')}</FormLabel>
            <FormGroup>
              {activeAdmins.map((admin) => (
                <FormControlLabel
                  key={admin.id}
                  control={
                    <Checkbox
                      checked={recipientIds.includes(admin.id)}
                      onChange={(event) => {
                        setMissing(false);
                        setRecipientIds((current) => (event.target.checked ? [...current, admin.id] : current.filter((id) => id !== admin.id)));
                      }}
                    />
                  }
                  label={`${admin.firstName} ${admin.lastName} (${admin.email})`}
                />
              ))}
            </FormGroup>
            <FormHelperText>{recipientsError ?? t('reporting.schedules.recipientsHelp')}</FormHelperText>
          </FormControl>
          {save.error && errors.length === 0 ? <Alert severity="error">{t('reporting.schedules.saveFailed', { message: messageOf(save.error) })}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('reporting.schedules.cancel')}
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          {t('reporting.schedules.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Who receives the report by email, how often and over what period; edited in a dialog, stopped with one click. */
export const ReportSchedules = () => {
  const { t, i18n } = useTranslation();
  const schedules = useReportSchedules();
  const remove = useDeleteReportSchedule();
  const [editing, setEditing] = useState<ReportSchedule | null | 'new'>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const items = schedules.data?.items ?? [];
  return (
    <SectionCard title={t('reporting.schedules.title')} intro={t('reporting.schedules.intro')} testId="report-schedules">
      <Box>
        <Button variant="outlined" onClick={() => setEditing('new')}>
          {t('reporting.schedules.add')}
        </Button>
      </Box>
      {schedules.isError ? <Alert severity="error">{t('reporting.schedules.loadFailed', { message: messageOf(schedules.error) })}</Alert> : null}
      {remove.error ? <Alert severity="error">{t('reporting.schedules.deleteFailed', { message: messageOf(remove.error) })}</Alert> : null}
      {schedules.isSuccess && items.length === 0 ? <EmptyState testId="report-schedules-empty">{t('reporting.schedules.empty')}</EmptyState> : null}
      {items.length > 0 ? (
        <ScrollableTableContainer label={t('reporting.schedules.title')}>
          <Table size="small" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reporting.schedules.frequency')}</TableCell>
                <TableCell>{t('reporting.schedules.covers')}</TableCell>
                <TableCell>{t('reporting.schedules.recipients')}</TableCell>
                <TableCell>{t('reporting.schedules.lastSent')}</TableCell>
                <TableCell>{t('reporting.schedules.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((schedule) => (
                <TableRow key={schedule.id} data-testid="report-schedule-row">
                  <TableCell>{t(`reporting.schedules.frequencies.${schedule.frequency}`)}</TableCell>
                  <TableCell>{t('reporting.lastDays', { count: schedule.days })}</TableCell>
                  <TableCell>{schedule.recipients.map((recipient) => recipient.name).join(', ') || t('reporting.schedules.noRecipients')}</TableCell>
                  <TableCell>{schedule.lastSentAt ? date.format(new Date(schedule.lastSentAt)) : t('reporting.schedules.notYet')}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => setEditing(schedule)}>
                        {t('reporting.schedules.edit')}
                      </Button>
                      <Button size="small" color="error" loading={remove.isPending && remove.variables === schedule.id} onClick={() => remove.mutate(schedule.id)}>
                        {t('reporting.schedules.stop')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      ) : null}
      {editing ? <ScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </SectionCard>
  );
};
