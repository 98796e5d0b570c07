import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  usersImportColumns,
  usersImportLimits,
  usersImportRequiredColumns,
  type UsersImportColumn,
  type UsersImportPreview,
  type UsersImportResult,
  type UsersImportRow,
} from '@vigil/contracts';
import { Fragment, useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ScrollableTableContainer } from '../../../components/scrollable-table-container';
import { TablePager } from '../../../components/table-pager';
import { ApiError, messageOf } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format-file-size';
import { saveFile } from '../../../lib/save-file';
import { useImportUsers } from '../api/import-users';
import { usePreviewUsersImport } from '../api/preview-users-import';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'checking'; fileName: string }
  | { kind: 'preview'; fileName: string; csv: string; preview: UsersImportPreview; notice?: string; error?: string }
  | { kind: 'importing'; rows: number }
  | { kind: 'done'; result: UsersImportResult };

/** Each CSV column, the row value it shows and the catalogue label it goes by. */
const columnValue = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  role: 'role',
  department: 'department',
  manager_email: 'managerEmail',
  start_date: 'startDate',
  job_title: 'jobTitle',
  phone: 'phone',
  time_zone: 'timeZone',
  language: 'language',
} as const satisfies Record<UsersImportColumn, keyof UsersImportRow['values']>;

const templateCsv = [usersImportColumns.join(','), 'Jane,Doe,jane.doe@example.com,User,Finance,john.smith@example.com,2024-03-01,Financial Analyst,+14155550123,America/New_York,en_us'].join('\r\n');

const previewPageSize = 50;
// The error colour at a few percent, so the cells stay readable (AA) on it.
const errorTint = 'rgba(179, 38, 30, 0.05)';

const downloadTemplate = () => saveFile(new Blob([templateCsv], { type: 'text/csv' }), 'users-template.csv');

