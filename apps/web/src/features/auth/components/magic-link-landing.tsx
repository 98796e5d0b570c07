import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { useVerifyLink } from '../use-verify-link';
import { LinkCheckOutcome } from './link-page';

/** /login/verify/?t=…: the emailed sign-in link. The SDK stores the session it gives. */
export const MagicLinkLanding = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const check = useVerifyLink(token, (value) => sdk.magicLink.verify(value));
  return <LinkCheckOutcome check={check} failedTitle={t('login.linkPages.failedTitle')} />;
};
