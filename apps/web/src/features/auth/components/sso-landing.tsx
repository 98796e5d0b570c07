import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { isOwnSsoState } from '../sso-state';
import { useVerifyLink } from '../use-verify-link';
import { LinkCheckOutcome } from './link-page';
import { SignInRefused } from './sign-in-refused';

/**
 * /login/sso/?code=…: back from the organisation's identity provider. The one-time code is
 * exchanged for a session (the SDK stores it); `?err=` says the sign-in was refused.
 */
export const SsoLanding = ({ code, refusal, state }: { code: string; refusal: string | null; state: string | null }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  // Read once per landing: a code that did not start in this tab is never exchanged.
  const [own] = useState(() => isOwnSsoState(state));
  const refused = refusal ?? (code && !own ? 'refused' : null);
  const check = useVerifyLink(refused ? '' : code, (value) => sdk.sso.exchange(value));

  if (refused) {
    return <SignInRefused title={t('login.sso.refusedTitle')} message={refused === 'no-account' ? t('login.sso.noAccount') : t('login.sso.refused')} />;
  }
  return <LinkCheckOutcome check={check} failedTitle={t('login.sso.refusedTitle')} />;
};
