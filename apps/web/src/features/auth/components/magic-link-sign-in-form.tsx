import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { toAppUrl } from '../app-url';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import type { SignInFormProps } from '../sign-in-methods';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailStepForm } from './email-step-form';
import { LinkSentActions } from './link-sent-actions';

type Step =
  | { name: 'email' }
  // `destination` is the masked address the provider reports; it answers the same for unknown addresses.
  | { name: 'sent'; loginId: string; destination: string; resent: boolean };

type Busy = 'send' | 'resend' | null;

/** Email → "Email me a sign-in link"; the link opens /login/verify/, which signs in whoever opens it. */
export const MagicLinkSignInForm = ({ email, onEmailChange }: SignInFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The send button is gone once the link is on its way: move focus to the notice that replaced it.
  useEffect(() => {
    if (step.name === 'sent') noticeRef.current?.focus();
  }, [step]);

  const sendLink = async (loginId: string, kind: 'send' | 'resend') => {
    setFailure(null);
    setBusy(kind);
    const outcome = await runAuthCall(
      () => sdk.magicLink.signIn.email(loginId, toAppUrl(paths.login.magicLink.getHref())),
      'send-link',
    );
    setBusy(null);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return;
    }
    setStep({ name: 'sent', loginId, destination: outcome.data?.maskedEmail || loginId, resent: kind === 'resend' });
  };

  if (step.name === 'email') {
    return (
      <EmailStepForm
        email={email}
        onEmailChange={onEmailChange}
        onSend={(loginId) => void sendLink(loginId, 'send')}
        onInvalidEmail={() => setFailure(null)}
        busy={busy !== null}
        failure={failure}
        submitLabel={t('login.magicLink.send')}
        testId="magic-link-sign-in-form"
        submitTestId="magic-link-send"
      />
    );
  }

  return (
    <Stack spacing={2.5} aria-busy={busy !== null} data-testid="magic-link-sent-step">
      {/* role="status": announced politely, unlike the error alert. */}
      <Alert severity="info" role="status" ref={noticeRef} tabIndex={-1} data-testid="magic-link-sent">
        {step.resent
          ? t('login.magicLink.resent', { destination: step.destination })
          : t('login.magicLink.sent', { destination: step.destination })}
      </Alert>
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      <LinkSentActions
        onChangeEmail={() => {
          setStep({ name: 'email' });
          setFailure(null);
        }}
        onResend={() => void sendLink(step.loginId, 'resend')}
        resending={busy === 'resend'}
        disabled={busy !== null}
        testIdPrefix="magic-link"
      />
    </Stack>
  );
};
