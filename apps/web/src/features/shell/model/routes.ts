import { paths } from '../../../config/paths';
import { isAdmin, isManager, type ShellUser } from './user';

/** The product area a route belongs to; the guard's onboarding and BRA rules (§4) speak in these. */
export type RouteGroup =
  | 'public'
  | 'onboarding'
  | 'insights'
  | 'dashboard'
  | 'compliance'
  | 'reporting'
  | 'controls'
  | 'configure'
  | 'settings'
  | 'legacy';

/**
 * Who may see a route (spec §6). A signed-in person may see it when they belong to any of its
 * audiences:
 * - `public`: anyone, signed in or not;
 * - `signedIn`: every signed-in person (the §6 "dashboard pages" every role has);
 * - `admin`: role Superadmin or Admin; `manager`: role Manager;
 * - `departmentAdmin`, `directManager`: the flags, whatever the role;
 * - `notOnboarded`: anyone whose organisation has not finished onboarding (see /onboarding/).
 */
export type Audience = 'public' | 'signedIn' | 'admin' | 'manager' | 'departmentAdmin' | 'directManager' | 'notOnboarded';

type RouteSpec<Parent extends string = string> = {
  /** Pattern from config/paths.ts: `:name` matches one non-empty segment. */
  path: string;
  group: RouteGroup;
  audiences: readonly Audience[];
  /** The breadcrumb above this page; null for a top-level page. */
  parent: Parent | null;
  /** Extra checks on parameters, for segments the router cannot split (`{product}-nudge`). */
  params?: Readonly<Record<string, RegExp>>;
};

const publicPage = ['public'] as const;
const everyone = ['signedIn'] as const;
const admins = ['admin'] as const;

// The values the address may carry for the pages with parameters. Each has its name in the
// catalogue (`routeParams`), which titles and breadcrumbs show: never the address's own text. Any
// other value is no page ("Page Not Found" in the shell).
/** The integrations Vigil offers, by their page's id: /configure/integrations/{serviceId}/. */
export const integrationServices = ['scim', 'google-workspace', 'phish-mailbox', 'api-keys', 'webhooks'] as const;
export const nudgeProducts = ['guardian'] as const;
export const nudgeStatuses = ['enabled', 'disabled'] as const;
export type IntegrationService = (typeof integrationServices)[number];
export type NudgeProduct = (typeof nudgeProducts)[number];
export type NudgeStatus = (typeof nudgeStatuses)[number];

const oneOf = (values: readonly string[], suffix = '') => new RegExp(`^(?:${values.join('|')})${suffix}$`);
const nudgeParams = { productNudge: oneOf(nudgeProducts, '-nudge'), status: oneOf(nudgeStatuses) };

