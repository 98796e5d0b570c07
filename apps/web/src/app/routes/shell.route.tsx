import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';

import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { personalUserDataQueryOptions } from '../../features/people/api/get-personal-user-data';
import { useMsspCompanies } from '../../features/shell/api/get-mssp-companies';
import { CompanySwitcher } from '../../features/shell/components/company-switcher';
import { ShellLayout } from '../../features/shell/components/shell-layout';
import { decideNavigation, errorPageState, type SessionStatus } from '../../features/shell/model/guard';
import { getLogoHref } from '../../features/shell/model/logo-link';
import { buildMenu } from '../../features/shell/model/menus';
import { deriveShellUser, isAdmin } from '../../features/shell/model/user';
import { ApiError, useApiClient } from '../../lib/api-client';
import { useSession } from '../../lib/auth/auth-hooks';
import { useLogout } from '../../lib/auth/use-logout';
import { signOutOnArrival, storeProfileError } from '../../lib/profile-error';

const useSessionStatus = (): SessionStatus => {
  const { isSessionLoading, isAuthenticated } = useSession();
  if (isSessionLoading) return 'loading';
  return isAuthenticated ? 'authenticated' : 'anonymous';
};

// §4: the personal record is fetched once, when a session exists and no record is loaded yet.
const usePersonalRecord = (session: SessionStatus) => {
  const { t } = useTranslation();
  const api = useApiClient();
  const { data, error } = useQuery({ ...personalUserDataQueryOptions(api), enabled: session === 'authenticated' });
  const user = useMemo(() => (data ? deriveShellUser(data) : null), [data]);
  // The person's sign-in policy asks for a second factor first: not an error, a step (adaptive controls).
  const needsSecondFactor = error instanceof ApiError && error.code === 'MFA_REQUIRED';
  // An ApiError carries the server's message; anything else here is a body that broke the contract.
  const profileError = error && !needsSecondFactor ? (error instanceof ApiError ? error.message : t('dashboardInsights.profileUnreadable')) : null;
  return { user, profileError, needsSecondFactor };
};

// §4: if the profile cannot be loaded, keep the message, sign out and show /error/ (which does the
// signing out once it is on screen, so this layout's guard does not send the user to /login/ first).
const useLeaveOnProfileError = (profileError: string | null) => {
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (!profileError || handled.current) return;
    handled.current = true;
    storeProfileError(profileError);
    void navigate(paths.error.getHref(), { replace: true, state: signOutOnArrival });
  }, [profileError, navigate]);
};

/**
 * The layout route around every signed-in page: loads the session and the personal record once,
 * decides on every path change whether the page may be shown (features/shell/model/guard.ts), and
 * renders the shell around it.
 */
export const Component = () => {
  const { pathname } = useLocation();
  const session = useSessionStatus();
  const { user, profileError, needsSecondFactor } = usePersonalRecord(session);
  const logout = useLogout();
  useLeaveOnProfileError(profileError);
  const companies = useMsspCompanies({ enabled: user !== null && isAdmin(user) });
  if (needsSecondFactor) return <Navigate to={paths.login.secondFactor.getHref()} replace />;

  const decision = decideNavigation({ path: pathname, session, user, profileError });
  // A profile error is already on its way to /error/, with the request to sign out.
  if (profileError) return <PageSpinner />;
  if (decision.kind === 'redirect') {
    // The reason rides along so /error/ can say what happened (a page the role may not open).
    return <Navigate to={decision.to} replace state={decision.reason ? errorPageState(decision.reason) : undefined} />;
  }
  if (decision.kind === 'wait' || !user) return <PageSpinner />;

  const managesSeveralCompanies = companies.length > 1;
  return (
    <ShellLayout
      user={user}
      menu={buildMenu(user, { email: user.email, managesSeveralCompanies })}
      logoHref={getLogoHref(user)}
      onLogout={logout}
      companySwitcher={
        managesSeveralCompanies ? <CompanySwitcher currentOrganization={user.organization} companies={companies} /> : null
      }
    >
      <Outlet />
    </ShellLayout>
  );
};

export { ErrorBoundary } from './root.route';
