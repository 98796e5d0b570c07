import { useTranslation } from 'react-i18next';

import { MessagePage } from '../../../components/message-page';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { useVerifyLink } from '../use-verify-link';
import { LinkPageProblem, LinkPageProgress } from './link-page';

/**
 * /login/enchanted/?t=…: approves a sign-in asked for elsewhere. The session goes to the device
 * that asked (it is polling for it), never to this page.
 */
export const EnchantedLinkLanding = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const check = useVerifyLink(token, (value) => sdk.enchantedLink.verify(value));

  switch (check.status) {
    case 'checking':
      return <LinkPageProgress title={t('login.linkPages.confirming')} />;
    case 'verified':
      return <MessagePage title={t('login.linkPages.approvedTitle')} description={t('login.linkPages.approved')} />;
    case 'missing':
      return <LinkPageProblem failure={null} failedTitle={t('login.linkPages.failedTitle')} />;
    case 'failed':
      return <LinkPageProblem failure={check.failure} failedTitle={t('login.linkPages.failedTitle')} />;
  }
};
