import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type GoogleDirectoryConnection, type GoogleDirectoryRun, type GoogleDirectorySchedule, googleDirectorySchedules } from '@vigil/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyField } from '../../../components/copy-field';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import {
  useDisconnectGoogleWorkspace,
  useGoogleWorkspace,
  useGoogleWorkspaceChanges,
  useGoogleWorkspaceRuns,
  useSaveGoogleWorkspace,
  useStartGoogleWorkspaceRun,
  useTestGoogleWorkspace,
} from './api';

const isActive = (run: GoogleDirectoryRun) => run.state === 'queued' || run.state === 'running';
/** A run whose change log is a plan, not what happened: a preview, or a sync held back before it changed anyone. */
const isPlanOnly = (run: GoogleDirectoryRun | undefined) => Boolean(run && (run.dryRun || run.heldBack));

/**
 * /configure/integrations/google-workspace/: connect Vigil to a Google Workspace directory (a
 * service account with domain-wide delegation), preview and run the sync, and read what each run changed.
 */
export const GoogleWorkspacePanel = () => {
  const { t } = useTranslation();
  const settings = useGoogleWorkspace();
  const [selectedRunId, setSelectedRunId] = useState<string | null>(null);
  if (settings.isPending) return <CircularProgress aria-label={t('integrationsGoogle.loading')} />;
  if (settings.isError) return <Alert severity="error">{t('integrationsGoogle.loadFailed', { message: messageOf(settings.error) })}</Alert>;
  const { connection, scopes, lastRuns } = settings.data;
  const activeRun = lastRuns.find(isActive);
  // The newest run, when it would deactivate more people than a sync may without confirmation.
  const heldBackRun = !activeRun && lastRuns[0]?.heldBack ? lastRuns[0] : undefined;
  return (
    <Stack spacing={3}>
      <Typography sx={{ color: 'text.secondary' }}>{t('integrationsGoogle.intro')}</Typography>
      <SetupSteps connection={connection} scopes={scopes} />
      <SettingsForm key={connection?.updatedAt ?? 'new'} connection={connection} />
      {connection ? (
        <>
          <SyncActions activeRun={activeRun} heldBackRun={heldBackRun} onStarted={setSelectedRunId} />
          <RunHistory selectedRunId={selectedRunId} onSelect={setSelectedRunId} activeRunId={activeRun?.id ?? null} />
          {selectedRunId ? <ChangeLog runId={selectedRunId} run={lastRuns.find((run) => run.id === selectedRunId)} /> : null}
          <Disconnect />
        </>
      ) : null}
    </Stack>
  );
};

const SetupSteps = ({ connection, scopes }: { connection: GoogleDirectoryConnection | null; scopes: string[] }) => {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('integrationsGoogle.setup.heading')} intro={t('integrationsGoogle.setup.intro')} testId="google-setup">
      <Typography component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
        <li>{t('integrationsGoogle.setup.createAccount')}</li>
        <li>{t('integrationsGoogle.setup.createKey')}</li>
        <li>{t('integrationsGoogle.setup.delegate')}</li>
      </Typography>
      {connection?.clientId ? (
        <CopyField label={t('integrationsGoogle.setup.clientId')} value={connection.clientId} testId="google-client-id" />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{t('integrationsGoogle.setup.clientIdLater')}</Typography>
      )}
      <CopyField label={t('integrationsGoogle.setup.scopes')} value={scopes.join(',')} testId="google-scopes" helperText={t('integrationsGoogle.setup.scopesHelp')} />
    </SectionCard>
  );
};

type FormValues = { subject: string; customer: string; domain: string; orgUnitPath: string; schedule: GoogleDirectorySchedule; deactivateMissing: boolean };

