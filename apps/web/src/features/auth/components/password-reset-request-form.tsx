import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { toAppUrl } from '../app-url';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import type { SignInFormProps } from '../sign-in-methods';
import { EmailStepForm } from './email-step-form';

type PasswordResetRequestFormProps = SignInFormProps & { onBack: () => void };

/**
 * "Forgot your password?": emails a link to /login/reset-password/. The provider answers the same
 * for every address, so the notice is worded to be true either way.
 */
export const PasswordResetRequestForm = ({ email, onEmailChange, onBack }: PasswordResetRequestFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [destination, setDestination] = useState<string | null>(null);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (destination !== null) noticeRef.current?.focus();
  }, [destination]);

  const sendReset = async (loginId: string) => {
    setFailure(null);
    setBusy(true);
    const outcome = await runAuthCall(
      () => sdk.password.sendReset(loginId, toAppUrl(paths.login.resetPassword.getHref())),
      'send-reset',
    );
    setBusy(false);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return;
    }
    setDestination(outcome.data?.maskedEmail || loginId);
  };

  const backButton = (
    <Button type="button" onClick={onBack} disabled={busy} sx={{ alignSelf: 'flex-start' }} data-testid="password-reset-back">
      {t('login.passwordReset.back')}
    </Button>
  );

  if (destination !== null) {
    return (
      <Stack spacing={2.5} data-testid="password-reset-sent-step">
        <Alert severity="info" role="status" ref={noticeRef} tabIndex={-1} data-testid="password-reset-sent">
          {t('login.passwordReset.sent', { destination })}
        </Alert>
        {backButton}
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <EmailStepForm
        email={email}
        onEmailChange={onEmailChange}
        onSend={(loginId) => void sendReset(loginId)}
        onInvalidEmail={() => setFailure(null)}
        busy={busy}
        failure={failure}
        submitLabel={t('login.passwordReset.send')}
        focusOnMount
        testId="password-reset-form"
        submitTestId="password-reset-send"
      >
        <Typography>{t('login.passwordReset.intro')}</Typography>
      </EmailStepForm>
      {backButton}
    </Stack>
  );
};
