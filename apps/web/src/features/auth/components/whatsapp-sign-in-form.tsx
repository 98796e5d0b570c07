import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import { useNewestWait } from '../use-newest-wait';
import type { SignInFormProps } from '../sign-in-methods';
import { AuthFailureAlert } from './auth-failure-alert';

type Step =
  | { name: 'phone' }
  // The link opens WhatsApp with the message (and its one-time code) ready to send; the image is its QR code.
  | { name: 'waiting'; loginId: string; redirectUrl: string; image: string };

type PhoneProblem = 'phoneInvalid' | 'phoneNeeded';

// The SDK's limits (contract §5.6): a poll a second, for at most the ten minutes the request lives.
const waitConfig = { pollingIntervalMs: 1000, timeoutMs: 600_000 };

/** What people type (spaces, dashes, brackets) as the provider reads it: + and digits. */
const normalisePhone = (typed: string) => typed.replace(/[\s().-]/g, '');
const phonePattern = /^\+[1-9]\d{3,14}$/;

/**
 * WhatsApp: an optional phone → a QR code and an "Open WhatsApp" link that prepare a message with a
 * one-time code to the service's number → wait. Sending the message (from that phone, or any phone
 * of the person's account) signs this tab in; on success the SDK publishes the session and the
 * sign-in page moves on by itself, as with an enchanted link.
 */
export const WhatsAppSignInForm = (_props: SignInFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [phone, setPhone] = useState('');
  const [phoneProblem, setPhoneProblem] = useState<PhoneProblem | null>(null);
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState(false);
  // Asks for the phone field's focus once it can take it (it is disabled while a request runs).
  const [phoneFocusRequest, setPhoneFocusRequest] = useState(0);
  const phoneRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const newestWait = useNewestWait(setFailure);

  useEffect(() => {
    if (step.name === 'waiting') noticeRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (phoneFocusRequest > 0 && !busy) phoneRef.current?.focus();
  }, [phoneFocusRequest, busy]);

  const waitForSession = (pendingRef: string) => newestWait.wait(() => sdk.notp.waitForSession(pendingRef, waitConfig));

  const start = async (loginId: string) => {
    newestWait.forget();
    setFailure(null);
    setBusy(true);
    const outcome = await runAuthCall(() => sdk.notp.signIn(loginId), 'send-link');
    setBusy(false);
    if (outcome.ok && outcome.data) {
      const { pendingRef, redirectUrl, image } = outcome.data;
      setStep({ name: 'waiting', loginId, redirectUrl, image });
      void waitForSession(pendingRef);
      return;
    }
    // The server refused the number, or needs one (it cannot receive WhatsApp messages itself).
    if (!outcome.ok && outcome.failure.reason === 'invalidInput') {
      setStep({ name: 'phone' });
      setPhoneProblem(loginId ? 'phoneInvalid' : 'phoneNeeded');
      setPhoneFocusRequest((count) => count + 1);
      return;
    }
    // A 2xx without a pendingRef would leave nothing to wait for.
    setFailure(outcome.ok ? { reason: 'generic' } : outcome.failure);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const loginId = normalisePhone(phone);
    const problem = loginId === '' || phonePattern.test(loginId) ? null : 'phoneInvalid';
    setPhoneProblem(problem);
    if (problem) {
      setFailure(null);
      setPhoneFocusRequest((count) => count + 1);
      return;
    }
    void start(loginId);
  };

  if (step.name === 'phone') {
    return (
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-busy={busy} data-testid="whatsapp-sign-in-form">
        {failure ? <AuthFailureAlert failure={failure} /> : null}
        <Typography variant="body2" color="text.secondary">
          {t('login.whatsapp.intro')}
        </Typography>
        <TextField
          id="sign-in-phone"
          name="phone"
          type="tel"
          label={t('login.whatsapp.phoneLabel')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={phoneProblem !== null}
          helperText={phoneProblem ? t(`login.whatsapp.${phoneProblem}`) : t('login.whatsapp.phoneHint')}
          disabled={busy}
          inputRef={phoneRef}
          autoComplete="tel"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', spellCheck: false, 'data-testid': 'sign-in-phone' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          {t('login.whatsapp.continue')}
        </Button>
      </Stack>
    );
  }

  const timedOut = failure?.reason === 'linkTimedOut';
  return (
    <Stack spacing={2.5} aria-busy={busy} data-testid="whatsapp-waiting-step">
      <Alert severity="info" role="status" ref={noticeRef} tabIndex={-1} data-testid="whatsapp-instructions">
        {t('login.whatsapp.instructions')}
      </Alert>
      {timedOut ? (
        <Alert severity="error" data-testid="sign-in-error">
          {t('login.whatsapp.timedOut')}
        </Alert>
      ) : failure ? (
        <AuthFailureAlert failure={failure} />
      ) : null}
      <Box
        component="img"
        src={`data:image/png;base64,${step.image}`}
        alt={t('login.whatsapp.qrAlt')}
        width={200}
        height={200}
        sx={{ alignSelf: 'center', imageRendering: 'pixelated', bgcolor: 'common.white', borderRadius: 1 }}
        data-testid="whatsapp-qr"
      />
      <Button component="a" href={step.redirectUrl} target="_blank" rel="noopener noreferrer" variant="contained" size="large">
        {t('login.whatsapp.open')}{' '}
        <Box component="span" sx={visuallyHidden}>
          {t('login.whatsapp.opensNewTab')}
        </Box>
      </Button>
      {timedOut ? null : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} data-testid="whatsapp-waiting">
          <CircularProgress size={20} aria-hidden sx={{ flexShrink: 0 }} />
          <Typography sx={{ color: 'text.secondary' }}>{t('login.whatsapp.waiting')}</Typography>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button
          type="button"
          disabled={busy}
          onClick={() => {
            newestWait.forget();
            setFailure(null);
            setStep({ name: 'phone' });
          }}
        >
          {t('login.whatsapp.changeNumber')}
        </Button>
        <Button type="button" onClick={() => void start(step.loginId)} loading={busy} disabled={busy}>
          {t('login.whatsapp.startAgain')}
        </Button>
      </Stack>
    </Stack>
  );
};
