import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { MessagePage } from '../../components/message-page';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { SignIn } from '../../features/auth/components/sign-in';
import { useSession } from '../../lib/auth/auth-hooks';
import { useClientConfig } from '../../lib/client-config';

// Signed-in visitors (a stored session, or a sign-in that just succeeded) go on to the app.
export const Component = () => {
  const { t } = useTranslation();
  const { isSessionLoading, isAuthenticated } = useSession();
  const { authMethods } = useClientConfig();

  if (isSessionLoading) return <PageSpinner />;
  if (isAuthenticated) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <MessagePage title={t('login.title')} description={t('login.description')}>
      <SignIn methods={authMethods} />
    </MessagePage>
  );
};