const SettingsForm = ({ connection }: { connection: GoogleDirectoryConnection | null }) => {
  const { t } = useTranslation();
  const save = useSaveGoogleWorkspace();
  const test = useTestGoogleWorkspace();
  const fileId = useId();
  const [key, setKey] = useState<{ name: string; text: string } | null>(null);
  const [values, setValues] = useState<FormValues>({
    subject: connection?.subject ?? '',
    customer: connection?.customer ?? 'my_customer',
    domain: connection?.domain ?? '',
    orgUnitPath: connection?.orgUnitPath ?? '',
    schedule: connection?.schedule ?? 'daily',
    deactivateMissing: connection?.deactivateMissing ?? false,
  });
  const [saved, setSaved] = useState(false);
  const fieldErrors = new Map(readServerFieldErrors(save.error).map((issue) => [issue.field, issue.problem]));
  const set = (field: keyof FormValues) => (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const pickKey = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setKey(file ? { name: file.name, text: await file.text() } : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      {
        ...(key ? { serviceAccountKey: key.text } : {}),
        subject: values.subject.trim(),
        customer: values.customer.trim() || 'my_customer',
        domain: values.domain.trim() || null,
        orgUnitPath: values.orgUnitPath.trim() || null,
        schedule: values.schedule,
        deactivateMissing: values.deactivateMissing,
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  const fieldProps = (field: 'subject' | 'customer' | 'domain' | 'orgUnitPath' | 'schedule') => ({ error: fieldErrors.has(field), helperText: fieldErrors.get(field) ?? t(`integrationsGoogle.form.${field}Help`) });
  const unplacedError = save.isError && !fieldErrors.size ? messageOf(save.error) : null;
  return (
    <SectionCard title={t('integrationsGoogle.form.heading')} testId="google-settings">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Stack spacing={0.5}>
          <Typography component="label" htmlFor={fileId} sx={{ fontWeight: 500 }}>
            {t('integrationsGoogle.form.key')}
          </Typography>
          <input id={fileId} type="file" accept="application/json,.json" onChange={(event) => void pickKey(event)} aria-describedby={`${fileId}-help`} />
          <Typography id={`${fileId}-help`} variant="body2" sx={{ color: fieldErrors.has('serviceAccountKey') ? 'error.main' : 'text.secondary' }} data-testid="google-key-state">
            {fieldErrors.get('serviceAccountKey') ??
              (key
                ? t('integrationsGoogle.form.keyChosen', { name: key.name })
                : connection
                  ? t('integrationsGoogle.form.keyStored', { email: connection.clientEmail, keyId: connection.privateKeyId ?? '—' })
                  : t('integrationsGoogle.form.keyNeeded'))}
          </Typography>
        </Stack>
        <TextField label={t('integrationsGoogle.form.subject')} value={values.subject} onChange={set('subject')} required type="email" {...fieldProps('subject')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('integrationsGoogle.form.customer')} value={values.customer} onChange={set('customer')} fullWidth {...fieldProps('customer')} />
          <TextField label={t('integrationsGoogle.form.domain')} value={values.domain} onChange={set('domain')} fullWidth {...fieldProps('domain')} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('integrationsGoogle.form.orgUnitPath')} value={values.orgUnitPath} onChange={set('orgUnitPath')} fullWidth placeholder="/Staff" {...fieldProps('orgUnitPath')} />
          <TextField select label={t('integrationsGoogle.form.schedule')} value={values.schedule} onChange={set('schedule')} fullWidth {...fieldProps('schedule')}>
            {googleDirectorySchedules.map((schedule) => (
              <MenuItem key={schedule} value={schedule}>
                {t(`integrationsGoogle.schedules.${schedule}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <FormControlLabel
          control={<Checkbox checked={values.deactivateMissing} onChange={(event) => setValues((current) => ({ ...current, deactivateMissing: event.target.checked }))} />}
          label={t('integrationsGoogle.form.deactivateMissing')}
        />
        {unplacedError ? <Alert severity="error">{unplacedError}</Alert> : null}
        {saved ? (
          <Alert severity="success" data-testid="google-saved">
            {t('integrationsGoogle.form.saved')}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('integrationsGoogle.form.save')}
          </Button>
          {connection ? (
            <Button variant="outlined" onClick={() => test.mutate()} disabled={test.isPending}>
              {t('integrationsGoogle.test.button')}
            </Button>
          ) : null}
        </Stack>
        {test.isPending ? <LinearProgress aria-label={t('integrationsGoogle.test.running')} /> : null}
        {test.isError ? <Alert severity="error">{messageOf(test.error)}</Alert> : null}
        {test.data ? (
          test.data.ok ? (
            <Alert severity="success" data-testid="google-test-result">
              {t(test.data.moreUsers ? 'integrationsGoogle.test.okMore' : 'integrationsGoogle.test.ok', { count: test.data.userCount, orgUnits: test.data.orgUnits.length })}
            </Alert>
          ) : (
            <Alert severity="error" data-testid="google-test-result">
              {test.data.problem}
              {test.data.googleError ? <Typography variant="body2">{t('integrationsGoogle.test.googleSaid', { code: test.data.googleError })}</Typography> : null}
            </Alert>
          )
        ) : null}
      </Stack>
    </SectionCard>
  );
};

const SyncActions = ({ activeRun, heldBackRun, onStarted }: { activeRun: GoogleDirectoryRun | undefined; heldBackRun: GoogleDirectoryRun | undefined; onStarted: (runId: string) => void }) => {
  const { t } = useTranslation();
  const start = useStartGoogleWorkspaceRun();
  const progress = activeRun?.progress;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : undefined;
  return (
    <SectionCard title={t('integrationsGoogle.sync.heading')} intro={t('integrationsGoogle.sync.intro')} testId="google-sync">
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" disabled={Boolean(activeRun) || start.isPending} onClick={() => start.mutate({ dryRun: true }, { onSuccess: (run) => onStarted(run.id) })}>
          {t('integrationsGoogle.sync.preview')}
        </Button>
        <Button variant="contained" disabled={Boolean(activeRun) || start.isPending} onClick={() => start.mutate({ dryRun: false }, { onSuccess: (run) => onStarted(run.id) })}>
          {t('integrationsGoogle.sync.now')}
        </Button>
      </Stack>
      {start.isError ? <Alert severity="error">{messageOf(start.error)}</Alert> : null}
      {heldBackRun?.heldBack ? (
        <HeldBack
          run={heldBackRun}
          held={heldBackRun.heldBack}
          busy={start.isPending}
          onShowList={() => onStarted(heldBackRun.id)}
          onConfirm={(deactivations) => start.mutate({ dryRun: false, confirmDeactivations: deactivations }, { onSuccess: (run) => onStarted(run.id) })}
        />
      ) : null}
      {activeRun ? (
        <Stack spacing={0.5} data-testid="google-progress">
          <Typography>{progress?.message ?? t(activeRun.dryRun ? 'integrationsGoogle.sync.previewing' : 'integrationsGoogle.sync.syncing')}</Typography>
          <LinearProgress
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            {...(percent === undefined ? {} : { value: percent })}
            aria-label={t('integrationsGoogle.sync.progressLabel')}
          />
          {progress && progress.total > 0 ? <Typography variant="body2">{t('integrationsGoogle.sync.progress', { done: progress.done, total: progress.total })}</Typography> : null}
        </Stack>
      ) : null}
    </SectionCard>
  );
};

/**
 * The newest run would deactivate more people than a sync may without confirmation (a listing that
 * may be only part of the directory): why, who, and the admin's confirmation for that many.
 */
const HeldBack = ({
  run,
  held,
  busy,
  onShowList,
  onConfirm,
}: {
  run: GoogleDirectoryRun;
  held: { deactivations: number; limit: number };
  busy: boolean;
  onShowList: () => void;
  onConfirm: (deactivations: number) => void;
}) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  return (
    <Alert severity="warning" role="alert" data-testid="google-held-back">
      <AlertTitle>{t(run.dryRun ? 'integrationsGoogle.heldBack.previewTitle' : 'integrationsGoogle.heldBack.syncTitle')}</AlertTitle>
      <Typography variant="body2">{t('integrationsGoogle.heldBack.numbers', { deactivations: held.deactivations, limit: held.limit })}</Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('integrationsGoogle.heldBack.advice')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
        <Button size="small" onClick={onShowList}>
          {t('integrationsGoogle.heldBack.showList')}
        </Button>
        <Button size="small" variant="outlined" color="warning" onClick={() => setConfirming(true)} disabled={busy}>
          {t('integrationsGoogle.heldBack.confirm')}
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('integrationsGoogle.heldBack.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('integrationsGoogle.heldBack.confirmText', { deactivations: held.deactivations })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('integrationsGoogle.heldBack.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              onConfirm(held.deactivations);
            }}
          >
            {t('integrationsGoogle.heldBack.confirmButton')}
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
};

const RunHistory = ({ selectedRunId, onSelect, activeRunId }: { selectedRunId: string | null; onSelect: (runId: string) => void; activeRunId: string | null }) => {
  const { t, i18n } = useTranslation();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const runs = useGoogleWorkspaceRuns(cursors.at(-1) ?? null);
  const refetch = runs.refetch;
  // A run that finishes shows its counts without a reload.
  useEffect(() => {
    if (!activeRunId) void refetch();
  }, [activeRunId, refetch]);
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <SectionCard title={t('integrationsGoogle.runs.heading')} testId="google-runs">
      {runs.isError ? <Alert severity="error">{messageOf(runs.error)}</Alert> : null}
      {runs.data && runs.data.items.length === 0 ? <Typography data-testid="google-runs-empty">{t('integrationsGoogle.runs.empty')}</Typography> : null}
      {runs.data && runs.data.items.length > 0 ? (
        <Table size="small" aria-label={t('integrationsGoogle.runs.heading')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('integrationsGoogle.runs.when')}</TableCell>
              <TableCell>{t('integrationsGoogle.runs.kind')}</TableCell>
              <TableCell>{t('integrationsGoogle.runs.state')}</TableCell>
              <TableCell>{t('integrationsGoogle.runs.counts')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.data.items.map((run) => (
              <TableRow key={run.id} selected={run.id === selectedRunId} data-testid="google-run-row">
                <TableCell>{when(run.createdAt)}</TableCell>
                <TableCell>{t(run.dryRun ? 'integrationsGoogle.runs.preview' : run.trigger === 'schedule' ? 'integrationsGoogle.runs.scheduled' : 'integrationsGoogle.runs.manual')}</TableCell>
                <TableCell>
                  {t(`integrationsGoogle.states.${run.state}`)}
                  {run.error ? (
                    <Typography variant="body2" sx={{ color: 'error.main' }}>
                      {run.error}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{t('integrationsGoogle.runs.countsText', { ...run.counts })}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => onSelect(run.id)} aria-label={t('integrationsGoogle.runs.viewChangesOf', { when: when(run.createdAt) })}>
                    {t('integrationsGoogle.runs.viewChanges')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <CursorPager cursors={cursors} setCursors={setCursors} nextCursor={runs.data?.nextCursor ?? null} back={t('integrationsGoogle.runs.newer')} forward={t('integrationsGoogle.runs.older')} />
    </SectionCard>
  );
};

type Cursors = (string | null)[];

/** Back and forward through a keyset-paged list: the cursors of the pages seen so far, the last one shown. */
const CursorPager = ({ cursors, setCursors, nextCursor, back, forward }: { cursors: Cursors; setCursors: (update: (current: Cursors) => Cursors) => void; nextCursor: string | null; back: string; forward: string }) => (
  <Stack direction="row" spacing={1}>
    {cursors.length > 1 ? <Button onClick={() => setCursors((current) => current.slice(0, -1))}>{back}</Button> : null}
    {nextCursor ? <Button onClick={() => setCursors((current) => [...current, nextCursor])}>{forward}</Button> : null}
  </Stack>
);

type Words = { none: string; yes: string; no: string };
const shown = (value: string | boolean | null, words: Words) => (value === null ? words.none : typeof value === 'boolean' ? (value ? words.yes : words.no) : value);

const ChangeLog = ({ runId, run }: { runId: string; run: GoogleDirectoryRun | undefined }) => {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const changes = useGoogleWorkspaceChanges(runId, cursors.at(-1) ?? null);
  const title = t(isPlanOnly(run) ? 'integrationsGoogle.changes.previewHeading' : 'integrationsGoogle.changes.heading');
  const words = { none: t('integrationsGoogle.changes.none'), yes: t('integrationsGoogle.changes.yes'), no: t('integrationsGoogle.changes.no') };
  if (run && isActive(run)) return <SectionCard title={title}>{t('integrationsGoogle.changes.waiting')}</SectionCard>;
  return (
    <SectionCard
      title={title}
      intro={run?.dryRun ? t('integrationsGoogle.changes.previewIntro') : run?.heldBack ? t('integrationsGoogle.changes.heldIntro') : undefined}
      testId="google-changes"
    >
      {changes.isError ? <Alert severity="error">{messageOf(changes.error)}</Alert> : null}
      {changes.data && changes.data.items.length === 0 ? <Typography>{t('integrationsGoogle.changes.empty')}</Typography> : null}
      {changes.data && changes.data.items.length > 0 ? (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('integrationsGoogle.changes.person')}</TableCell>
              <TableCell>{t('integrationsGoogle.changes.kind')}</TableCell>
              <TableCell>{t('integrationsGoogle.changes.what')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.data.items.map((change) => (
              <TableRow key={`${change.googleUserId}-${change.kind}`} data-testid="google-change-row">
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{change.email}</TableCell>
                <TableCell>{t(`integrationsGoogle.kinds.${change.kind}`)}</TableCell>
                <TableCell>
                  {change.reason ?? (
                    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
                      {change.fields.map((field) => (
                        <li key={field.field}>{t('integrationsGoogle.changes.field', { field: t(`integrationsGoogle.fields.${field.field}`, { defaultValue: field.field }), before: shown(field.before, words), after: shown(field.after, words) })}</li>
                      ))}
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <CursorPager cursors={cursors} setCursors={setCursors} nextCursor={changes.data?.nextCursor ?? null} back={t('integrationsGoogle.changes.previous')} forward={t('integrationsGoogle.changes.next')} />
    </SectionCard>
  );
};

const Disconnect = () => {
  const { t } = useTranslation();
  const disconnect = useDisconnectGoogleWorkspace();
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={t('integrationsGoogle.disconnect.heading')} intro={t('integrationsGoogle.disconnect.intro')}>
      <Stack direction="row">
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t('integrationsGoogle.disconnect.button')}
        </Button>
      </Stack>
      {disconnect.isError ? <Alert severity="error">{messageOf(disconnect.error)}</Alert> : null}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="google-disconnect-title">
        <DialogTitle id="google-disconnect-title">{t('integrationsGoogle.disconnect.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('integrationsGoogle.disconnect.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('integrationsGoogle.disconnect.cancel')}</Button>
          <Button color="error" onClick={() => disconnect.mutate(undefined, { onSuccess: () => setOpen(false) })} disabled={disconnect.isPending}>
            {t('integrationsGoogle.disconnect.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
};
