import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { toAppUrl } from '../app-url';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import { useNewestWait } from '../use-newest-wait';
import type { SignInFormProps } from '../sign-in-methods';
import { AuthFailureAlert } from './auth-failure-alert';
import { EmailStepForm } from './email-step-form';
import { LinkSentActions } from './link-sent-actions';

type Step =
  | { name: 'email' }
  // `linkId` is printed in the email too, so the user can tell which email belongs to this screen.
  | { name: 'waiting'; loginId: string; destination: string; linkId: string; resent: boolean };

type Busy = 'send' | 'resend' | null;

// The SDK's limits (contract §5.6): a poll a second, for at most the ten minutes the link lives.
const waitConfig = { pollingIntervalMs: 1000, timeoutMs: 600_000 };

/**
 * Email → "Email me a link to approve this sign-in" → wait. The link may be opened on any device
 * (/login/enchanted/ there only approves); this tab polls and gets the session. On success the SDK
 * publishes it and the sign-in page moves on by itself.
 */
export const EnchantedLinkSignInForm = ({ email, onEmailChange }: SignInFormProps) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const newestWait = useNewestWait(setFailure);

  useEffect(() => {
    if (step.name === 'waiting') noticeRef.current?.focus();
  }, [step]);

  const waitForSession = (pendingRef: string) => newestWait.wait(() => sdk.enchantedLink.waitForSession(pendingRef, waitConfig));

  const sendLink = async (loginId: string, kind: 'send' | 'resend') => {
    setFailure(null);
    setBusy(kind);
    const outcome = await runAuthCall(
      () => sdk.enchantedLink.signIn(loginId, toAppUrl(paths.login.enchantedLink.getHref())),
      'send-link',
    );
    setBusy(null);
    if (!outcome.ok || !outcome.data) {
      // A 2xx without a pendingRef would leave nothing to wait for.
      setFailure(outcome.ok ? { reason: 'generic' } : outcome.failure);
      return;
    }
    const { pendingRef, linkId, maskedEmail } = outcome.data;
    setStep({ name: 'waiting', loginId, destination: maskedEmail || loginId, linkId, resent: kind === 'resend' });
    void waitForSession(pendingRef);
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
        submitLabel={t('login.enchantedLink.send')}
        testId="enchanted-link-sign-in-form"
        submitTestId="enchanted-link-send"
      >
        <Typography sx={{ color: 'text.secondary' }}>{t('login.enchantedLink.hint')}</Typography>
      </EmailStepForm>
    );
  }

  const timedOut = failure?.reason === 'linkTimedOut';
  return (
    <Stack spacing={2.5} aria-busy={busy !== null} data-testid="enchanted-link-waiting-step">
      <Alert severity="info" role="status" ref={noticeRef} tabIndex={-1} data-testid="enchanted-link-sent">
        <Stack spacing={1}>
          <span>
            {step.resent
              ? t('login.enchantedLink.resent', { destination: step.destination })
              : t('login.enchantedLink.sent', { destination: step.destination })}
          </span>
          <span>
            <Trans
              i18nKey="login.enchantedLink.linkId"
              values={{ linkId: step.linkId }}
              components={{ linkId: <strong data-testid="enchanted-link-id" /> }}
            />
          </span>
        </Stack>
      </Alert>
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      {timedOut ? null : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} data-testid="enchanted-link-waiting">
          <CircularProgress size={20} aria-hidden sx={{ flexShrink: 0 }} />
          <Typography sx={{ color: 'text.secondary' }}>{t('login.enchantedLink.waiting')}</Typography>
        </Stack>
      )}
      <LinkSentActions
        onChangeEmail={() => {
          newestWait.forget();
          setStep({ name: 'email' });
          setFailure(null);
        }}
        onResend={() => void sendLink(step.loginId, 'resend')}
        resending={busy === 'resend'}
        disabled={busy !== null}
        testIdPrefix="enchanted-link"
      />
    </Stack>
  );
};
