import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import type { SignInFormProps } from '../sign-in-methods';
import { checkEmail, type EmailProblem } from '../validation';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailField } from './email-field';
import { PasswordResetRequestForm } from './password-reset-request-form';

// On success the SDK publishes the new session and the sign-in page moves on by itself.
export const PasswordSignInForm = ({ email, onEmailChange }: SignInFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [password, setPassword] = useState('');
  const [emailProblem, setEmailProblem] = useState<EmailProblem | null>(null);
  const [passwordMissing, setPasswordMissing] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const resetLinkRef = useRef<HTMLButtonElement>(null);
  const wasResetting = useRef(false);

  // Back from the reset form, focus returns to what opened it.
  useEffect(() => {
    if (resetting) {
      wasResetting.current = true;
    } else if (wasResetting.current) {
      wasResetting.current = false;
      resetLinkRef.current?.focus();
    }
  }, [resetting]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const loginId = email.trim();
    const problem = checkEmail(loginId);
    setEmailProblem(problem);
    setPasswordMissing(password === '');
    setFailure(null);
    if (problem || password === '') {
      (problem ? emailRef : passwordRef).current?.focus();
      return;
    }

    setBusy(true);
    const outcome = await runAuthCall(() => sdk.password.signIn(loginId, password), 'password');
    setBusy(false);
    if (!outcome.ok) setFailure(outcome.failure);
  };

  if (resetting) {
    return <PasswordResetRequestForm email={email} onEmailChange={onEmailChange} onBack={() => setResetting(false)} />;
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={submit}
      aria-busy={busy}
      data-testid="password-sign-in-form"
    >
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      <EmailField
        value={email}
        onChange={onEmailChange}
        problem={emailProblem}
        disabled={busy}
        inputRef={emailRef}
      />
      <TextField
        id="sign-in-password"
        name="password"
        type="password"
        label={t('login.fields.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordMissing}
        helperText={passwordMissing ? t('login.validation.passwordRequired') : undefined}
        disabled={busy}
        inputRef={passwordRef}
        autoComplete="current-password"
        fullWidth
        slotProps={{ htmlInput: { required: true, 'data-testid': 'sign-in-password' } }}
      />
      <Button type="submit" variant="contained" size="large" loading={busy} fullWidth data-testid="password-sign-in-submit">
        {t('login.password.submit')}
      </Button>
      {/* A button, not a link: it swaps this form for the reset form and goes nowhere. */}
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => setResetting(true)}
        disabled={busy}
        ref={resetLinkRef}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="password-reset-open"
      >
        {t('login.passwordReset.open')}
      </Link>
    </Stack>
  );
};