const FormatHelp = () => {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'background.default' }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('organizationUsers.import.formatTitle')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        {usersImportColumns.map((column) => (
          <li key={column}>
            <Typography variant="body2" component="span">
              <Box component="code" sx={{ fontWeight: 600 }}>
                {column}
              </Box>
              {' — '}
              {t(`organizationUsers.import.columnHelp.${column}`)}
              {(usersImportRequiredColumns as readonly string[]).includes(column) ? ` ${t('organizationUsers.import.required')}` : ''}
            </Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        {t('organizationUsers.import.emptyCells', { rows: new Intl.NumberFormat(i18n.language).format(usersImportLimits.maxRows), size: formatFileSize(usersImportLimits.maxBytes, i18n.language) })}
      </Typography>
    </Paper>
  );
};

const ActionChip = ({ row }: { row: UsersImportRow }) => {
  const { t } = useTranslation();
  if (row.errors.length) return <Chip size="small" color="error" label={t('organizationUsers.import.actions.error')} />;
  if (row.action === 'create') return <Chip size="small" color="success" variant="outlined" label={t('organizationUsers.import.actions.create')} />;
  if (row.action === 'update') return <Chip size="small" color="info" variant="outlined" label={t('organizationUsers.import.actions.update')} />;
  return <Chip size="small" variant="outlined" label={t('organizationUsers.import.actions.unchanged')} />;
};

const PreviewTable = ({ rows }: { rows: UsersImportRow[] }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const shown = rows.slice(page * previewPageSize, (page + 1) * previewPageSize);
  const label = (column: UsersImportColumn) => t(`organizationUsers.import.columns.${column}`);
  return (
    <Paper variant="outlined">
      <ScrollableTableContainer label={t('organizationUsers.import.tableLabel')} sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label={t('organizationUsers.import.tableLabel')} data-testid="import-preview-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('organizationUsers.import.line')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('organizationUsers.import.result')}</TableCell>
              {usersImportColumns.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {label(column)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const invalid = new Set(row.errors.map((error) => error.field));
              const hasErrors = row.errors.length > 0;
              // A row with problems is followed by a full-width line listing them, so they never scroll out of view.
              const cellSx = hasErrors ? { borderBottom: 'none', bgcolor: errorTint } : undefined;
              return (
                <Fragment key={row.line}>
                  <TableRow data-testid="import-preview-row">
                    <TableCell sx={cellSx}>{row.line}</TableCell>
                    <TableCell sx={cellSx}>
                      <ActionChip row={row} />
                      {row.action === 'update' && !hasErrors ? (
                        <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
                          {row.changes.map((change) => t(`organizationUsers.import.changes.${change}`)).join(', ')}
                        </Typography>
                      ) : null}
                    </TableCell>
                    {usersImportColumns.map((column) => (
                      <TableCell
                        key={column}
                        aria-invalid={invalid.has(column) || undefined}
                        sx={{
                          ...cellSx,
                          // Long addresses may break anywhere; words and roles stay whole.
                          ...(column === 'email' || column === 'manager_email' ? { overflowWrap: 'anywhere' } : { whiteSpace: column === 'role' || column === 'start_date' || column === 'phone' ? 'nowrap' : undefined }),
                          ...(invalid.has(column)
                            ? { color: 'error.main', fontWeight: 600, textDecoration: 'underline wavy', textDecorationColor: 'currentColor' }
                            : {}),
                        }}
                      >
                        {row.values[columnValue[column]] || (invalid.has(column) ? t('organizationUsers.import.emptyCell') : '')}
                        {column === 'department' && row.newDepartment && row.values.department ? (
                          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                            {t('organizationUsers.import.newDepartment')}
                          </Typography>
                        ) : null}
                      </TableCell>
                    ))}
                  </TableRow>
                  {hasErrors ? (
                    <TableRow>
                      <TableCell colSpan={usersImportColumns.length + 2} sx={{ pt: 0, bgcolor: errorTint }}>
                        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'error.main' }} data-testid="import-row-errors" aria-label={t('organizationUsers.import.problemsOfLine', { line: row.line })}>
                          {row.errors.map((error) => (
                            <li key={`${error.field}:${error.problem}`}>
                              <Typography variant="body2" component="span">
                                <strong>{label(error.field)}:</strong> {error.problem}
                              </Typography>
                            </li>
                          ))}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
      {rows.length > previewPageSize ? (
        <TablePager count={rows.length} page={page + 1} pageSize={previewPageSize} pageSizes={[previewPageSize]} onPageChange={(next) => setPage(next - 1)} />
      ) : null}
    </Paper>
  );
};

const PreviewStep = ({
  step,
  skipInvalid,
  onSkipInvalidChange,
}: {
  step: Extract<Step, { kind: 'preview' }>;
  skipInvalid: boolean;
  onSkipInvalidChange: (skip: boolean) => void;
}) => {
  const { t } = useTranslation();
  const { preview } = step;
  const { summary } = preview;
  const [onlyErrors, setOnlyErrors] = useState(summary.invalid > 0);
  const rows = onlyErrors ? preview.rows.filter((row) => row.errors.length) : preview.rows;
  const toImport = summary.create + summary.update;
  // Then no choice is left: only a corrected file can be imported.
  const allInvalid = summary.invalid > 0 && summary.invalid === summary.rows;
  return (
    <Stack spacing={2}>
      <Typography>{t('organizationUsers.import.checked', { fileName: step.fileName, count: summary.rows })}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="import-summary">
        <Chip color="success" variant="outlined" label={t('organizationUsers.import.summary.create', { count: summary.create })} />
        <Chip color="info" variant="outlined" label={t('organizationUsers.import.summary.update', { count: summary.update })} />
        <Chip variant="outlined" label={t('organizationUsers.import.summary.unchanged', { count: summary.unchanged })} />
        {summary.invalid ? <Chip color="error" label={t('organizationUsers.import.summary.invalid', { count: summary.invalid })} /> : null}
      </Stack>
      {step.notice ? <Alert severity="info">{step.notice}</Alert> : null}
      {step.error ? <Alert severity="error">{step.error}</Alert> : null}
      {preview.newDepartments.length ? (
        <Alert severity="info">{t('organizationUsers.import.newDepartments', { names: preview.newDepartments.join(', ') })}</Alert>
      ) : null}
      {preview.ignoredColumns.length ? (
        <Alert severity="info">{t('organizationUsers.import.ignoredColumns', { names: preview.ignoredColumns.join(', ') })}</Alert>
      ) : null}
      {allInvalid ? (
        <Alert severity="error" data-testid="import-all-rows-invalid">
          {t('organizationUsers.import.everyRowInvalid', { count: summary.invalid })}
        </Alert>
      ) : null}
      {summary.invalid && !allInvalid ? (
        <Alert severity="warning" data-testid="import-invalid-warning">
          {t('organizationUsers.import.invalidWarning', { count: summary.invalid })}
        </Alert>
      ) : null}
      {summary.invalid && !allInvalid ? (
        <FormControlLabel
          control={<Switch checked={onlyErrors} onChange={(event) => setOnlyErrors(event.target.checked)} />}
          label={t('organizationUsers.import.onlyErrors')}
        />
      ) : null}
      <PreviewTable key={String(onlyErrors)} rows={rows} />
      {toImport === 0 && !allInvalid ? <Alert severity="info">{t('organizationUsers.import.nothingToImport')}</Alert> : null}
      {summary.invalid && toImport > 0 ? (
        <FormControlLabel
          control={<Checkbox checked={skipInvalid} onChange={(event) => onSkipInvalidChange(event.target.checked)} data-testid="import-skip-invalid" />}
          label={t('organizationUsers.import.skipInvalid', { count: summary.invalid, valid: toImport })}
        />
      ) : null}
    </Stack>
  );
};

/**
 * Imports people from a CSV file in two steps: the server checks every row and says what it would
 * do (writing nothing), then, once the admin confirms, imports it in one transaction. Rows with
 * errors are left out only when the admin ticks that they should be.
 */
export const UsersImportDialog = ({ onClose }: { onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [dragging, setDragging] = useState(false);
  const preview = usePreviewUsersImport();
  const commit = useImportUsers();

  const check = async (fileName: string, csv: string, notice?: string) => {
    setStep({ kind: 'checking', fileName });
    setSkipInvalid(false);
    try {
      setStep({ kind: 'preview', fileName, csv, preview: await preview.mutateAsync(csv), notice });
    } catch (error) {
      setStep({ kind: 'choose', error: messageOf(error) });
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > usersImportLimits.maxBytes) {
      setStep({ kind: 'choose', error: t('organizationUsers.import.tooLarge', { size: formatFileSize(usersImportLimits.maxBytes, i18n.language) }) });
      return;
    }
    await check(file.name, await file.text());
  };

  const runImport = async (current: Extract<Step, { kind: 'preview' }>) => {
    const rows = current.preview.summary.create + current.preview.summary.update;
    setStep({ kind: 'importing', rows });
    try {
      const result = await commit.mutateAsync({ csv: current.csv, skipInvalidRows: current.preview.summary.invalid > 0 && skipInvalid });
      setStep({ kind: 'done', result });
    } catch (error) {
      // The people changed since the check (someone else edited them): check again and show why.
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        await check(current.fileName, current.csv, t('organizationUsers.import.changedSinceCheck'));
        return;
      }
      setStep({ ...current, error: messageOf(error) });
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void chooseFile(event.dataTransfer.files[0]);
  };

  const busy = step.kind === 'checking' || step.kind === 'importing';
  const canImport =
    step.kind === 'preview' &&
    step.preview.summary.create + step.preview.summary.update > 0 &&
    (step.preview.summary.invalid === 0 || skipInvalid);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={step.kind === 'preview' ? 'xl' : 'sm'}
      fullWidth
      data-testid="users-import-dialog"
    >
      <DialogTitle id={titleId}>{t('organizationUsers.import.title')}</DialogTitle>
      <DialogContent>
        {step.kind === 'choose' ? (
          <Stack spacing={2}>
            <Typography>{t('organizationUsers.import.intro')}</Typography>
            {step.error ? (
              <Alert severity="error" data-testid="import-file-error">
                {step.error}
              </Alert>
            ) : null}
            <Paper
              variant="outlined"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed', borderWidth: 2, borderColor: dragging ? 'primary.main' : 'divider' }}
            >
              <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>{t('organizationUsers.import.dropHere')}</Typography>
              <Button variant="contained" component="label">
                {t('organizationUsers.import.chooseFile')}
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  data-testid="import-file-input"
                  onChange={(event) => {
                    void chooseFile(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </Button>
            </Paper>
            <FormatHelp />
            <Box>
              <Button onClick={downloadTemplate}>{t('organizationUsers.import.template')}</Button>
            </Box>
          </Stack>
        ) : null}
        {step.kind === 'checking' ? (
          <Stack spacing={2} sx={{ py: 2 }} role="status">
            <Typography>{t('organizationUsers.import.checking', { fileName: step.fileName })}</Typography>
            <LinearProgress aria-label={t('organizationUsers.import.checking', { fileName: step.fileName })} />
          </Stack>
        ) : null}
        {step.kind === 'preview' ? <PreviewStep step={step} skipInvalid={skipInvalid} onSkipInvalidChange={setSkipInvalid} /> : null}
        {step.kind === 'importing' ? (
          <Stack spacing={2} sx={{ py: 2 }} role="status" data-testid="import-progress">
            <Typography>{t('organizationUsers.import.importing', { count: step.rows })}</Typography>
            <LinearProgress aria-label={t('organizationUsers.import.importing', { count: step.rows })} />
          </Stack>
        ) : null}
        {step.kind === 'done' ? (
          <Alert severity="success" role="status" data-testid="import-done">
            {t('organizationUsers.import.done', {
              created: step.result.created,
              updated: step.result.updated,
              unchanged: step.result.unchanged,
              skipped: step.result.skipped,
              count: step.result.departmentsCreated,
            })}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {step.kind === 'preview' ? <Button onClick={() => setStep({ kind: 'choose' })}>{t('organizationUsers.import.chooseAnother')}</Button> : null}
        <Box sx={{ flex: 1 }} />
        {step.kind === 'done' ? (
          <Button variant="contained" onClick={onClose} data-testid="import-close">
            {t('organizationUsers.import.close')}
          </Button>
        ) : (
          <Button onClick={onClose} disabled={busy}>
            {t('organizationUsers.actions.cancel')}
          </Button>
        )}
        {step.kind === 'preview' && step.preview.summary.create + step.preview.summary.update > 0 ? (
          <Button variant="contained" disabled={!canImport} onClick={() => void runImport(step)} data-testid="import-confirm">
            {t('organizationUsers.import.confirm', { count: step.preview.summary.create + step.preview.summary.update })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
