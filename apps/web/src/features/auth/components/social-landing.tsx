import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { useVerifyLink } from '../use-verify-link';
import { LinkCheckOutcome } from './link-page';
import { SignInRefused } from './sign-in-refused';

/**
 * /login/oauth/?code=…: back from a social provider. The one-time code is exchanged for a session
 * (the provider has already checked that this browser started the sign-in); `?err=` says why not.
 */
export const SocialLanding = ({ code, refusal }: { code: string; refusal: string | null }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const check = useVerifyLink(refusal ? '' : code, (value) => sdk.oauth.exchange(value));

  if (refusal) {
    const message =
      refusal === 'no-account'
        ? t('login.social.noAccount')
        : refusal === 'policy'
          ? t('login.social.policy')
          : refusal === 'cancelled'
            ? t('login.social.cancelled')
            : t('login.social.refused');
    return <SignInRefused title={t('login.social.refusedTitle')} message={message} />;
  }
  return <LinkCheckOutcome check={check} failedTitle={t('login.social.refusedTitle')} />;
};
