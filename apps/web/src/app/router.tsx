import { createBrowserRouter, type RouteObject } from 'react-router';

import { paths } from '../config/paths';
import { mainPageNames } from '../features/shell/model/routes';
import * as home from './routes/home.route';
import { ErrorBoundary, HydrateFallback } from './routes/root.route';

type Lazy = NonNullable<RouteObject['lazy']>;

const page = (path: string, lazy: Lazy): RouteObject => ({ path, lazy });

const insightsOrganization = () => import('./routes/insights/organization.route');
const insightsDepartments = () => import('./routes/insights/departments.route');
const insightsUsers = () => import('./routes/insights/users.route');
const dashboardTrainings = () => import('./routes/dashboard/trainings.route');
const compliance = () => import('./routes/compliance.route');
const configureTesting = () => import('./routes/configure/testing.route');
const configureTrainings = () => import('./routes/configure/trainings.route');
const configureIntegrations = () => import('./routes/configure/integrations.route');
const settingsNudge = () => import('./routes/settings/nudge.route');
const settingsOrganization = () => import('./routes/settings/organization.route');
const onboarding = () => import('./routes/onboarding.route');
const shellNotFound = () => import('./routes/shell-not-found.route');

// Every signed-in page of spec §2, inside the shell layout (which decides who may see what).
const shellPages: RouteObject[] = [
  page(paths.insights.organization.path, insightsOrganization),
  page(paths.insights.organization.mfaProtectionStatus.path, insightsOrganization),
  page(paths.insights.organization.deviceProtectionStatus.path, insightsOrganization),
  page(paths.insights.organization.trainingStatus.path, insightsOrganization),
  page(paths.insights.organization.userLoginActivity.path, insightsOrganization),
  page(paths.insights.organization.anomalousActivity.path, insightsOrganization),
  page(paths.insights.departments.path, insightsDepartments),
  page(paths.insights.departments.search.path, insightsDepartments),
  page(paths.insights.users.path, insightsUsers),
  page(paths.insights.users.search.path, insightsUsers),
  page(paths.insights.directReports.search.path, () => import('./routes/insights/direct-reports.route')),
  page(paths.insights.yourReports.path, () => import('./routes/insights/your-reports.route')),
  page(paths.insights.initialTesting.path, () => import('./routes/insights/initial-testing.route')),
  page(paths.dashboard.insights.path, () => import('./routes/dashboard/insights.route')),
  page(paths.dashboard.trainings.path, dashboardTrainings),
  page(paths.dashboard.trainings.learning.path, dashboardTrainings),
  page(paths.dashboard.trainings.compliance.path, dashboardTrainings),
  page(paths.dashboard.trainings.completed.path, dashboardTrainings),
  page(paths.compliance.path, compliance),
  page(paths.complianceOnboarding.path, compliance),
  page(paths.employees.path, () => import('./routes/employees.route')),
  page(paths.reporting.path, () => import('./routes/reporting.route')),
  page(paths.campaigns.path, () => import('./routes/campaigns.route')),
  page(paths.adaptiveControls.path, () => import('./routes/adaptive-controls.route')),
  page(paths.ssoSettings.path, () => import('./routes/sso-settings.route')),
  page(paths.welcome.path, () => import('./routes/welcome.route')),
  page(paths.configure.testing.path, configureTesting),
  page(paths.configure.testing.request.path, () => import('./routes/configure/testing-request.route')),
  page(paths.configure.testing.schedule.path, () => import('./routes/configure/testing-schedule.route')),
  page(paths.configure.testing.campaign.path, () => import('./routes/configure/testing-campaign.route')),
  page(paths.configure.trainings.path, configureTrainings),
  page(paths.configure.trainings.request.path, configureTrainings),
  page(paths.configure.trainings.frequency.path, configureTrainings),
  page(paths.configure.trainings.schedule.path, configureTrainings),
  page(paths.configure.trainings.module.path, configureTrainings),
  page(paths.configure.integrations.path, configureIntegrations),
  page(paths.configure.integrations.service.path, configureIntegrations),
  page(paths.settings.nudge.path, settingsNudge),
  page(paths.settings.nudge.status.path, settingsNudge),
  page(paths.settings.organization.path, settingsOrganization),
  page(paths.settings.organization.general.path, settingsOrganization),
  page(paths.settings.organization.users.path, settingsOrganization),
  page(paths.settings.organization.admins.path, settingsOrganization),
  page(paths.settings.organization.loginLogs.path, settingsOrganization),
  page(paths.accountSettings.path, () => import('./routes/account-settings.route')),
  page(paths.onboarding.path, onboarding),
  page(paths.onboarding.setupSsoAndScim.path, onboarding),
  page(paths.onboarding.setupSsoAndScim.entraId.path, onboarding),
  page(paths.onboarding.setupSsoAndScim.googleWorkspace.path, onboarding),
  page(paths.onboarding.setupSsoAndScim.okta.path, onboarding),
  page(paths.onboarding.setupSsoAndScim.postSetupVerification.path, onboarding),
  page(paths.onboarding.setupDmi.path, onboarding),
  page(paths.onboarding.setupDmi.exchange.path, onboarding),
  page(paths.onboarding.setupDmi.googleWorkspace.path, onboarding),
  page(paths.onboarding.setupWatchtower.google.path, onboarding),
  page(paths.onboarding.setupWatchtower.microsoft.path, onboarding),
  page(paths.onboarding.launchInitialTesting.path, onboarding),
  // A main page name with no such page (/insights/nonexistent/) stays in the shell: "Page Not Found".
  ...mainPageNames.map((name) => page(`/${name}/*`, shellNotFound)),
];

// Pages load lazily, one chunk each. The root boundary and fallback are eager so they still work
// when a chunk fails to load, and home is eager because it only redirects (inside the shell, whose
// guard sends "/" to the signed-in person's landing page).
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: paths.home.path,
    ErrorBoundary,
    HydrateFallback,
    children: [
      { path: paths.login.path, lazy: () => import('./routes/login.route') },
      { path: paths.login.magicLink.path, lazy: () => import('./routes/login/magic-link.route') },
      { path: paths.login.enchantedLink.path, lazy: () => import('./routes/login/enchanted-link.route') },
      { path: paths.login.resetPassword.path, lazy: () => import('./routes/login/reset-password.route') },
      { path: paths.login.secondFactor.path, lazy: () => import('./routes/login/second-factor.route') },
      { path: paths.login.sso.path, lazy: () => import('./routes/login/sso.route') },
      { path: paths.login.oauth.path, lazy: () => import('./routes/login/oauth.route') },
      { path: paths.headsUp.path, lazy: () => import('./routes/heads-up.route') },
      { path: paths.error.path, lazy: () => import('./routes/error.route') },
      { id: 'shell', lazy: () => import('./routes/shell.route'), children: [{ index: true, ...home }, ...shellPages] },
      { path: paths.notFound.path, lazy: () => import('./routes/not-found.route') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
