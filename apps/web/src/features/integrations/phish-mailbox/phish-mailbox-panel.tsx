import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  imapTlsModes,
  phishMailboxAuthMethods,
  processedActions,
  reportedMessageKinds,
  reportedMessageVerdicts,
  type ImapTlsMode,
  type PhishMailboxAuthMethod,
  type PhishMailboxSettings,
  type ProcessedAction,
  type ReportedMessage,
  type ReportedMessageKind,
  type ReportedMessageVerdict,
  type SavePhishMailboxInput,
} from '@vigil/contracts';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { type ReportedMailFilter, useDeletePhishMailbox, usePhishMailbox, useReportedMessages, useSavePhishMailbox, useSetVerdict, useTestPhishMailbox } from './api';

const ns = 'integrationsPhishMailbox';

/**
 * /configure/integrations/phish-mailbox/: point Vigil at the mailbox people forward suspicious mail
 * to (IMAP with a password, Microsoft 365 or Google Workspace), see when it was last read, and
 * triage what arrived: forwarded simulations count as reports on their own, the rest gets a verdict.
 */
export const PhishMailboxPanel = () => {
  const { t } = useTranslation();
  const state = usePhishMailbox();
  if (state.isPending) return <CircularProgress aria-label={t(`${ns}.loading`)} />;
  if (state.isError) return <Alert severity="error">{t(`${ns}.loadFailed`, { message: messageOf(state.error) })}</Alert>;
  const { settings, pendingCount, can } = state.data;
  return (
    <Stack spacing={3}>
      <Typography sx={{ color: 'text.secondary' }}>{t(`${ns}.intro`)}</Typography>
      {settings ? <ConnectionState settings={settings} canTest={can.test} /> : null}
      <SettingsForm key={settings?.updatedAt ?? 'new'} settings={settings} />
      <ReportedMail pendingCount={pendingCount} />
      {can.delete ? <DeleteSettings /> : null}
    </Stack>
  );
};

const useWhen = () => {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
};

const ConnectionState = ({ settings, canTest }: { settings: PhishMailboxSettings; canTest: boolean }) => {
  const { t } = useTranslation();
  const when = useWhen();
  const test = useTestPhishMailbox();
  return (
    <SectionCard title={t(`${ns}.state.heading`)} testId="phish-mailbox-state">
      <Typography>{settings.lastPolledAt ? t(`${ns}.state.lastPolled`, { date: when(settings.lastPolledAt) }) : t(`${ns}.state.neverPolled`)}</Typography>
      {settings.lastError ? (
        <Alert severity="warning" data-testid="phish-mailbox-last-error">
          {t(`${ns}.state.lastError`, { error: settings.lastError })}
        </Alert>
      ) : settings.lastSuccessAt ? (
        <Typography sx={{ color: 'text.secondary' }}>{t(`${ns}.state.lastSuccess`, { date: when(settings.lastSuccessAt) })}</Typography>
      ) : null}
      {!settings.enabled ? <Alert severity="info">{t(`${ns}.state.off`)}</Alert> : null}
      {canTest ? (
        <Box>
          <Button variant="outlined" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? t(`${ns}.state.testing`) : t(`${ns}.state.test`)}
          </Button>
        </Box>
      ) : null}
      <Box aria-live="polite">
        {test.isError ? <Alert severity="error">{messageOf(test.error)}</Alert> : null}
        {test.data?.ok ? (
          <Alert severity="success" data-testid="phish-mailbox-test-result">
            {t(`${ns}.state.testOk`, { folder: test.data.folder, count: test.data.messages, server: test.data.server ?? t(`${ns}.state.unknownServer`) })}
          </Alert>
        ) : null}
        {test.data && !test.data.ok ? (
          <Alert severity="error" data-testid="phish-mailbox-test-result">
            {t(`${ns}.state.testFailed.${test.data.stage}`)} {test.data.message}
            {test.data.serverResponse ? ` — ${t(`${ns}.state.serverSaid`, { response: test.data.serverResponse })}` : ''}
          </Alert>
        ) : null}
      </Box>
    </SectionCard>
  );
};

type FormValues = {
  host: string;
  port: string;
  tlsMode: ImapTlsMode;
  username: string;
  folder: string;
  method: PhishMailboxAuthMethod;
  password: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  processedAction: ProcessedAction;
  processedFolder: string;
  thankReporters: boolean;
  enabled: boolean;
};