// Every route of spec §2, in its order. The §6 table, route by route:
// - Admin / Superadmin: settings and configure routes, organisation insights (organization and its
//   subpages, departments, users, initial testing), compliance, reporting, integrations, adaptive
//   controls, {product}-nudge, sso-settings, welcome, dashboard pages, onboarding routes.
// - Department admin: dashboard pages, /insights/departments/, /insights/departments/search/, /insights/users/.
// - Direct manager: dashboard pages, /insights/direct-reports/search/, /insights/users/.
// - Manager: dashboard pages, /insights/users/, /insights/your-reports/.
// - Plain user: /dashboard/insights/ and /dashboard/trainings/.
// Choices the spec leaves open, made here:
// - "dashboard pages" include the trainings subpages (learning, compliance, completed), for plain
//   users too: they play the training videos, which exist for exactly those people.
// - /account-settings/ is for every signed-in person: the user menu offers it to everyone who is
//   onboarded (§2), and a menu entry must not lead to /error/.
// - /onboarding/ (the welcome page only, not its set-up steps) is also open to anyone whose
//   organisation is not onboarded: §4 sends every such person there, and §6 would otherwise send a
//   non-admin on to /error/ and back to sign-in, in a loop.
// - /compliance-onboarding/ counts as compliance; /employees/ and /campaigns/ are named nowhere in §6
//   and are taken as admin pages of the earlier product. All three, like /welcome/, redirect once the
//   BRA is complete (§4), and an admin before that is held on the BRA pages, so nobody opens them.
// - /insights/direct-reports/search/ and /insights/your-reports/ are personal to direct managers and
//   managers: an admin sees them only with that flag or role.
const routeSpecs = {
  login: { path: paths.login.path, group: 'public', audiences: publicPage, parent: null },
  loginMagicLink: { path: paths.login.magicLink.path, group: 'public', audiences: publicPage, parent: 'login' },
  loginEnchantedLink: { path: paths.login.enchantedLink.path, group: 'public', audiences: publicPage, parent: 'login' },
  loginResetPassword: { path: paths.login.resetPassword.path, group: 'public', audiences: publicPage, parent: 'login' },
  loginSecondFactor: { path: paths.login.secondFactor.path, group: 'public', audiences: publicPage, parent: 'login' },
  loginSso: { path: paths.login.sso.path, group: 'public', audiences: publicPage, parent: 'login' },
  loginOauth: { path: paths.login.oauth.path, group: 'public', audiences: publicPage, parent: 'login' },
  headsUp: { path: paths.headsUp.path, group: 'public', audiences: publicPage, parent: null },
  error: { path: paths.error.path, group: 'public', audiences: publicPage, parent: null },

  insightsOrganization: { path: paths.insights.organization.path, group: 'insights', audiences: admins, parent: null },
  insightsMfaProtectionStatus: {
    path: paths.insights.organization.mfaProtectionStatus.path,
    group: 'insights',
    audiences: admins,
    parent: 'insightsOrganization',
  },
  insightsDeviceProtectionStatus: {
    path: paths.insights.organization.deviceProtectionStatus.path,
    group: 'insights',
    audiences: admins,
    parent: 'insightsOrganization',
  },
  insightsTrainingStatus: {
    path: paths.insights.organization.trainingStatus.path,
    group: 'insights',
    audiences: admins,
    parent: 'insightsOrganization',
  },
  insightsUserLoginActivity: {
    path: paths.insights.organization.userLoginActivity.path,
    group: 'insights',
    audiences: admins,
    parent: 'insightsOrganization',
  },
  insightsAnomalousActivity: {
    path: paths.insights.organization.anomalousActivity.path,
    group: 'insights',
    audiences: admins,
    parent: 'insightsOrganization',
  },
  // /insights/departments/ and /insights/users/ show one department or person found through the
  // search pages, which they highlight (§2): the search page is their breadcrumb parent.
  insightsDepartments: {
    path: paths.insights.departments.path,
    group: 'insights',
    audiences: ['admin', 'departmentAdmin'],
    parent: 'insightsDepartmentsSearch',
  },
  insightsDepartmentsSearch: {
    path: paths.insights.departments.search.path,
    group: 'insights',
    audiences: ['admin', 'departmentAdmin'],
    parent: null,
  },
  insightsUsers: {
    path: paths.insights.users.path,
    group: 'insights',
    audiences: ['admin', 'departmentAdmin', 'directManager', 'manager'],
    parent: 'insightsUsersSearch',
  },
  insightsUsersSearch: { path: paths.insights.users.search.path, group: 'insights', audiences: admins, parent: null },
  insightsDirectReportsSearch: {
    path: paths.insights.directReports.search.path,
    group: 'insights',
    audiences: ['directManager'],
    parent: null,
  },
  insightsYourReports: { path: paths.insights.yourReports.path, group: 'insights', audiences: ['manager'], parent: null },
  insightsInitialTesting: { path: paths.insights.initialTesting.path, group: 'insights', audiences: admins, parent: null },

  dashboardInsights: { path: paths.dashboard.insights.path, group: 'dashboard', audiences: everyone, parent: null },
  dashboardTrainings: { path: paths.dashboard.trainings.path, group: 'dashboard', audiences: everyone, parent: null },
  dashboardTrainingsLearning: {
    path: paths.dashboard.trainings.learning.path,
    group: 'dashboard',
    audiences: everyone,
    parent: 'dashboardTrainings',
  },
  dashboardTrainingsCompliance: {
    path: paths.dashboard.trainings.compliance.path,
    group: 'dashboard',
    audiences: everyone,
    parent: 'dashboardTrainings',
  },
  dashboardTrainingsCompleted: {
    path: paths.dashboard.trainings.completed.path,
    group: 'dashboard',
    audiences: everyone,
    parent: 'dashboardTrainings',
  },

  compliance: { path: paths.compliance.path, group: 'compliance', audiences: admins, parent: null },
  complianceOnboarding: { path: paths.complianceOnboarding.path, group: 'legacy', audiences: admins, parent: null },
  employees: { path: paths.employees.path, group: 'legacy', audiences: admins, parent: null },
  reporting: { path: paths.reporting.path, group: 'reporting', audiences: admins, parent: null },
  campaigns: { path: paths.campaigns.path, group: 'legacy', audiences: admins, parent: null },
  adaptiveControls: { path: paths.adaptiveControls.path, group: 'controls', audiences: admins, parent: null },
  ssoSettings: { path: paths.ssoSettings.path, group: 'settings', audiences: admins, parent: null },
  welcome: { path: paths.welcome.path, group: 'legacy', audiences: admins, parent: null },

  configureTesting: { path: paths.configure.testing.path, group: 'configure', audiences: admins, parent: null },
  configureTestingRequest: {
    path: paths.configure.testing.request.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureTesting',
  },
  configureTestingSchedule: {
    path: paths.configure.testing.schedule.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureTesting',
  },
  configureTestingCampaign: {
    path: paths.configure.testing.campaign.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureTesting',
  },
  configureTrainings: { path: paths.configure.trainings.path, group: 'configure', audiences: admins, parent: null },
  configureTrainingsRequest: {
    path: paths.configure.trainings.request.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureTrainings',
  },
  configureTrainingsFrequency: {
    path: paths.configure.trainings.frequency.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureTrainings',
  },
  configureTrainingsSchedule: {
    path: paths.configure.trainings.schedule.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureTrainings',
  },
  configureTrainingsModule: {
    path: paths.configure.trainings.module.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureTrainings',
  },
  configureIntegrations: { path: paths.configure.integrations.path, group: 'configure', audiences: admins, parent: null },
  configureIntegration: {
    path: paths.configure.integrations.service.path,
    group: 'configure',
    audiences: admins,
    parent: 'configureIntegrations',
    params: { serviceId: oneOf(integrationServices) },
  },

  settingsNudge: {
    path: paths.settings.nudge.path,
    group: 'settings',
    audiences: admins,
    parent: null,
    params: nudgeParams,
  },
  settingsNudgeStatus: {
    path: paths.settings.nudge.status.path,
    group: 'settings',
    audiences: admins,
    parent: 'settingsNudge',
    params: nudgeParams,
  },
  settingsOrganization: { path: paths.settings.organization.path, group: 'settings', audiences: admins, parent: null },
  settingsOrganizationGeneral: {
    path: paths.settings.organization.general.path,
    group: 'settings',
    audiences: admins,
    parent: 'settingsOrganization',
  },
  settingsOrganizationUsers: {
    path: paths.settings.organization.users.path,
    group: 'settings',
    audiences: admins,
    parent: 'settingsOrganization',
  },
  settingsOrganizationAdmins: {
    path: paths.settings.organization.admins.path,
    group: 'settings',
    audiences: admins,
    parent: 'settingsOrganization',
  },
  settingsOrganizationLoginLogs: {
    path: paths.settings.organization.loginLogs.path,
    group: 'settings',
    audiences: admins,
    parent: 'settingsOrganization',
  },
  accountSettings: { path: paths.accountSettings.path, group: 'settings', audiences: everyone, parent: null },

  onboarding: { path: paths.onboarding.path, group: 'onboarding', audiences: ['admin', 'notOnboarded'], parent: null },
  onboardingSetupSsoAndScim: {
    path: paths.onboarding.setupSsoAndScim.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboarding',
  },
  onboardingSetupSsoAndScimEntraId: {
    path: paths.onboarding.setupSsoAndScim.entraId.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboardingSetupSsoAndScim',
  },
  onboardingSetupSsoAndScimGoogleWorkspace: {
    path: paths.onboarding.setupSsoAndScim.googleWorkspace.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboardingSetupSsoAndScim',
  },
  onboardingSetupSsoAndScimOkta: {
    path: paths.onboarding.setupSsoAndScim.okta.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboardingSetupSsoAndScim',
  },
  onboardingSetupSsoAndScimPostSetupVerification: {
    path: paths.onboarding.setupSsoAndScim.postSetupVerification.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboardingSetupSsoAndScim',
  },
  onboardingSetupDmi: { path: paths.onboarding.setupDmi.path, group: 'onboarding', audiences: admins, parent: 'onboarding' },
  onboardingSetupDmiExchange: {
    path: paths.onboarding.setupDmi.exchange.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboardingSetupDmi',
  },
  onboardingSetupDmiGoogleWorkspace: {
    path: paths.onboarding.setupDmi.googleWorkspace.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboardingSetupDmi',
  },
  onboardingSetupWatchtowerGoogle: {
    path: paths.onboarding.setupWatchtower.google.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboarding',
  },
  onboardingSetupWatchtowerMicrosoft: {
    path: paths.onboarding.setupWatchtower.microsoft.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboarding',
  },
  onboardingLaunchInitialTesting: {
    path: paths.onboarding.launchInitialTesting.path,
    group: 'onboarding',
    audiences: admins,
    parent: 'onboarding',
  },
} as const satisfies Record<string, RouteSpec>;

