import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { accountFactorsQueryKey, useAccountFactors } from '../api/get-account-factors';
import { loginHistoryKey } from '../api/get-login-history';
import { useRevokeOtherAccountSessions } from '../api/revoke-other-account-sessions';
import { postWithSession, runFactorCall, stepUpWithPasskey } from '../factor-calls';
import { AuthenticatorApp } from './authenticator-app';
import { Passkeys } from './passkeys';
import { RecoveryCodes } from './recovery-codes';

/**
 * Two-step verification in account settings: an authenticator app, passkeys and recovery codes.
 * Whoever sets one up is asked for it at every sign-in with a password or an emailed code. After a
 * change the person may sign out their other sessions, which still hold the old way in.
 */
export const TwoStepVerification = ({ loginId }: { loginId: string | undefined }) => {
  const { t, i18n } = useTranslation();
  const sdk = useAuthSdk();
  const factors = useAccountFactors();
  const queryClient = useQueryClient();
  const revokeOthers = useRevokeOtherAccountSessions();
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const [changed, setChanged] = useState(false);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const formatDate = (iso: string) => dates.format(new Date(iso));

  if (factors.isPending || !loginId) return <CircularProgress aria-label={t('accountSettings.loading')} />;
  if (factors.isError) return <Alert severity="error">{t('accountSettings.loadFailed', { message: messageOf(factors.error) })}</Alert>;
  const { authenticatorApp, passkeys, recoveryCodesLeft } = factors.data;
  const protectedNow = Boolean(authenticatorApp) || passkeys.length > 0;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: accountFactorsQueryKey });
    void queryClient.invalidateQueries({ queryKey: loginHistoryKey });
  };
  const onChanged = async (change: 'added' | 'removed' | 'renamed') => {
    if (change !== 'renamed') {
      setChanged(true);
      revokeOthers.reset();
    }
    // A first factor comes with recovery codes, shown once, so nobody is locked out by a lost phone.
    if (change === 'added' && recoveryCodesLeft === 0) {
      const generate = () => postWithSession<{ codes: string[] }>(sdk, '/v1/auth/recovery-codes/generate', { loginId });
      let generated = await generate();
      // A first passkey leaves this session one factor short of what the account now asks for:
      // confirming it with that passkey (the browser's dialog once more) lets the codes be made.
      if (!generated.ok && generated.error?.errorCode === 'E064004') {
        const confirmed = await runFactorCall(() => stepUpWithPasskey(sdk, loginId));
        if (confirmed.ok) generated = await generate();
      }
      if (generated.ok) setFreshCodes(generated.data!.codes);
    }
    if (change === 'removed') setFreshCodes(null);
    await refresh();
  };

  return (
    <Stack spacing={2.5} divider={<Divider flexItem />}>
      {changed ? (
        <Alert
          severity="success"
          action={
            revokeOthers.isSuccess ? undefined : (
              <Button color="inherit" size="small" onClick={() => revokeOthers.mutate()} loading={revokeOthers.isPending}>
                {t('accountSettings.twoStep.signOutOthers')}
              </Button>
            )
          }
        >
          {revokeOthers.isSuccess
            ? t('accountSettings.sessions.revokedOthers', { count: revokeOthers.data.revokedSessions })
            : t('accountSettings.twoStep.changedAskOthers')}
        </Alert>
      ) : (
        <Alert severity={protectedNow ? 'success' : 'info'}>{protectedNow ? t('accountSettings.twoStep.protected') : t('accountSettings.twoStep.unprotected')}</Alert>
      )}
      <AuthenticatorApp loginId={loginId} enabled={Boolean(authenticatorApp)} confirmedAt={authenticatorApp?.confirmedAt} onChanged={(change) => void onChanged(change)} formatDate={formatDate} />
      <Passkeys loginId={loginId} passkeys={passkeys} onChanged={(change) => void onChanged(change)} formatDate={formatDate} />
      {protectedNow ? (
        <RecoveryCodes
          loginId={loginId}
          left={recoveryCodesLeft}
          fresh={freshCodes}
          onGenerated={(codes) => {
            setFreshCodes(codes);
            void refresh();
          }}
        />
      ) : null}
    </Stack>
  );
};
