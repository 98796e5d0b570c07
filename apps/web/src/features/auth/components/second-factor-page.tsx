import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { useAuthSdk, useSession, useUser } from '../../../lib/auth/auth-hooks';
import { useLogout } from '../../../lib/auth/use-logout';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import { useOpenProduct } from '../use-open-product';
import { AuthFailureAlert } from './auth-failure-alert';
import { EnrolledFactorConfirm } from './enrolled-factor-confirm';

/**
 * /login/confirm/: the session needs a second factor, because the person set one up or their
 * organization asks for one (adaptive controls). Someone with an authenticator app or a passkey
 * confirms with it (or a recovery code); anyone else gets a code by email for this session
 * (`loginOptions.mfa` with its refresh token). Confirming gives a session that opens the product.
 */
export const SecondFactorPage = () => {
  const { user } = useUser();
  // The provider's user carries `webauthn` (contract §2.3), which the SDK's type leaves out.
  const hasPasskey = Boolean((user as { webauthn?: boolean } | undefined)?.webauthn);
  if (user && (user.TOTP || hasPasskey)) return <EnrolledFactorConfirm hasApp={Boolean(user.TOTP)} hasPasskey={hasPasskey} loginId={user.email || user.loginIds[0] || ''} />;
  return <EmailCodeConfirm />;
};

const EmailCodeConfirm = () => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const { isAuthenticated, isSessionLoading } = useSession();
  const { user } = useUser();
  const openProduct = useOpenProduct();
  const logout = useLogout();
  const loginId = user?.email || user?.loginIds?.[0] || '';
  const [destination, setDestination] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const send = async () => {
    setFailure(null);
    setBusy(true);
    const outcome = await runAuthCall(() => sdk.otp.signIn.email(loginId, { mfa: true }, sdk.getRefreshToken()), 'send-code');
    setBusy(false);
    if (!outcome.ok) return setFailure(outcome.failure);
    setDestination(outcome.data?.maskedEmail || loginId);
    setCode('');
  };

  useEffect(() => {
    if (!loginId || asked.current) return;
    asked.current = true;
    void send();
    // One code when the page opens; "Send a new code" asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loginId]);

  if (!isSessionLoading && !isAuthenticated) return <Navigate to={paths.login.getHref()} replace />;
  if (!loginId) return <PageSpinner />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    setCodeMissing(value === '');
    if (value === '' || busy) return codeRef.current?.focus();
    setFailure(null);
    setBusy(true);
    const outcome = await runAuthCall(() => sdk.otp.verify.email(loginId, value), 'verify-code');
    setBusy(false);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return codeRef.current?.focus();
    }
    openProduct();
  };

  return (
    <MessagePage title={t('login.secondFactor.title')} description={t('login.secondFactor.description')}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="second-factor-form">
        {destination ? <Alert severity="info">{t('login.secondFactor.sent', { destination })}</Alert> : null}
        {failure ? <AuthFailureAlert failure={failure} /> : null}
        <TextField
          inputRef={codeRef}
          label={t('login.fields.code')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeMissing(false);
          }}
          error={codeMissing}
          helperText={codeMissing ? t('login.secondFactor.codeMissing') : undefined}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12, 'data-testid': 'second-factor-code' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy && destination !== null}>
          {t('login.secondFactor.confirm')}
        </Button>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={() => void send()} disabled={busy}>
            {t('login.secondFactor.resend')}
          </Button>
          <Button onClick={() => void logout()} color="inherit">
            {t('login.secondFactor.signOut')}
          </Button>
        </Stack>
      </Stack>
    </MessagePage>
  );
};
