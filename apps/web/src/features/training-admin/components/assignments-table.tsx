import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { assignmentStatuses, type AssignmentStatus, type TrainingAssignment } from '@vigil/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { KeysetTable } from '../../../components/keyset-table';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilterParams } from '../../../lib/use-filter-params';
import { useCancelTrainingAssignment } from '../api/cancel-training-assignment';
import { useExportTrainingAssignmentsCsv } from '../api/export-training-assignments-csv';
import { useTrainingAssignments } from '../api/get-training-assignments';
import { useTrainingModules } from '../api/get-training-modules';
import { isOpen, type AssignmentFilters } from '../training-admin-format';
import { useAdminFormat } from '../use-admin-format';
import { AssignTrainingDialog } from './assign-training-dialog';

/** The assignments' filters as the address holds them (?status=&overdue=&moduleId=&search=). */
const useAssignmentFilters = () => {
  const { searchParams, setFilter, pick } = useFilterParams<keyof AssignmentFilters>();
  const filters: AssignmentFilters = {
    status: pick('status', assignmentStatuses),
    overdue: pick('overdue', ['true', 'false'] as const),
    moduleId: searchParams.get('moduleId') || undefined,
    search: searchParams.get('search') || undefined,
  };
  return { filters, setFilter };
};

