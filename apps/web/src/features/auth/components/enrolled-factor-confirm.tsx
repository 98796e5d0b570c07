import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { paths } from '../../../config/paths';
import { useAuthSdk, useSession } from '../../../lib/auth/auth-hooks';
import { useLogout } from '../../../lib/auth/use-logout';
import { postWithSession, stepUpWithPasskey } from '../../account-settings/factor-calls';
import { runAuthCall, type AuthCallResult, type AuthFailure } from '../auth-failure';
import { useOpenProduct } from '../use-open-product';
import { AuthFailureAlert } from './auth-failure-alert';

type Way = 'app' | 'passkey' | 'recovery';

type EnrolledFactorConfirmProps = { hasApp: boolean; hasPasskey: boolean; loginId: string };

/**
 * The second step for someone who set up an authenticator app or a passkey: the one they set up
 * (the app first), with a recovery code for a lost phone or key. Each confirms this session
 * (`loginOptions.mfa` with its refresh token) and the SDK keeps the stepped-up session it answers.
 */
export const EnrolledFactorConfirm = ({ hasApp, hasPasskey, loginId }: EnrolledFactorConfirmProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const { isAuthenticated, isSessionLoading } = useSession();
  const openProduct = useOpenProduct();
  const logout = useLogout();
  const [way, setWay] = useState<Way>(hasApp ? 'app' : 'passkey');
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  if (!isSessionLoading && !isAuthenticated) return <Navigate to={paths.login.getHref()} replace />;

  const finish = async (call: () => Promise<AuthCallResult<unknown>>) => {
    setFailure(null);
    setBusy(true);
    const outcome = await runAuthCall(call, 'verify-code');
    setBusy(false);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return codeRef.current?.focus();
    }
    openProduct();
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = way === 'app' ? code.replace(/\s/g, '') : code.trim();
    setCodeMissing(value === '');
    if (value === '' || busy) return codeRef.current?.focus();
    void finish(() =>
      way === 'app'
        ? sdk.totp.verify(loginId, value, { mfa: true }, sdk.getRefreshToken())
        : postWithSession(sdk, '/v1/auth/recovery-code/verify', { loginId, code: value }),
    );
  };

  const confirmWithPasskey = () =>
    finish(async () => {
      try {
        return await stepUpWithPasskey(sdk, loginId);
      } catch {
        // The person closed the browser's passkey dialog, or no passkey on this device matched.
        return { ok: false, error: { errorCode: 'cancelled', errorDescription: 'The passkey was not used' } };
      }
    });

  const switchTo = (next: Way) => {
    setWay(next);
    setCode('');
    setCodeMissing(false);
    setFailure(null);
  };
  const others = (['app', 'passkey', 'recovery'] as const).filter((other) => other !== way && (other === 'recovery' || (other === 'app' ? hasApp : hasPasskey)));

  return (
    <MessagePage title={t('login.secondFactor.title')} description={t(`login.secondFactor.${way}.description`)}>
      <Stack spacing={2} sx={{ width: '100%' }} data-testid="enrolled-factor-confirm">
        {failure ? <AuthFailureAlert failure={failure} /> : null}
        {way === 'passkey' ? (
          <Button variant="contained" size="large" onClick={() => void confirmWithPasskey()} loading={busy}>
            {t('login.secondFactor.passkey.use')}
          </Button>
        ) : (
          <Stack component="form" spacing={2} noValidate onSubmit={submitCode}>
            <TextField
              inputRef={codeRef}
              autoFocus
              label={t(`login.secondFactor.${way}.label`)}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeMissing(false);
              }}
              error={codeMissing}
              helperText={codeMissing ? t(`login.secondFactor.${way}.missing`) : undefined}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: way === 'app' ? 'numeric' : 'text', maxLength: 16, 'data-testid': 'second-factor-code' } }}
            />
            <Button type="submit" variant="contained" size="large" loading={busy}>
              {t('login.secondFactor.confirm')}
            </Button>
          </Stack>
        )}
        <Stack spacing={0.5} sx={{ textAlign: 'left' }}>
          {others.map((other) => (
            <Typography key={other} variant="body2">
              <Link component="button" type="button" onClick={() => switchTo(other)}>
                {t(`login.secondFactor.${other}.switch`)}
              </Link>
            </Typography>
          ))}
        </Stack>
        <Button onClick={() => void logout()} color="inherit" sx={{ alignSelf: 'flex-end' }}>
          {t('login.secondFactor.signOut')}
        </Button>
      </Stack>
    </MessagePage>
  );
};
