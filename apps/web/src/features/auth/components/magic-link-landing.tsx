import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { useVerifyLink } from '../use-verify-link';
import { LinkPageProblem, LinkPageProgress } from './link-page';

/** /login/verify/?t=…: the emailed sign-in link. The SDK stores the session it gives. */
export const MagicLinkLanding = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const check = useVerifyLink(token, (value) => sdk.magicLink.verify(value));

  switch (check.status) {
    case 'checking':
      return <LinkPageProgress title={t('login.linkPages.signingIn')} />;
    case 'verified':
      // Replace: Back must not return to a link that has just been used up.
      return <Navigate to={paths.home.getHref()} replace />;
    case 'missing':
      return <LinkPageProblem failure={null} failedTitle={t('login.linkPages.failedTitle')} />;
    case 'failed':
      return <LinkPageProblem failure={check.failure} failedTitle={t('login.linkPages.failedTitle')} />;
  }
};
