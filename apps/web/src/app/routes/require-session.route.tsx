import { Navigate, Outlet } from 'react-router';

import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth/auth-hooks';

// Layout route around every page that needs a session (spec §4: unauthenticated users go to /login/).
export const Component = () => {
  const { isSessionLoading, isAuthenticated } = useSession();
  if (isSessionLoading) return <PageSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.login.getHref()} replace />;
  return <Outlet />;
};
