import type { Browser, Page, Response } from 'playwright-core';

// The web app's own model of the shell (spec §2, §4, §6): the suite's expectations come from it,
// so the table is written once and the browser is checked against it.
import { apiPaths, paths } from '../apps/web/src/config/paths.ts';
import { decideNavigation } from '../apps/web/src/features/shell/model/guard.ts';
import { buildMenu, type Menu } from '../apps/web/src/features/shell/model/menus.ts';
import { buildRouteHref, getTitleParams, matchShellRoute, shellRoutes } from '../apps/web/src/features/shell/model/routes.ts';
import { deriveShellUser, isAdmin, type PersonalRecordInput, type ShellUser } from '../apps/web/src/features/shell/model/user.ts';
import { i18n } from '../apps/web/src/lib/i18n.ts';
import { newBrowserContext } from './browser.ts';

export const demoPassword = 'vigil-demo-password';
export const t = i18n.t.bind(i18n);

/** Values for the routes with parameters; they satisfy each route's own checks (`-nudge`). */
const sampleParams = { serviceId: 'okta', productNudge: 'guardian-nudge', status: 'enabled' };

/**
 * One address per route of the table: every signed-in page, the public pages a signed-in person
 * can stay on, "/" (the signed-in home) and an unknown page under a main page name.
 * The sign-in pages are left out: they are not the shell's, and send a signed-in person home.
 */
export const routeUrls: readonly string[] = [
  paths.home.getHref(),
  ...shellRoutes.filter((route) => !route.id.startsWith('login')).map((route) => buildRouteHref(route, sampleParams)),
  '/insights/nonexistent/',
];

/** Where the browser must end up from this path, following the model's redirects. */
export const resolveFinalPath = (path: string, user: ShellUser): string => {
  let current = path;
  for (let hop = 0; hop < 5; hop += 1) {
    const decision = decideNavigation({ path: current, session: 'authenticated', user, profileError: null });
    if (decision.kind !== 'redirect') return current;
    current = decision.to;
  }
  throw new Error(`The model redirects in a loop from ${path}`);
};

/** The heading or document title the browser shows once it has settled on this path. */
const expectedScreen = (path: string): { kind: 'message'; heading: string } | { kind: 'shell'; documentTitle: string } => {
  // The suite reaches /error/ only through §6 (a page the role may not open), never a profile error.
  if (path === paths.error.path) return { kind: 'message', heading: t('errorPage.forbidden.title') };
  if (path === paths.headsUp.path) return { kind: 'message', heading: t('routes.headsUp.title') };
  const match = matchShellRoute(path);
  const title = match ? t(match.route.titleKey, getTitleParams(match.params, (key) => t(key))) : t('shell.pageNotFound');
  return { kind: 'shell', documentTitle: t('shell.documentTitle', { title }) };
};

/**
 * The paths the browser may settle on from `path`: where the model sends it and, when the model
 * lets the page stay, also its own sub-pages the model lets stay. A page may open on one of its
 * sub-pages (organisation settings opens its first tab): that is the page's choice, not a redirect
 * of §4 or §6.
 */
export const acceptablePaths = (path: string, user: ShellUser): string[] => {
  const final = resolveFinalPath(path, user);
  const route = final === path ? matchShellRoute(path)?.route : undefined;
  if (!route) return [final];
  const children = shellRoutes
    .filter((child) => child.parent === route.id && !child.path.includes(':'))
    .map((child) => child.path)
    .filter((child) => resolveFinalPath(child, user) === child);
  return [final, ...children];
};

/**
 * Waits until the browser shows the page of one of the `candidates`: the address, and the page's own heading
 * (pages outside the shell) or the shell's document title for it. After a client-side navigation the
 * shell also moves focus into the main region, which proves it rendered the new path and not the
 * previous page with the same title. Returns the path the browser shows when done or when it gives up.
 */
export const waitForScreen = async (page: Page, candidates: readonly string[], { focusMoved }: { focusMoved: boolean }) => {
  const screens = candidates.map((path) => ({ path, screen: expectedScreen(path) }));
  try {
    await page.waitForFunction(
      ({ screens, focusMoved }) => {
        const shown = screens.find(({ path }) => path === location.pathname);
        if (!shown) return false;
        const { screen } = shown;
        if (screen.kind === 'message') {
          return [...document.querySelectorAll('h1')].some((heading) => heading.textContent === screen.heading);
        }
        if (document.title !== screen.documentTitle) return false;
        return !focusMoved || (document.querySelector('main')?.contains(document.activeElement) ?? false);
      },
      { screens, focusMoved },
      { timeout: 15_000, polling: 'raf' },
    );
  } catch {
    // Settled elsewhere (or never): the caller compares paths and reports both.
  }
  return new URL(page.url()).pathname;
};

/**
 * A client-side navigation, as the router makes one: push the address and tell the router, which
 * reads it like the back button. Focus is dropped first, so `waitForScreen` sees the shell move it.
 */
export const navigateInApp = async (page: Page, url: string) => {
  await page.evaluate((target) => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    const state = history.state as { idx?: number } | null;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
};

export type SignedIn = {
  page: Page;
  user: ShellUser;
  /** The menu the model gives this person, with the managed companies the app was sent. */
  menu: Menu;
  landingPath: string;
};

/**
 * Signs in through the sign-in page and reads the personal record and the managed-company list the
 * app itself received, so the expectations follow the very data the browser works with.
 */
export const signIn = async (
  browser: Browser,
  baseUrl: string,
  email: string,
  { width = 1280, height = 900 } = {},
): Promise<SignedIn> => {
  const page = await (await newBrowserContext(browser, { viewport: { width, height } })).newPage();
  const isResponseTo = (path: string) => (response: Response) => new URL(response.url()).pathname === path && response.ok();
  // Admins' menus depend on the managed companies (§2), which the shell asks for after the record.
  const companies = page.waitForResponse(isResponseTo(apiPaths.msspCompanyList), { timeout: 20_000 }).catch(() => null);
  const record = page.waitForResponse(isResponseTo(apiPaths.personalUserData), { timeout: 20_000 });
  await page.goto(`${baseUrl}${paths.login.getHref()}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const user = deriveShellUser((await (await record).json()) as PersonalRecordInput);
  const companyList = isAdmin(user) ? ((await (await companies)?.json()) as { mssp_company_names?: unknown[] } | undefined) : undefined;
  const managesSeveralCompanies = (companyList?.mssp_company_names?.length ?? 0) > 1;
  return {
    page,
    user,
    menu: buildMenu(user, { email, managesSeveralCompanies }),
    landingPath: resolveFinalPath(paths.home.getHref(), user),
  };
};
