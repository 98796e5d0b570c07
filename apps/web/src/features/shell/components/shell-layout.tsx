import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';

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
import { NavDrawer } from './nav-drawer';
import { ShellPageProvider, usePageOverrides, type Breadcrumb } from './shell-page-context';
import { SideNav } from './side-nav';
import { SkipLink } from './skip-link';
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

const mainContentId = 'main-content';

// A new page announces nothing by itself: focus its heading (or the main region) so screen readers
// read where the person now is, and the next Tab starts in the page. A fresh load or reload (POP on
// the first render) keeps the browser's own start, where the skip link comes first. A path change
// made from a control inside the page that is still there (a tab of the organisation settings)
// leaves focus on that control: the person is working within the page and expects to stay put.
const useFocusOnPathChange = (path: string, main: RefObject<HTMLElement | null>) => {
  const navigationType = useNavigationType();
  // The path focus was last moved for; a page load counts as done already.
  const focusedPath = useRef(navigationType === 'POP' ? path : null);
  useEffect(() => {
    if (focusedPath.current === path || !main.current) return;
    focusedPath.current = path;
    const target = main.current.querySelector<HTMLElement>('h1') ?? main.current;
    const active = document.activeElement;
    // The main region and the heading are where this hook itself puts focus, not a person's choice.
    if (active && active !== main.current && active !== target && main.current.contains(active)) return;
    // Pages render their own h1 on some paths; it must take focus without joining the Tab order.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [path, main]);
};

const useRouteHeading = (match: RouteMatch | null, user: ShellUser) => {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!match) return { title: t('shell.pageNotFound'), breadcrumbs: [] as Breadcrumb[] };
    const titleParams = getTitleParams(match.params, (key) => t(key));
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
  const mainRef = useRef<HTMLElement>(null);
  useScrollToTopOnPathChange(pathname);
  useFocusOnPathChange(pathname, mainRef);
  useEffect(() => {
    document.title = t('shell.documentTitle', { title });
  }, [t, title]);

  // §2: no side navigation on the onboarding pages (nor on an unknown page under /onboarding/).
  const showSideNav = !pathname.startsWith(paths.onboarding.path);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink targetId={mainContentId} />
      <TopBar
        user={user}
        navigationButton={
          showSideNav ? (
            <NavDrawer menu={menu} path={pathname} logoHref={logoHref} companySwitcher={companySwitcher} />
          ) : null
        }
        onLogout={async () => {
          setLogoutFailed(false);
          await onLogout();
        }}
        onLogoutFailed={() => setLogoutFailed(true)}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {showSideNav ? <SideNav menu={menu} path={pathname} logoHref={logoHref} companySwitcher={companySwitcher} /> : null}
        <Box
          component="main"
          id={mainContentId}
          ref={mainRef}
          tabIndex={-1}
          // Focus lands here and on the h1 only to be read out; neither is a control to operate.
          sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 }, '&:focus, & h1:focus': { outline: 'none' } }}
        >
          {logoutFailed ? (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => setLogoutFailed(false)}>
              {t('shell.userMenu.logoutFailed')}
            </Alert>
          ) : null}
          <PageHeader
            title={title}
            breadcrumbs={breadcrumbs}
            // By route, not by address: '/dashboard/insights' (no slash) is the same page.
            showTitle={match?.route.id !== 'dashboardInsights'}
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
