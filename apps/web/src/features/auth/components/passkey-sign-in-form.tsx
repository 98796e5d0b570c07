import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import type { SignInFormProps } from '../sign-in-methods';
import { AuthFailureAlert } from './auth-failure-alert';

/**
 * Signing in with a passkey: the browser offers the passkeys it holds for this site (none is named,
 * so nobody needs to type an address), and the one chosen signs in. A passkey with the device's PIN
 * or fingerprint counts as two factors. On success the SDK publishes the session.
 */
export const PasskeySignInForm = (_props: SignInFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const signIn = async () => {
    setFailure(null);
    setBusy(true);
    const outcome = await runAuthCall(async () => {
      try {
        return await sdk.webauthn.signIn('');
      } catch {
        // The browser's dialog was closed, or no passkey for this site is on the device.
        return { ok: false, error: { errorCode: 'cancelled', errorDescription: 'No passkey was used' } };
      }
    }, 'password');
    setBusy(false);
    if (!outcome.ok) setFailure(outcome.failure.reason === 'invalidCredentials' ? { reason: 'generic' } : outcome.failure);
  };

  return (
    <Stack spacing={2.5} data-testid="passkey-sign-in-form">
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      <Typography variant="body2" color="text.secondary">
        {supported ? t('login.passkey.intro') : t('login.passkey.unsupported')}
      </Typography>
      <Button variant="contained" size="large" onClick={() => void signIn()} loading={busy} disabled={!supported}>
        {t('login.passkey.signIn')}
      </Button>
    </Stack>
  );
};
