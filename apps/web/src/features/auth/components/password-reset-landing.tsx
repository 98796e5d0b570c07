import { useTranslation } from 'react-i18next';

import { MessagePage } from '../../../components/message-page';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { useVerifyLink } from '../use-verify-link';
import { LinkPageProblem, LinkPageProgress } from './link-page';
import { NewPasswordForm } from './new-password-form';

/**
 * /login/reset-password/?t=…: the reset (or unlock) link is a magic link. Opening it signs the
 * user in (and unlocks a locked account); the form then sets the new password with that session.
 */
export const PasswordResetLanding = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const check = useVerifyLink(token, (value) => sdk.magicLink.verify(value));

  if (check.status === 'checking') return <LinkPageProgress title={t('login.linkPages.checkingReset')} />;
  if (check.status === 'missing') return <LinkPageProblem failure={null} failedTitle={t('login.linkPages.resetFailedTitle')} />;
  if (check.status === 'failed') {
    return <LinkPageProblem failure={check.failure} failedTitle={t('login.linkPages.resetFailedTitle')} />;
  }

  const loginId = check.data?.user?.loginIds[0];
  // A session without a user would leave no account to set the password for.
  if (!loginId) return <LinkPageProblem failure={{ reason: 'generic' }} failedTitle={t('login.linkPages.resetFailedTitle')} />;
  return (
    <MessagePage title={t('login.newPassword.title')} description={t('login.newPassword.description', { email: loginId })}>
      <NewPasswordForm loginId={loginId} refreshJwt={check.data?.refreshJwt} />
    </MessagePage>
  );
};