const initialValues = (settings: PhishMailboxSettings | null): FormValues => ({
  host: settings?.host ?? '',
  port: String(settings?.port ?? 993),
  tlsMode: settings?.tlsMode ?? 'tls',
  username: settings?.username ?? '',
  folder: settings?.folder ?? 'INBOX',
  method: settings?.auth.method ?? 'password',
  password: '',
  tenantId: settings?.auth.method === 'microsoft' ? settings.auth.tenantId : '',
  clientId: settings?.auth.method === 'microsoft' ? settings.auth.clientId : '',
  clientSecret: '',
  processedAction: settings?.processedAction ?? 'move',
  processedFolder: settings?.processedFolder ?? 'Vigil processed',
  thankReporters: settings?.thankReporters ?? true,
  enabled: settings?.enabled ?? true,
});

/** Whether the saved settings already hold the secret of this method. */
const hasSavedSecret = (settings: PhishMailboxSettings | null, method: PhishMailboxAuthMethod) => {
  const auth = settings?.auth;
  if (!auth || auth.method !== method) return false;
  if (auth.method === 'password') return auth.hasPassword;
  if (auth.method === 'microsoft') return auth.hasClientSecret;
  return auth.hasServiceAccountKey;
};

/**
 * Whether the form points the saved secret somewhere else: another server, account or app. The
 * server then refuses to reuse it (it would hand the password, a token or a mailbox to whoever runs
 * the new host), so the form asks for it again.
 */
const movesSavedSecret = (settings: PhishMailboxSettings | null, values: FormValues) => {
  if (!settings) return false;
  const { auth } = settings;
  return (
    settings.host.toLowerCase() !== values.host.trim().toLowerCase() ||
    settings.port !== Number(values.port) ||
    settings.tlsMode !== values.tlsMode ||
    settings.username !== values.username.trim() ||
    (auth.method === 'microsoft' && values.method === 'microsoft' && (auth.tenantId !== values.tenantId.trim() || auth.clientId !== values.clientId.trim()))
  );
};

