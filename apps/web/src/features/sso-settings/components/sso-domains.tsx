import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SsoDomain, SsoDomainCheck } from '@vigil/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyField } from '../../../components/copy-field';
import { EmptyState } from '../../../components/empty-state';
import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useCheckSsoDomain, useRemoveSsoDomainProof } from '../api/sso-settings';

/** Long domains, record values and connection names break anywhere rather than widen a narrow screen. */
const wrap = { overflowWrap: 'anywhere' } as const;

type SsoDomainsProps = {
  /** The organisation's domains: those its connections claim and those it proved. */
  domains: SsoDomain[];
  formatDate: (iso: string) => string;
};

/**
 * The organisation's email domains and whether it proved in DNS that it holds them: just-in-time
 * provisioning trusts proved domains only, and a proved domain sends sign-ins here whoever else
 * claims it. Each unproved domain shows the TXT record to publish and checks it on demand; a
 * domain no connection claims can be proved from the form below the list.
 */
export const SsoDomains = ({ domains, formatDate }: SsoDomainsProps) => {
  const { t } = useTranslation();
  const prove = useCheckSsoDomain();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [missing, setMissing] = useState(false);
  // The last answer of each check (from a row or the form), by domain: what was found stays in view.
  const [answers, setAnswers] = useState<Record<string, SsoDomainCheck>>({});
  // The domain last checked from the form: shown with its record until the list has it.
  const [formDomain, setFormDomain] = useState<string | null>(null);

  const remember = (answer: SsoDomainCheck) => setAnswers((current) => ({ ...current, [answer.domain.domain]: answer }));
  const forget = (domain: string) => {
    setAnswers(({ [domain]: _gone, ...rest }) => rest);
    if (formDomain === domain) setFormDomain(null);
  };

  const formAnswer = formDomain ? answers[formDomain] : undefined;
  const rows = formAnswer && !domains.some((item) => item.domain === formAnswer.domain.domain) ? [...domains, formAnswer.domain] : domains;
  const fieldProblem = readServerFieldErrors(prove.error).find((issue) => issue.field === 'domain')?.problem;
  const unplaced = prove.error && !fieldProblem ? messageOf(prove.error) : undefined;
  // The list's word once it has the domain (it is newer than the answer after a proof is given up).
  const formStatus = formAnswer ? (domains.find((item) => item.domain === formAnswer.domain.domain) ?? formAnswer.domain).proved : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const domain = typed.trim();
    setMissing(!domain);
    if (!domain) return;
    prove.mutate(domain, {
      onSuccess: (answer) => {
        remember(answer);
        setFormDomain(answer.domain.domain);
        setTyped('');
      },
    });
  };

  return (
    <>
      {rows.length ? (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((domain) => (
            <SsoDomainRow key={domain.domain} domain={domain} answer={answers[domain.domain]} onAnswer={remember} onGivenUp={forget} formatDate={formatDate} />
          ))}
        </Stack>
      ) : (
        <EmptyState testId="sso-domains-empty">{t('ssoSettings.domains.empty')}</EmptyState>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${inputId}-title`}>
        <Typography id={`${inputId}-title`} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {t('ssoSettings.domains.proveTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('ssoSettings.domains.proveNote')}
        </Typography>
        {unplaced ? (
          <Alert severity="error" sx={{ mb: 1.5, ...wrap }}>
            {t('ssoSettings.domains.checkFailed', { message: unplaced })}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <TextField
            id={inputId}
            label={t('ssoSettings.domains.domainLabel')}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setMissing(false);
            }}
            error={missing || Boolean(fieldProblem)}
            helperText={missing ? t('ssoSettings.domains.domainRequired') : (fieldProblem ?? t('ssoSettings.domains.domainNote'))}
            size="small"
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'sso-domain-input', spellCheck: false, autoCapitalize: 'none' } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" variant="outlined" loading={prove.isPending} sx={{ flexShrink: 0 }}>
            {t('ssoSettings.domains.prove')}
          </Button>
        </Stack>
        <Typography role="status" variant="body2" sx={{ mt: formAnswer ? 1 : 0, ...wrap }}>
          {formAnswer
            ? formStatus
              ? t('ssoSettings.domains.formProved', { domain: formAnswer.domain.domain })
              : t('ssoSettings.domains.formNotProved', { domain: formAnswer.domain.domain })
            : null}
        </Typography>
      </Box>
    </>
  );
};

type SsoDomainRowProps = {
  domain: SsoDomain;
  /** The last check's answer for this domain, if it was checked on this page. */
  answer: SsoDomainCheck | undefined;
  onAnswer: (answer: SsoDomainCheck) => void;
  onGivenUp: (domain: string) => void;
  formatDate: (iso: string) => string;
};

/** One domain: its proof state, the connections claiming it, the record to publish, and the actions. */
const SsoDomainRow = ({ domain, answer, onAnswer, onGivenUp, formatDate }: SsoDomainRowProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const dialogTitleId = useId();
  const check = useCheckSsoDomain();
  const remove = useRemoveSsoDomainProof();
  const [confirming, setConfirming] = useState(false);
  // The list is the truth; a check's answer that it is not there yet is shown until the list says otherwise.
  const notFound = answer && !answer.domain.proved && !domain.proved ? answer : undefined;

  const giveUp = () =>
    remove.mutate(domain.domain, {
      onSuccess: () => {
        setConfirming(false);
        onGivenUp(domain.domain);
      },
    });

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} data-testid="sso-domain" data-domain={domain.domain}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mr: 1, minWidth: 0, ...wrap }}>
            {domain.domain}
          </Typography>
          <Chip
            size="small"
            color={domain.proved ? 'success' : 'default'}
            label={
              !domain.proved ? t('ssoSettings.domains.notProved') : domain.provedAt ? t('ssoSettings.domains.proved', { date: formatDate(domain.provedAt) }) : t('ssoSettings.domains.provedUndated')
            }
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={wrap}>
          {domain.connections.length ? t('ssoSettings.domains.connections', { names: domain.connections.join(', ') }) : t('ssoSettings.domains.noConnections')}
        </Typography>
        {domain.proved ? null : (
          <div>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5, ...wrap }}>
              {t('ssoSettings.domains.recordTitle', { domain: domain.domain })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('ssoSettings.domains.recordNote', { type: domain.record.type })}
            </Typography>
            <Stack spacing={1.5}>
              <Typography variant="body2">{t('ssoSettings.domains.recordType', { type: domain.record.type })}</Typography>
              <CopyField label={t('ssoSettings.domains.recordName')} value={domain.record.name} helperText={t('ssoSettings.domains.recordNameNote')} />
              <CopyField label={t('ssoSettings.domains.recordValue')} value={domain.record.value} />
            </Stack>
          </div>
        )}
        <Box role="status">
          {notFound ? (
            // role="none": the status region around it announces it politely, not as an alarm.
            <Alert role="none" severity={notFound.found.length ? 'warning' : 'info'} sx={wrap}>
              {t('ssoSettings.domains.notFound', { domain: domain.domain })}
              {notFound.found.length ? (
                <>
                  <Box component="span" sx={{ display: 'block', mt: 1 }}>
                    {t('ssoSettings.domains.foundInstead')}
                  </Box>
                  <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
                    {notFound.found.map((value) => (
                      <Box component="li" key={value} sx={{ fontFamily: 'monospace', ...wrap }}>
                        {value}
                      </Box>
                    ))}
                  </Box>
                  <Box component="span" sx={{ display: 'block' }}>
                    {t('ssoSettings.domains.foundInsteadNote')}
                  </Box>
                </>
              ) : null}
            </Alert>
          ) : null}
        </Box>
        {check.error ? (
          <Alert severity="error" sx={wrap}>
            {t('ssoSettings.domains.checkFailed', { message: messageOf(check.error) })}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {domain.proved ? (
            <Button color="error" onClick={() => setConfirming(true)} aria-describedby={headingId}>
              {t('ssoSettings.domains.giveUp')}
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => check.mutate(domain.domain, { onSuccess: onAnswer })} loading={check.isPending} aria-describedby={headingId}>
              {t('ssoSettings.domains.check')}
            </Button>
          )}
        </Stack>
      </Stack>
      {confirming ? (
        <Dialog open onClose={remove.isPending ? undefined : () => setConfirming(false)} aria-labelledby={dialogTitleId} maxWidth="xs" fullWidth>
          <DialogTitle id={dialogTitleId} sx={wrap}>
            {t('ssoSettings.domains.giveUpTitle', { domain: domain.domain })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={wrap}>{t('ssoSettings.domains.giveUpBody', { domain: domain.domain })}</DialogContentText>
            {remove.error ? (
              <Alert severity="error" sx={{ mt: 2, ...wrap }}>
                {messageOf(remove.error)}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('ssoSettings.cancel')}
            </Button>
            <Button variant="contained" color="error" onClick={giveUp} loading={remove.isPending} autoFocus>
              {t('ssoSettings.domains.giveUpConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Paper>
  );
};
