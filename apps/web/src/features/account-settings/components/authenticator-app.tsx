import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyField } from '../../../components/copy-field';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { postWithSession, runFactorCall, type FactorProblem } from '../factor-calls';
import { FactorProblemAlert } from './factor-problem-alert';

type Provisioning = { image: string; key: string };

type AuthenticatorAppProps = {
  loginId: string;
  /** When it was set up; null when it is not. */
  confirmedAt: string | null | undefined;
  enabled: boolean;
  onChanged: (change: 'added' | 'removed') => void;
  formatDate: (iso: string) => string;
};

/** The key in groups of four, as authenticator apps show and people type it. */
const groupedKey = (key: string) => key.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up, replacing and removing an authenticator app: a QR code and the same key to type,
 * confirmed by a first code, so a mistyped key can never lock the person out.
 */
export const AuthenticatorApp = ({ loginId, confirmedAt, enabled, onChanged, formatDate }: AuthenticatorAppProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [provisioning, setProvisioning] = useState<Provisioning | null>(null);
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [problem, setProblem] = useState<FactorProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const start = async () => {
    setProblem(null);
    setBusy(true);
    const outcome = await runFactorCall(() => sdk.totp.update(loginId, sdk.getRefreshToken()));
    setBusy(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    setProvisioning({ image: outcome.data!.image, key: outcome.data!.key });
    setCode('');
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    setCodeMissing(value === '');
    if (value === '' || busy) return codeRef.current?.focus();
    setProblem(null);
    setBusy(true);
    // With this session's refresh token, the first code confirms the new app and steps the session up.
    const outcome = await runFactorCall(() => sdk.totp.verify(loginId, value, undefined, sdk.getRefreshToken()));
    setBusy(false);
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return codeRef.current?.focus();
    }
    setProvisioning(null);
    onChanged('added');
  };

  const remove = async () => {
    setProblem(null);
    setBusy(true);
    const outcome = await runFactorCall(() => postWithSession(sdk, '/v1/auth/totp/delete', { loginId }));
    setBusy(false);
    setConfirmingRemoval(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    onChanged('removed');
  };

  return (
    <Stack spacing={1.5} data-testid="authenticator-app">
      <Typography variant="subtitle1" component="h3">
        {t('accountSettings.twoStep.app.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {enabled && confirmedAt ? t('accountSettings.twoStep.app.on', { date: formatDate(confirmedAt) }) : t('accountSettings.twoStep.app.off')}
      </Typography>
      {problem ? <FactorProblemAlert problem={problem} /> : null}
      {provisioning ? (
        <Stack component="form" spacing={2} noValidate onSubmit={confirm} data-testid="authenticator-app-setup">
          <Typography variant="body2">{t('accountSettings.twoStep.app.scan')}</Typography>
          <Box
            component="img"
            src={`data:image/png;base64,${provisioning.image}`}
            alt={t('accountSettings.twoStep.app.qrAlt')}
            sx={{ width: 200, height: 200, imageRendering: 'pixelated', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
          <CopyField label={t('accountSettings.twoStep.app.key')} value={groupedKey(provisioning.key)} testId="authenticator-key" helperText={t('accountSettings.twoStep.app.keyNote')} />
          <TextField
            inputRef={codeRef}
            label={t('accountSettings.twoStep.app.code')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeMissing(false);
            }}
            error={codeMissing}
            helperText={codeMissing ? t('accountSettings.twoStep.app.codeMissing') : t('accountSettings.twoStep.app.codeNote')}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
            sx={{ maxWidth: 260 }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={busy}>
              {t('accountSettings.twoStep.app.confirm')}
            </Button>
            <Button onClick={() => setProvisioning(null)} disabled={busy}>
              {t('accountSettings.twoStep.cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : confirmingRemoval ? (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => void remove()} loading={busy}>
                {t('accountSettings.twoStep.remove')}
              </Button>
              <Button color="inherit" size="small" onClick={() => setConfirmingRemoval(false)}>
                {t('accountSettings.twoStep.keep')}
              </Button>
            </Stack>
          }
        >
          {t('accountSettings.twoStep.app.removeQuestion')}
        </Alert>
      ) : (
        <Stack direction="row" spacing={1}>
          <Button variant={enabled ? 'outlined' : 'contained'} onClick={() => void start()} loading={busy}>
            {enabled ? t('accountSettings.twoStep.app.replace') : t('accountSettings.twoStep.app.setUp')}
          </Button>
          {enabled ? (
            <Button color="error" onClick={() => setConfirmingRemoval(true)} disabled={busy}>
              {t('accountSettings.twoStep.remove')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
};
