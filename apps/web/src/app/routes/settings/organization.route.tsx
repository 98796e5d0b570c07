import { Navigate } from 'react-router';

import { paths } from '../../../config/paths';
import { PageError } from '../../../features/shell/components/page-error';
import { RoutePlaceholder } from '../../../features/shell/components/route-placeholder';
import { useCurrentRoute } from '../../../features/shell/components/shell-page-context';

// /settings/organization/ and its general, users, admins and login-logs pages. The menu links to
// general (§2), so the bare address opens that page. The pages' content comes later.
export const Component = () => {
  const match = useCurrentRoute();
  if (match?.route.id === 'settingsOrganization') {
    return <Navigate to={paths.settings.organization.general.getHref()} replace />;
  }
  return <RoutePlaceholder />;
};

export const ErrorBoundary = PageError;