const SettingsForm = ({ settings }: { settings: PhishMailboxSettings | null }) => {
  const { t } = useTranslation();
  const save = useSavePhishMailbox();
  const fileId = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(settings));
  const [key, setKey] = useState<{ name: string; text: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const errors = new Map(readServerFieldErrors(save.error).map((issue) => [issue.field.replace(/^auth\./, ''), issue.problem]));
  // A saved secret is kept only for the same server, account and app; otherwise it must be entered again.
  const secretMoves = hasSavedSecret(settings, values.method) && movesSavedSecret(settings, values);
  const savedSecret = hasSavedSecret(settings, values.method) && !secretMoves;
  const set = (field: keyof FormValues) => (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const toggle = (field: 'thankReporters' | 'enabled') => (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.checked }));
  const field = (name: keyof FormValues, help?: string) => ({ error: errors.has(name), helperText: errors.get(name) ?? help ?? ' ' });
  const secretHelp = savedSecret ? t(`${ns}.form.secretSaved`) : secretMoves ? t(`${ns}.form.secretAgain`) : undefined;
  // Asking again is a warning the admin must not miss: the saved secret will not be used.
  const secretField = (name: 'password' | 'clientSecret') => ({
    ...field(name, secretHelp),
    required: secretMoves,
    slotProps: { formHelperText: { sx: secretMoves && !values[name] && !errors.has(name) ? { color: 'warning.dark' } : undefined } },
  });

  const pickKey = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setKey(file ? { name: file.name, text: await file.text() } : null);
  };
  const auth = (): SavePhishMailboxInput['auth'] => {
    if (values.method === 'microsoft') return { method: 'microsoft', tenantId: values.tenantId.trim(), clientId: values.clientId.trim(), ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}) };
    if (values.method === 'google') return { method: 'google', ...(key ? { serviceAccountKey: key.text } : {}) };
    return { method: 'password', ...(values.password ? { password: values.password } : {}) };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      {
        host: values.host.trim(),
        port: Number(values.port),
        tlsMode: values.tlsMode,
        username: values.username.trim(),
        folder: values.folder.trim() || 'INBOX',
        auth: auth(),
        processedAction: values.processedAction,
        processedFolder: values.processedFolder.trim() || 'Vigil processed',
        thankReporters: values.thankReporters,
        enabled: values.enabled,
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  const unplaced = save.isError && errors.size === 0 ? messageOf(save.error) : null;

  return (
    <SectionCard title={t(`${ns}.form.heading`)} intro={t(`${ns}.form.intro`)} testId="phish-mailbox-settings">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <TextField select label={t(`${ns}.form.method`)} value={values.method} onChange={set('method')} {...field('method', t(`${ns}.form.methodHelp.${values.method}`))}>
          {phishMailboxAuthMethods.map((method) => (
            <MenuItem key={method} value={method}>
              {t(`${ns}.form.methods.${method}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t(`${ns}.form.host`)} value={values.host} onChange={set('host')} required fullWidth {...field('host', t(`${ns}.form.hostHelp`))} />
          <TextField label={t(`${ns}.form.port`)} value={values.port} onChange={set('port')} required inputMode="numeric" sx={{ minWidth: 120 }} {...field('port')} />
          <TextField select label={t(`${ns}.form.tlsMode`)} value={values.tlsMode} onChange={set('tlsMode')} sx={{ minWidth: 200 }} {...field('tlsMode')}>
            {imapTlsModes.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {t(`${ns}.form.tlsModes.${mode}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t(`${ns}.form.username`)} value={values.username} onChange={set('username')} required fullWidth autoComplete="off" {...field('username', t(`${ns}.form.usernameHelp`))} />
          <TextField label={t(`${ns}.form.folder`)} value={values.folder} onChange={set('folder')} fullWidth {...field('folder')} />
        </Stack>
        {values.method === 'password' ? (
          <TextField label={t(`${ns}.form.password`)} type="password" value={values.password} onChange={set('password')} autoComplete="new-password" {...secretField('password')} />
        ) : null}
        {values.method === 'microsoft' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t(`${ns}.form.tenantId`)} value={values.tenantId} onChange={set('tenantId')} required fullWidth {...field('tenantId')} />
            <TextField label={t(`${ns}.form.clientId`)} value={values.clientId} onChange={set('clientId')} required fullWidth {...field('clientId')} />
            <TextField label={t(`${ns}.form.clientSecret`)} type="password" value={values.clientSecret} onChange={set('clientSecret')} autoComplete="new-password" fullWidth {...secretField('clientSecret')} />
          </Stack>
        ) : null}
        {values.method === 'google' ? (
          <Stack spacing={0.5}>
            <Typography component="label" htmlFor={fileId} sx={{ fontWeight: 500 }}>
              {t(`${ns}.form.serviceAccountKey`)}
            </Typography>
            <input id={fileId} type="file" accept="application/json,.json" onChange={(event) => void pickKey(event)} aria-describedby={`${fileId}-help`} />
            <Typography id={`${fileId}-help`} variant="body2" sx={{ color: errors.has('serviceAccountKey') ? 'error.main' : secretMoves && !key ? 'warning.dark' : 'text.secondary' }}>
              {errors.get('serviceAccountKey') ??
                (key
                  ? t(`${ns}.form.keyChosen`, { name: key.name })
                  : secretMoves
                    ? t(`${ns}.form.keyAgain`)
                    : settings?.auth.method === 'google' && settings.auth.clientEmail
                      ? t(`${ns}.form.keySaved`, { email: settings.auth.clientEmail })
                      : t(`${ns}.form.keyHelp`))}
            </Typography>
          </Stack>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label={t(`${ns}.form.processedAction`)} value={values.processedAction} onChange={set('processedAction')} fullWidth {...field('processedAction')}>
            {processedActions.map((action) => (
              <MenuItem key={action} value={action}>
                {t(`${ns}.form.processedActions.${action}`)}
              </MenuItem>
            ))}
          </TextField>
          {values.processedAction === 'move' ? (
            <TextField label={t(`${ns}.form.processedFolder`)} value={values.processedFolder} onChange={set('processedFolder')} fullWidth {...field('processedFolder', t(`${ns}.form.processedFolderHelp`))} />
          ) : null}
        </Stack>
        <FormControlLabel control={<Checkbox checked={values.thankReporters} onChange={toggle('thankReporters')} />} label={t(`${ns}.form.thankReporters`)} />
        <FormControlLabel control={<Checkbox checked={values.enabled} onChange={toggle('enabled')} />} label={t(`${ns}.form.enabled`)} />
        {unplaced ? <Alert severity="error">{unplaced}</Alert> : null}
        {saved ? <Alert severity="success">{t(`${ns}.form.saved`)}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t(`${ns}.form.save`)}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
};

const ReportedMail = ({ pendingCount }: { pendingCount: number }) => {
  const { t } = useTranslation();
  const when = useWhen();
  const [filter, setFilter] = useState<ReportedMailFilter>({});
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [openId, setOpenId] = useState<string | null>(null);
  const page = useReportedMessages(filter, cursors.at(-1) ?? null);
  const setVerdict = useSetVerdict();
  const choose = (next: ReportedMailFilter) => {
    setFilter(next);
    setCursors([null]);
  };
  const items = page.data?.items ?? [];
  const open = items.find((message) => message.id === openId);

  return (
    <SectionCard title={t(`${ns}.mail.heading`)} intro={t(`${ns}.mail.intro`, { count: pendingCount })} testId="phish-mailbox-mail">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label={t(`${ns}.mail.kindFilter`)} value={filter.kind ?? ''} onChange={(event) => choose({ ...filter, kind: (event.target.value || undefined) as ReportedMessageKind | undefined })} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t(`${ns}.mail.all`)}</MenuItem>
          {reportedMessageKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`${ns}.mail.kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t(`${ns}.mail.verdictFilter`)} value={filter.verdict ?? ''} onChange={(event) => choose({ ...filter, verdict: (event.target.value || undefined) as ReportedMessageVerdict | undefined })} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t(`${ns}.mail.all`)}</MenuItem>
          {reportedMessageVerdicts.map((verdict) => (
            <MenuItem key={verdict} value={verdict}>
              {t(`${ns}.mail.verdicts.${verdict}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {page.isError ? <Alert severity="error">{messageOf(page.error)}</Alert> : null}
      {setVerdict.isError ? <Alert severity="error">{messageOf(setVerdict.error)}</Alert> : null}
      {page.isPending ? (
        <CircularProgress aria-label={t(`${ns}.loading`)} />
      ) : items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }} data-testid="phish-mailbox-mail-empty">
          {filter.kind || filter.verdict ? t(`${ns}.mail.emptyFiltered`) : t(`${ns}.mail.empty`)}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t(`${ns}.mail.heading`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t(`${ns}.mail.columns.kind`)}</TableCell>
                <TableCell>{t(`${ns}.mail.columns.reporter`)}</TableCell>
                <TableCell>{t(`${ns}.mail.columns.sender`)}</TableCell>
                <TableCell>{t(`${ns}.mail.columns.subject`)}</TableCell>
                <TableCell>{t(`${ns}.mail.columns.received`)}</TableCell>
                <TableCell>{t(`${ns}.mail.columns.contents`)}</TableCell>
                <TableCell>{t(`${ns}.mail.columns.verdict`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((message) => (
                <TableRow key={message.id} hover>
                  <TableCell>
                    <Chip size="small" color={message.kind === 'simulation' ? 'success' : 'default'} label={t(`${ns}.mail.kinds.${message.kind}`)} />
                  </TableCell>
                  <TableCell>
                    {message.reporter.name ?? message.reporter.email}
                    {message.reporter.verified ? null : <Chip size="small" variant="outlined" color="warning" label={t(`${ns}.mail.unverified`)} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{message.sender.address ?? message.sender.name ?? t(`${ns}.mail.unknownSender`)}</TableCell>
                  <TableCell>
                    <Button variant="text" onClick={() => setOpenId(message.id)} sx={{ textTransform: 'none', textAlign: 'left', p: 0 }}>
                      {message.subject || t(`${ns}.mail.noSubject`)}
                    </Button>
                  </TableCell>
                  <TableCell>{when(message.reportedAt)}</TableCell>
                  <TableCell>{t(`${ns}.mail.contents`, { links: message.links.length, attachments: message.attachments.length })}</TableCell>
                  <TableCell>
                    {message.can.setVerdict ? (
                      <TextField
                        select
                        size="small"
                        label={t(`${ns}.mail.verdictFor`, { subject: message.subject || t(`${ns}.mail.noSubject`) })}
                        value={message.verdict ?? 'pending'}
                        onChange={(event) => setVerdict.mutate({ id: message.id, verdict: event.target.value as ReportedMessageVerdict })}
                        sx={{ minWidth: 140 }}
                        slotProps={{ inputLabel: { sx: visuallyHidden } }}
                      >
                        {reportedMessageVerdicts.map((verdict) => (
                          <MenuItem key={verdict} value={verdict}>
                            {t(`${ns}.mail.verdicts.${verdict}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    ) : (
                      <Typography variant="body2">
                        {message.countedAsReport ? t(`${ns}.mail.countedAsReport`) : message.reporter.verified ? t(`${ns}.mail.notCounted`) : t(`${ns}.mail.notCountedUnverified`)}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Stack direction="row" spacing={1}>
        {cursors.length > 1 ? <Button onClick={() => setCursors((list) => list.slice(0, -1))}>{t(`${ns}.mail.previous`)}</Button> : null}
        {page.data?.nextCursor ? <Button onClick={() => setCursors((list) => [...list, page.data!.nextCursor])}>{t(`${ns}.mail.next`)}</Button> : null}
      </Stack>
      <Drawer anchor="right" open={open !== undefined} onClose={() => setOpenId(null)}>
        {open ? <MessageDetails message={open} onClose={() => setOpenId(null)} /> : null}
      </Drawer>
    </SectionCard>
  );
};

// The verdict select's label is read by screen readers; sighted users read the column heading.
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

const MessageDetails = ({ message, onClose }: { message: ReportedMessage; onClose: () => void }) => {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <Stack spacing={2} sx={{ width: { xs: '100vw', sm: 520 }, p: 3 }} role="region" aria-label={t(`${ns}.details.heading`)} data-testid="phish-mailbox-details">
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {message.subject || t(`${ns}.mail.noSubject`)}
      </Typography>
      <Typography variant="body2">{t(`${ns}.details.from`, { sender: [message.sender.name, message.sender.address].filter(Boolean).join(' ') || t(`${ns}.mail.unknownSender`) })}</Typography>
      <Typography variant="body2">{t(`${ns}.details.reportedBy`, { reporter: message.reporter.name ? `${message.reporter.name} (${message.reporter.email})` : message.reporter.email, date: when(message.reportedAt) })}</Typography>
      {message.reporter.verified ? null : <Alert severity="warning">{t(`${ns}.details.unverifiedReporter`)}</Alert>}
      {message.verdictBy && message.verdictAt ? (
        <Typography variant="body2">{t(`${ns}.details.verdictBy`, { verdict: t(`${ns}.mail.verdicts.${message.verdict ?? 'pending'}`), name: message.verdictBy.name, date: when(message.verdictAt) })}</Typography>
      ) : null}
      <Typography variant="h3" sx={{ fontSize: '1rem' }}>
        {t(`${ns}.details.links`, { count: message.links.length })}
      </Typography>
      {message.links.length ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {message.links.map((link) => (
            <li key={link.url}>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                <strong>{link.host}</strong> — {link.url}
              </Typography>
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t(`${ns}.details.noLinks`)}</Typography>
      )}
      <Typography variant="h3" sx={{ fontSize: '1rem' }}>
        {t(`${ns}.details.attachments`, { count: message.attachments.length })}
      </Typography>
      {message.attachments.length ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {message.attachments.map((attachment) => (
            <li key={`${attachment.name}-${attachment.sha256}`}>
              <Typography variant="body2">{t(`${ns}.details.attachment`, { name: attachment.name, type: attachment.contentType, size: attachment.size })}</Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                SHA-256 {attachment.sha256}
              </Typography>
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t(`${ns}.details.noAttachments`)}</Typography>
      )}
      {message.excerpt ? (
        <>
          <Typography variant="h3" sx={{ fontSize: '1rem' }}>
            {t(`${ns}.details.excerpt`)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {message.excerpt}
          </Typography>
        </>
      ) : null}
      <Box>
        <Button onClick={onClose}>{t(`${ns}.details.close`)}</Button>
      </Box>
    </Stack>
  );
};

const DeleteSettings = () => {
  const { t } = useTranslation();
  const remove = useDeletePhishMailbox();
  const [confirming, setConfirming] = useState(false);
  return (
    <SectionCard title={t(`${ns}.delete.heading`)} intro={t(`${ns}.delete.intro`)}>
      {remove.isError ? <Alert severity="error">{messageOf(remove.error)}</Alert> : null}
      <Stack direction="row" spacing={1}>
        {confirming ? (
          <>
            <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t(`${ns}.delete.confirm`)}
            </Button>
            <Button onClick={() => setConfirming(false)}>{t(`${ns}.delete.cancel`)}</Button>
          </>
        ) : (
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            {t(`${ns}.delete.button`)}
          </Button>
        )}
      </Stack>
    </SectionCard>
  );
};
