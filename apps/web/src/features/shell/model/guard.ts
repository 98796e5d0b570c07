import { paths } from '../../../config/paths';
import { canSeeRoute, isUnknownPageOfMainPage, matchShellRoute, normalizePath, type RouteId } from './routes';
import { isAdmin, isManager, type ShellUser } from './user';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export type NavigationInput = {
  /** The location's pathname. */
  path: string;
  session: SessionStatus;
  /** The signed-in person, once the personal record has loaded. */
  user?: ShellUser | null;
  /** Set when loading the personal record failed (§4). */
  profileError?: string | null;
};

/**
 * Why someone is sent to /error/, which says it in words: a page their role may not open (they stay
 * signed in and go home), or a personal record that failed to load (they sign in again).
 */
export type ErrorReason = 'forbidden' | 'profileError';

export type NavigationDecision =
  | { kind: 'wait' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; reason?: ErrorReason };

const wait: NavigationDecision = { kind: 'wait' };
const allow: NavigationDecision = { kind: 'allow' };
const redirect = (to: string): NavigationDecision => ({ kind: 'redirect', to });
const toErrorPage = (reason: ErrorReason): NavigationDecision => ({ kind: 'redirect', to: paths.error.getHref(), reason });

/** The location state that carries the reason to /error/ (the address stays /error/). */
export type ErrorPageState = { reason: ErrorReason };

export const errorPageState = (reason: ErrorReason): ErrorPageState => ({ reason });

/** The reason in /error/'s location state; null when it came without one (typed in, say). */
export const readErrorReason = (state: unknown): ErrorReason | null => {
  if (typeof state !== 'object' || state === null || !('reason' in state)) return null;
  return state.reason === 'forbidden' || state.reason === 'profileError' ? state.reason : null;
};

const startsWithAny = (path: string, prefixes: readonly string[]) => prefixes.some((prefix) => path.startsWith(prefix));

// Open without a session: sign-in and everything under it (the emailed-link landings), the heads-up
// page and the error page. Unknown paths outside the main page names are public too: the
// stand-alone Page Not Found page needs no session.
const publicPrefixes = [paths.login.path, paths.headsUp.path, paths.error.path];

// §4 "unless already on an onboarding page". /welcome/ is the earlier product's onboarding welcome
// and counts as one: the logo of an admin who has not finished links there (§2), and that link must
// not bounce. Unknown paths under /onboarding/ count too, so they show Page Not Found in place.
const isOnboardingPage = (path: string) => path.startsWith(paths.onboarding.path) || path === paths.welcome.path;

// §4: while the BRA is not complete an admin may stay on "an allowed configure, settings or
// onboarding page". Settings pages are /settings/… and the two pages named settings (SSO settings,
// account settings, which the user menu offers). The pages the Onboarding menu links to are allowed
// too (initial-testing insights, users search), and /insights/users/, the person a search leads to,
// which §2 treats as part of the users search.
const braGatePrefixes = ['/configure/', '/settings/', paths.onboarding.path];
const braGatePages: readonly string[] = [
  paths.ssoSettings.path,
  paths.accountSettings.path,
  paths.welcome.path,
  paths.insights.initialTesting.path,
  paths.insights.users.search.path,
  paths.insights.users.path,
];
const isAllowedDuringBraGate = (path: string) => startsWithAny(path, braGatePrefixes) || braGatePages.includes(path);

// §4: pages of the earlier product that send people to their landing page once the BRA is complete.
const replacedOnceBraComplete: readonly RouteId[] = ['welcome', 'complianceOnboarding', 'employees', 'campaigns'];

/** Where a person lands once their organisation's BRA is complete (§4). */
export const getLandingPath = (user: ShellUser): string => {
  if (isAdmin(user)) return paths.insights.organization.getHref();
  if (isManager(user)) return paths.insights.yourReports.getHref();
  return paths.dashboard.insights.getHref();
};

/**
 * Decides, for one path, whether to show it, wait, or send the visitor elsewhere: spec §4 (states and
 * transitions) then §6 (roles and permissions), checked in this order:
 * 1. public pages are always shown;
 * 2. no session yet → wait; no session → /login/; the record failed to load → /error/; the record
 *    is still loading → wait;
 * 3. organisation not onboarded → /onboarding/, unless on an onboarding page;
 * 4. admin with the BRA not complete → /insights/initial-testing/, unless on an allowed page;
 * 5. BRA complete and on /welcome/, /compliance-onboarding/, /employees/ or /campaigns/ → landing page;
 * 6. §6: a page this person may see is shown, any other page → /error/ (reason 'forbidden'). A path
 *    under a main page name that matches no page (/insights/nonexistent/) is shown: the shell says
 *    "Page Not Found" there.
 * Every redirect lands on a page the same decision shows, so there is never more than one hop.
 */
export const decideNavigation = ({ path: rawPath, session, user, profileError }: NavigationInput): NavigationDecision => {
  const path = normalizePath(rawPath);
  const match = matchShellRoute(path);
  const isUnknownShellPage = isUnknownPageOfMainPage(path);

  // 0. "/" is the signed-in home, where sign-in lands: on to the person's landing page.
  if (path === paths.home.path) {
    if (session === 'loading') return wait;
    if (session === 'anonymous') return redirect(paths.login.getHref());
    if (profileError) return toErrorPage('profileError');
    return user ? redirect(getLandingPath(user)) : wait;
  }

  // 1. Public.
  if (startsWithAny(path, publicPrefixes)) return allow;
  if (!match && !isUnknownShellPage) return allow;

  // 2. Session and personal record.
  if (session === 'loading') return wait;
  if (session === 'anonymous') return redirect(paths.login.getHref());
  if (profileError) return toErrorPage('profileError');
  if (!user) return wait;

  // 3. Onboarding. The later steps assume it is done, so an onboarding page goes straight to §6.
  if (!user.isOnboarded) {
    if (!isOnboardingPage(path)) return redirect(paths.onboarding.getHref());
  } else if (isAdmin(user) && !user.isBRACompleted) {
    // 4. The baseline risk assessment gate for admins.
    if (!isAllowedDuringBraGate(path)) return redirect(paths.insights.initialTesting.getHref());
  } else if (user.isBRACompleted && match && replacedOnceBraComplete.includes(match.route.id)) {
    // 5. Pages replaced once the BRA is complete.
    return redirect(getLandingPath(user));
  }

  // 6. Permissions.
  if (!match) return allow;
  return canSeeRoute(user, match.route) ? allow : toErrorPage('forbidden');
};