export type RouteId = keyof typeof routeSpecs;

// Compile-time check: every breadcrumb parent is a route of the table.
type _ParentsAreRoutes = Exclude<(typeof routeSpecs)[RouteId]['parent'], RouteId | null> extends never ? true : never;
const _parentsAreRoutes: _ParentsAreRoutes = true;

export type ShellRoute = RouteSpec<RouteId> & {
  id: RouteId;
  /** Catalogue key of the page title; titles of pages with parameters interpolate them. */
  titleKey: `routes.${RouteId}.title`;
};

export const shellRoutes: readonly ShellRoute[] = (Object.keys(routeSpecs) as RouteId[]).map((id) => ({
  id,
  ...(routeSpecs[id] as RouteSpec<RouteId>),
  titleKey: `routes.${id}.title`,
}));

const routesById = new Map(shellRoutes.map((route) => [route.id, route]));

export const getShellRoute = (id: RouteId): ShellRoute => routesById.get(id)!;

/** All routes have a trailing slash (§2): '/reporting' is read as '/reporting/'. */
export const normalizePath = (path: string) => (path.endsWith('/') ? path : `${path}/`);

const splitPath = (path: string) => normalizePath(path).split('/').filter(Boolean);

const decodeSegment = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const matchPattern = (route: ShellRoute, segments: string[]): Record<string, string> | null => {
  const pattern = splitPath(route.path);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const actual = segments[index]!;
    if (part.startsWith(':')) {
      const name = part.slice(1);
      const value = decodeSegment(actual);
      if (route.params?.[name] && !route.params[name].test(value)) return null;
      params[name] = value;
    } else if (part !== actual) {
      return null;
    }
  }
  return params;
};

