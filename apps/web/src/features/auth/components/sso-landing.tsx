import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { isOwnSsoState } from '../sso-state';
import { useVerifyLink } from '../use-verify-link';
import { LinkCheckOutcome } from './link-page';

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
    return (
      <MessagePage title={t('login.sso.refusedTitle')}>
        <Alert severity="error" sx={{ textAlign: 'left' }}>
          {refused === 'no-account' ? t('login.sso.noAccount') : t('login.sso.refused')}
        </Alert>
        <Button component={RouterLink} to={paths.login.getHref()} sx={{ mt: 2 }}>
          {t('login.sso.back')}
        </Button>
      </MessagePage>
    );
  }
  return <LinkCheckOutcome check={check} failedTitle={t('login.sso.refusedTitle')} />;
};
