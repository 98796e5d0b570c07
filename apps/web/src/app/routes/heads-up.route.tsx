import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { MessagePage } from '../../components/message-page';
import { SignIn } from '../../features/auth/components/sign-in';
import { HeadsUpView } from '../../features/heads-up/components/heads-up-view';
import { useSession } from '../../lib/auth/auth-hooks';
import { useClientConfig } from '../../lib/client-config';

// /heads-up/ (?recipient=<id> from the teachable moment): open to every signed-in person, outside
// the shell, so no onboarding or BRA rule sends someone who just fell for a lure elsewhere. Without
// a session it asks them to sign in here, and shows the message once they have.
export const Component = () => {
  const { t } = useTranslation();
  const { isSessionLoading, isAuthenticated } = useSession();
  const { authMethods, oauthProviders } = useClientConfig();
  const [searchParams] = useSearchParams();
  return (
    <MessagePage title={t('routes.headsUp.title')} maxWidth={760} description={isAuthenticated ? undefined : t('headsUp.signIn')}>
      {isSessionLoading ? <CircularProgress aria-label={t('app.loading')} /> : isAuthenticated ? <HeadsUpView recipientId={searchParams.get('recipient')} /> : <SignIn methods={authMethods} socialProviders={oauthProviders} />}
    </MessagePage>
  );
};

export { ErrorBoundary } from './root.route';
