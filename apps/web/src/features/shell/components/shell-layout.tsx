import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { paths } from '../../../config/paths';
import type { Menu } from '../model/menus';
import {
  buildRouteHref,
  canSeeRoute,
  getRouteTrail,
  getTitleParams,
  matchShellRoute,
  type RouteMatch,
} from '../model/routes';
import type { ShellUser } from '../model/user';
import { PageHeader } from './page-header';
import { ShellPageProvider, usePageOverrides, type Breadcrumb } from './shell-page-context';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

type ShellLayoutProps = {
  user: ShellUser;
  menu: Menu;
  logoHref: string;
  onLogout: () => Promise<void>;
  /** The company drop-down of a managed-service organisation, shown before 'Metrics'. */
  companySwitcher?: ReactNode;
  /** The page. */
  children: ReactNode;
};

// §4: each path change starts at the top of the page.
const useScrollToTopOnPathChange = (path: string) => {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);
};

const useRouteHeading = (match: RouteMatch | null, user: ShellUser) => {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!match) return { title: t('shell.pageNotFound'), breadcrumbs: [] as Breadcrumb[] };
    const titleParams = getTitleParams(match.params);
    const breadcrumbs = getRouteTrail(match.route).map((route) => ({
      label: t(route.titleKey, titleParams),
      // An ancestor this person may not open stays plain text rather than a link to /error/.
      href: canSeeRoute(user, route) ? buildRouteHref(route, match.params) : null,
    }));
    return { title: t(match.route.titleKey, titleParams), breadcrumbs };
  }, [match, user, t]);
};

const ShellNotFound = () => {
  const { t } = useTranslation();
  return <Typography data-testid="shell-not-found">{t('shell.pageNotFoundDetail')}</Typography>;
};

type ShellFrameProps = ShellLayoutProps & { match: RouteMatch | null };

const ShellFrame = ({ user, menu, logoHref, onLogout, companySwitcher, match, children }: ShellFrameProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const heading = useRouteHeading(match, user);
  const overrides = usePageOverrides();
  const title = overrides.title ?? heading.title;
  const breadcrumbs = overrides.breadcrumbs ?? heading.breadcrumbs;
  const [logoutFailed, setLogoutFailed] = useState(false);
  useScrollToTopOnPathChange(pathname);
  useEffect(() => {
    document.title = t('shell.documentTitle', { title });
  }, [t, title]);

  // §2: no side navigation on the onboarding pages (nor on an unknown page under /onboarding/).
  const showSideNav = !pathname.startsWith(paths.onboarding.path);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar
        user={user}
        onLogout={async () => {
          setLogoutFailed(false);
          await onLogout();
        }}
        onLogoutFailed={() => setLogoutFailed(true)}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {showSideNav ? <SideNav menu={menu} path={pathname} logoHref={logoHref} companySwitcher={companySwitcher} /> : null}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
          {logoutFailed ? (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => setLogoutFailed(false)}>
              {t('shell.userMenu.logoutFailed')}
            </Alert>
          ) : null}
          <PageHeader
            title={title}
            breadcrumbs={breadcrumbs}
            showTitle={pathname !== paths.dashboard.insights.path}
          />
          {match ? children : <ShellNotFound />}
        </Box>
      </Box>
    </Box>
  );
};

/**
 * The frame of every signed-in page (§2): banner, side navigation, breadcrumbs and title, then
 * the page. A path under a main page name with no such page shows "Page Not Found" in its place.
 */
export const ShellLayout = (props: ShellLayoutProps) => {
  const { pathname } = useLocation();
  const match = useMemo(() => matchShellRoute(pathname), [pathname]);
  return (
    <ShellPageProvider match={match}>
      <ShellFrame {...props} match={match} />
    </ShellPageProvider>
  );
};
