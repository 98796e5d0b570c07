import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import { rememberSsoState } from '../sso-state';
import type { SignInFormProps } from '../sign-in-methods';
import { checkEmail, type EmailProblem } from '../validation';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailField } from './email-field';

/**
 * Single sign-on: the work address tells which organisation's identity provider to go to (the
 * domain a connection claims); the browser goes there and comes back to /login/sso/.
 */
export const SsoSignInForm = ({ email, onEmailChange }: SignInFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [emailProblem, setEmailProblem] = useState<EmailProblem | null>(null);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [notSetUp, setNotSetUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const loginId = email.trim();
    const problem = checkEmail(loginId);
    setEmailProblem(problem);
    setFailure(null);
    setNotSetUp(false);
    if (problem || busy) return emailRef.current?.focus();
    setBusy(true);
    const outcome = await runAuthCall(async () => {
      const started = await sdk.sso.start(loginId, `${window.location.origin}${paths.login.sso.getHref()}?state=${rememberSsoState()}`);
      if (started.code === 404) setNotSetUp(true);
      return started;
    }, 'send-link');
    if (outcome.ok && outcome.data?.url) return window.location.assign(outcome.data.url);
    setBusy(false);
    if (!outcome.ok) setFailure(outcome.failure);
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-busy={busy} data-testid="sso-sign-in-form">
      {notSetUp ? (
        <Alert severity="warning" data-testid="sign-in-error">
          {t('login.sso.notSetUp')}
        </Alert>
      ) : failure ? (
        <AuthFailureAlert failure={failure} />
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t('login.sso.intro')}
      </Typography>
      <EmailField value={email} onChange={onEmailChange} problem={emailProblem} disabled={busy} inputRef={emailRef} />
      <Button type="submit" variant="contained" size="large" loading={busy}>
        {t('login.sso.continue')}
      </Button>
    </Stack>
  );
};
