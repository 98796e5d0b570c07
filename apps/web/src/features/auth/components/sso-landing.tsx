import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { MessagePage } from '../../../components/message-page';
import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import { useVerifyLink } from '../use-verify-link';
import { LinkCheckOutcome } from './link-page';

/**
 * /login/sso/?code=…: back from the organisation's identity provider. The one-time code is
 * exchanged for a session (the SDK stores it); `?err=` says the sign-in was refused.
 */
export const SsoLanding = ({ code, refusal }: { code: string; refusal: string | null }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const check = useVerifyLink(refusal ? '' : code, (value) => sdk.sso.exchange(value));

  if (refusal) {
    return (
      <MessagePage title={t('login.sso.refusedTitle')}>
        <Alert severity="error" sx={{ textAlign: 'left' }}>
          {refusal === 'no-account' ? t('login.sso.noAccount') : t('login.sso.refused')}
        </Alert>
        <Button component={RouterLink} to={paths.login.getHref()} sx={{ mt: 2 }}>
          {t('login.sso.back')}
        </Button>
      </MessagePage>
    );
  }
  return <LinkCheckOutcome check={check} failedTitle={t('login.sso.refusedTitle')} />;
};
