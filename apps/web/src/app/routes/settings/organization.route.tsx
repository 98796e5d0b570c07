import { useCallback } from 'react';
import { Navigate } from 'react-router';

import { paths } from '../../../config/paths';
import { GeneralPanel } from '../../../features/organization-settings/components/general-panel';
import { LoginLogsPanel } from '../../../features/organization-settings/components/login-logs-panel';
import {
  OrganizationSettingsTabs,
  type OrganizationSettingsTab,
} from '../../../features/organization-settings/components/organization-settings-tabs';
import { AdminsPanel } from '../../../features/organization-users/components/admins-panel';
import { UsersPanel } from '../../../features/organization-users/components/users-panel';
import { useRefreshPersonalUserData } from '../../../features/people/api/get-personal-user-data';
import { useRefreshMsspCompanies } from '../../../features/shell/api/get-mssp-companies';
import { PageError } from '../../../features/shell/components/page-error';
import { useCurrentRoute } from '../../../features/shell/components/shell-page-context';
import type { RouteId } from '../../../features/shell/model/routes';
import { useReloadUser } from '../../../lib/auth/auth-hooks';

const tabOfRoute: Partial<Record<RouteId, OrganizationSettingsTab>> = {
  settingsOrganizationGeneral: 'general',
  settingsOrganizationUsers: 'users',
  settingsOrganizationAdmins: 'admins',
  settingsOrganizationLoginLogs: 'loginLogs',
};

// /settings/organization/ and its general, users, admins and login-logs pages, one tab each. The menu
// links to general (§2), so the bare address opens that page.
export const Component = () => {
  const match = useCurrentRoute();
  const refreshPersonalUserData = useRefreshPersonalUserData();
  const refreshMsspCompanies = useRefreshMsspCompanies();
  const reloadUser = useReloadUser();
  // The top bar shows the organisation's name and logo from the personal record; the company
  // switcher names a managed company from the company list, and the operator's own organisation
  // from the provider's user (its tenants). Reload all three after a change.
  const refreshTopBar = useCallback(() => {
    void refreshPersonalUserData();
    void refreshMsspCompanies();
    void reloadUser();
  }, [refreshPersonalUserData, refreshMsspCompanies, reloadUser]);
  const tab = match ? tabOfRoute[match.route.id] : undefined;
  if (!tab) return <Navigate to={paths.settings.organization.general.getHref()} replace />;
  return (
    <OrganizationSettingsTabs current={tab}>
      {tab === 'general' && <GeneralPanel onOrganizationChanged={refreshTopBar} />}
      {tab === 'users' && <UsersPanel />}
      {tab === 'admins' && <AdminsPanel />}
      {tab === 'loginLogs' && <LoginLogsPanel />}
    </OrganizationSettingsTabs>
  );
};

export const ErrorBoundary = PageError;