export type RouteMatch = { route: ShellRoute; params: Record<string, string> };

/** The route of §2 at this path, with its parameters; a page without parameters wins over one with. */
export const matchShellRoute = (path: string): RouteMatch | null => {
  const segments = splitPath(path);
  let best: RouteMatch | null = null;
  for (const route of shellRoutes) {
    const params = matchPattern(route, segments);
    if (!params) continue;
    if (!best || Object.keys(params).length < Object.keys(best.params).length) best = { route, params };
  }
  return best;
};

/** The first path segments of the signed-in pages: '/insights/…', '/configure/…' and so on. */
export const mainPageNames: readonly string[] = [
  ...new Set(shellRoutes.filter((route) => route.group !== 'public').map((route) => splitPath(route.path)[0]!)),
];

/**
 * A path under a main page name that matches no page of it, like /insights/nonexistent/: the shell
 * shows "Page Not Found" there (§2). Other unknown paths get the stand-alone Page Not Found page.
 */
export const isUnknownPageOfMainPage = (path: string) => {
  const [first] = splitPath(path);
  return first !== undefined && mainPageNames.includes(first) && matchShellRoute(path) === null;
};

const belongsTo = (user: ShellUser, audience: Audience): boolean => {
  switch (audience) {
    case 'public':
    case 'signedIn':
      return true;
    case 'admin':
      return isAdmin(user);
    case 'manager':
      return isManager(user);
    case 'departmentAdmin':
      return user.isDepartmentAdmin;
    case 'directManager':
      return user.isDirectManager;
    case 'notOnboarded':
      return !user.isOnboarded;
  }
};

/** Whether §6 lets this signed-in person see the route (the onboarding and BRA redirects aside). */
export const canSeeRoute = (user: ShellUser, route: ShellRoute) =>
  route.audiences.some((audience) => belongsTo(user, audience));

/** The page and its ancestors, top-level page first: the breadcrumb trail. */
export const getRouteTrail = (route: ShellRoute): ShellRoute[] => {
  const trail: ShellRoute[] = [];
  for (let current: ShellRoute | null = route; current; current = current.parent ? getShellRoute(current.parent) : null) {
    trail.unshift(current);
  }
  return trail;
};

/** The href of a route pattern with these parameters (for breadcrumbs above a page with parameters). */
export const buildRouteHref = (route: ShellRoute, params: Record<string, string>) =>
  route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** Catalogue keys of the names of the values a page's address may carry. */
export type RouteParamKey =
  | `routeParams.integrations.${IntegrationService}`
  | `routeParams.nudgeProducts.${NudgeProduct}`
  | `routeParams.nudgeStatuses.${NudgeStatus}`;

/** Looks a catalogue key up in the current language (i18next's `t`). */
export type TranslateRouteParam = (key: RouteParamKey) => string;

const isOneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

/**
 * What the titles (and page texts) of pages with parameters interpolate: {{product}}, {{status}},
 * {{service}}, each the catalogue's name for the value in the address. Empty where the page has no
 * such parameter; matchShellRoute has already refused values that have no name.
 */
export const getTitleParams = (params: Record<string, string>, translate: TranslateRouteParam) => {
  const product = params.productNudge?.replace(/-nudge$/, '');
  return {
    product: isOneOf(nudgeProducts, product) ? translate(`routeParams.nudgeProducts.${product}`) : '',
    status: isOneOf(nudgeStatuses, params.status) ? translate(`routeParams.nudgeStatuses.${params.status}`) : '',
    service: isOneOf(integrationServices, params.serviceId) ? translate(`routeParams.integrations.${params.serviceId}`) : '',
  };
};
