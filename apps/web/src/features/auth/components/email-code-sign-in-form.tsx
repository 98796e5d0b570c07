import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import type { SignInFormProps } from '../sign-in-methods';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailStepForm } from './email-step-form';

type Step =
  | { name: 'email' }
  // `destination` is the masked address the provider reports, shown so the user knows where to look.
  | { name: 'code'; loginId: string; destination: string; resent: boolean };

type Busy = 'send' | 'verify' | 'resend' | null;

/** Email → "Email me a sign-in code" → code → sign in; the SDK publishes the session on success. */
export const EmailCodeSignInForm = ({ email, onEmailChange }: SignInFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const sendCode = async (loginId: string, kind: 'send' | 'resend') => {
    setFailure(null);
    setBusy(kind);
    const outcome = await runAuthCall(() => sdk.otp.signIn.email(loginId), 'send-code');
    setBusy(null);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return;
    }
    setCode('');
    setCodeMissing(false);
    setStep({
      name: 'code',
      loginId,
      destination: outcome.data?.maskedEmail || loginId,
      resent: kind === 'resend',
    });
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || step.name !== 'code') return;
    const value = code.trim();
    setCodeMissing(value === '');
    setFailure(null);
    if (value === '') {
      codeRef.current?.focus();
      return;
    }
    setBusy('verify');
    const outcome = await runAuthCall(() => sdk.otp.verify.email(step.loginId, value), 'verify-code');
    setBusy(null);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      codeRef.current?.focus();
    }
  };

  const chooseAnotherEmail = () => {
    setStep({ name: 'email' });
    setCode('');
    setCodeMissing(false);
    setFailure(null);
  };

  if (step.name === 'email') {
    return (
      <EmailStepForm
        email={email}
        onEmailChange={onEmailChange}
        onSend={(loginId) => void sendCode(loginId, 'send')}
        onInvalidEmail={() => setFailure(null)}
        busy={busy !== null}
        failure={failure}
        submitLabel={t('login.emailCode.send')}
        testId="email-code-sign-in-form"
        submitTestId="email-code-send"
      />
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submitCode} aria-busy={busy !== null} data-testid="email-code-verify-form">
      {/* role="status": announced politely, unlike the error alert. */}
      <Alert severity="info" role="status" data-testid="email-code-sent">
        {step.resent
          ? t('login.emailCode.resent', { destination: step.destination })
          : t('login.emailCode.sent', { destination: step.destination })}
      </Alert>
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      <TextField
        id="sign-in-code"
        name="code"
        label={t('login.fields.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeMissing}
        helperText={codeMissing ? t('login.validation.codeRequired') : undefined}
        disabled={busy !== null}
        inputRef={codeRef}
        autoComplete="one-time-code"
        // The user has just asked for the code; the field they need next is this one.
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { required: true, inputMode: 'numeric', 'data-testid': 'sign-in-code', spellCheck: false } }}
      />
      <Button type="submit" variant="contained" size="large" loading={busy === 'verify'} disabled={busy !== null} fullWidth data-testid="email-code-verify">
        {t('login.emailCode.verify')}
      </Button>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button type="button" onClick={chooseAnotherEmail} disabled={busy !== null} data-testid="email-code-change-email">
          {t('login.emailCode.changeEmail')}
        </Button>
        <Button
          type="button"
          onClick={() => void sendCode(step.loginId, 'resend')}
          loading={busy === 'resend'}
          disabled={busy !== null}
          data-testid="email-code-resend"
        >
          {t('login.emailCode.resend')}
        </Button>
      </Stack>
    </Stack>
  );
};