const statusColor: Record<AssignmentStatus, 'default' | 'info' | 'success' | 'error'> = {
  assigned: 'default',
  in_progress: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

const AssignmentRow = ({ assignment, onCancel }: { assignment: TrainingAssignment; onCancel: () => void }) => {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <TableRow data-testid="assignment-row">
      <TableCell>
        <Typography>{assignment.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
          {assignment.email}
        </Typography>
      </TableCell>
      <TableCell>{assignment.department ?? t('trainingAdmin.assignments.noDepartment')}</TableCell>
      <TableCell>
        <Typography>{assignment.moduleTitle}</Typography>
        {assignment.reason === 'remedial' ? <Chip size="small" variant="outlined" label={t('trainingAdmin.reasons.remedial')} sx={{ mt: 0.5 }} /> : null}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" color={statusColor[assignment.status]} variant={assignment.status === 'cancelled' ? 'outlined' : 'filled'} label={t(`trainingAdmin.statuses.${assignment.status}`)} />
          {assignment.overdue ? <Chip size="small" color="warning" label={t('trainingAdmin.assignments.overdueChip')} /> : null}
        </Stack>
      </TableCell>
      <TableCell>{format.date(assignment.assignedAt)}</TableCell>
      <TableCell>{format.date(assignment.dueAt)}</TableCell>
      <TableCell>
        {format.date(assignment.completedAt)}
        {assignment.score !== null ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('trainingAdmin.assignments.score', { score: assignment.score })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {isOpen(assignment.status) ? (
          <Button size="small" color="error" onClick={onCancel} aria-label={t('trainingAdmin.assignments.cancelOf', { module: assignment.moduleTitle, name: assignment.name })}>
            {t('trainingAdmin.assignments.cancel')}
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
};

type CancelDialogProps = { assignment: TrainingAssignment; onClose: () => void; onCancelled: (assignment: TrainingAssignment) => void };

const CancelAssignmentDialog = ({ assignment, onClose, onCancelled }: CancelDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const cancel = useCancelTrainingAssignment();
  return (
    <Dialog open onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('trainingAdmin.assignments.cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('trainingAdmin.assignments.cancelBody', { name: assignment.name, module: assignment.moduleTitle })}</DialogContentText>
        {cancel.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('trainingAdmin.assignments.cancelFailed', { message: messageOf(cancel.error) })}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {t('trainingAdmin.assignments.keep')}
        </Button>
        <Button color="error" variant="contained" loading={cancel.isPending} onClick={() => cancel.mutate(assignment.id, { onSuccess: onCancelled })}>
          {t('trainingAdmin.assignments.cancelConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The organisation's training assignments (/configure/trainings/): filtered on the server (filters
 * in the address), 50 at a time by key, the same filters as a CSV, an open assignment cancelled
 * after a confirmation, and "Assign training".
 */
export const AssignmentsTable = () => {
  const { t } = useTranslation();
  const { filters, setFilter } = useAssignmentFilters();
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText);
  useEffect(() => {
    if ((filters.search ?? '') !== debouncedSearch.trim()) setFilter('search', debouncedSearch.trim());
    // Only a change of the typed text moves the address; the address's own changes do not loop back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  const assignments = useTrainingAssignments(filters);
  const modules = useTrainingModules();
  const download = useExportTrainingAssignmentsCsv();
  const [assigning, setAssigning] = useState(false);
  const [cancelling, setCancelling] = useState<TrainingAssignment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = assignments.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <SectionCard title={t('trainingAdmin.assignments.title')} intro={t('trainingAdmin.assignments.intro')} testId="training-assignments">
      <Box>
        <Button variant="contained" onClick={() => setAssigning(true)}>
          {t('trainingAdmin.assign.open')}
        </Button>
      </Box>
      {notice ? (
        <Alert severity="success" onClose={() => setNotice(null)} data-testid="assignments-notice">
          {notice}
        </Alert>
      ) : null}
      <Box role="group" aria-label={t('trainingAdmin.assignments.filtersLabel')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: { md: 'wrap' } }}>
          <TextField select size="small" label={t('trainingAdmin.assignments.status')} value={filters.status ?? ''} onChange={(event) => setFilter('status', event.target.value)} sx={{ minWidth: 170 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'assignments-status' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('trainingAdmin.assignments.any')}</MenuItem>
            {assignmentStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`trainingAdmin.statuses.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('trainingAdmin.assignments.overdue')} value={filters.overdue ?? ''} onChange={(event) => setFilter('overdue', event.target.value)} sx={{ minWidth: 160 }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'assignments-overdue' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('trainingAdmin.assignments.any')}</MenuItem>
            <MenuItem value="true">{t('trainingAdmin.assignments.overdueOnly')}</MenuItem>
            <MenuItem value="false">{t('trainingAdmin.assignments.notOverdue')}</MenuItem>
          </TextField>
          <TextField select size="small" label={t('trainingAdmin.assignments.module')} value={filters.moduleId ?? ''} onChange={(event) => setFilter('moduleId', event.target.value)} sx={{ minWidth: 220, maxWidth: { md: 320 } }}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'assignments-module' } as object }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('trainingAdmin.assignments.any')}</MenuItem>
            {(modules.data ?? []).map((module) => (
              <MenuItem key={module.id} value={module.id}>
                {module.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" type="search" label={t('trainingAdmin.assignments.search')} value={searchText} onChange={(event) => setSearchText(event.target.value)} sx={{ flex: 1, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'assignments-search' } }} />
          <Button variant="outlined" loading={download.isPending} onClick={() => download.mutate(filters)} sx={{ flexShrink: 0 }} data-testid="assignments-download">
            {t('trainingAdmin.assignments.download')}
          </Button>
        </Stack>
      </Box>
      {download.error ? <Alert severity="error">{t('trainingAdmin.assignments.downloadFailed', { message: messageOf(download.error) })}</Alert> : null}
      <KeysetTable
        query={assignments}
        items={items}
        label={t('trainingAdmin.assignments.title')}
        columns={[
          { label: t('trainingAdmin.assignments.columns.person'), minWidth: 220 },
          { label: t('trainingAdmin.assignments.columns.department') },
          { label: t('trainingAdmin.assignments.columns.module'), minWidth: 200 },
          { label: t('trainingAdmin.assignments.columns.status') },
          { label: t('trainingAdmin.assignments.columns.assigned'), minWidth: 110 },
          { label: t('trainingAdmin.assignments.columns.due'), minWidth: 110 },
          { label: t('trainingAdmin.assignments.columns.completed'), minWidth: 110 },
          { label: t('trainingAdmin.assignments.columns.actions') },
        ]}
        renderRow={(assignment) => <AssignmentRow key={assignment.id} assignment={assignment} onCancel={() => setCancelling(assignment)} />}
        empty={{ text: t('trainingAdmin.assignments.empty'), testId: 'assignments-empty' }}
        loadFailed={t('trainingAdmin.assignments.loadFailed', { message: messageOf(assignments.error) })}
        showMore={t('trainingAdmin.assignments.showMore')}
      />
      {assigning ? <AssignTrainingDialog onClose={() => setAssigning(false)} /> : null}
      {cancelling ? (
        <CancelAssignmentDialog
          assignment={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={(cancelled) => {
            setCancelling(null);
            setNotice(t('trainingAdmin.assignments.cancelled', { module: cancelled.moduleTitle, name: cancelled.name }));
          }}
        />
      ) : null}
    </SectionCard>
  );
};
