import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';

import { MessagePage } from '../../components/message-page';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { SignIn } from '../../features/auth/components/sign-in';
import { SignInFlow } from '../../features/auth/flows/sign-in-flow';
import { useAuthSdk, useSession } from '../../lib/auth/auth-hooks';
import { useClientConfig } from '../../lib/client-config';

// Signed-in visitors (a stored session, or a sign-in that just succeeded) go on to the app.
export const Component = () => {
  const { t } = useTranslation();
  const { isSessionLoading, isAuthenticated } = useSession();
  const sdk = useAuthSdk();
  // The device id the SDK sends with each sign-in (the spec's fpData), loaded in the background:
  // signing in never waits for it, and a failure only warns.
  useEffect(() => {
    void sdk.identifyDevice?.();
  }, [sdk]);
  const { authMethods, oauthProviders } = useClientConfig();
  // ?flow=sign-up-or-in (or sign-in-mfa): the provider's server-driven flow instead of the method tabs.
  const [searchParams] = useSearchParams();
  const flowId = searchParams.get('flow');

  if (isSessionLoading) return <PageSpinner />;
  if (isAuthenticated) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <MessagePage title={t('login.title')} description={t('login.description')}>
      {flowId ? <SignInFlow key={flowId} flowId={flowId} /> : <SignIn methods={authMethods} socialProviders={oauthProviders} />}
    </MessagePage>
  );
};
