import type { PersonalUserData } from '@vigil/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../config/paths';
import { decideNavigation } from '../features/shell/model/guard';
import { getTitleParams, matchShellRoute, shellRoutes } from '../features/shell/model/routes';
import { deriveShellUser } from '../features/shell/model/user';
import { i18n } from '../lib/i18n';
import { buildPersonalRecord, onboardingFlags } from '../testing/builders';
import { renderSignedIn, stubApi } from '../testing/signed-in';
import { renderRoutes } from '../testing/test-utils';
import { routes } from './router';

const departmentViews = [{ id: '0b8f2c1e-1d2a-4c3b-9e4f-5a6b7c8d9e0f', name: 'Operations' }];
const superadmin = buildPersonalRecord({ role: 'Superadmin', department_views: departmentViews, is_direct_manager: true });
const manager = buildPersonalRecord({ role: 'Manager' });
const notOnboardedAdmin = buildPersonalRecord({
  role: 'Admin',
  onboarding_status: onboardingFlags(false),
  is_bra_completed: false,
});

const fill = (path: string) =>
  path
    .replace(':serviceId', 'scim')
    .replace(':productNudge', 'guardian-nudge')
    .replace(':status', 'enabled')
    .replace(':campaignId', '0b8f2c1e-1d2a-4c3b-9e4f-5a6b7c8d9e0f');

const mainHeading = () => within(screen.getByRole('main')).getByRole('heading', { level: 1 });

describe('app routes (no session)', () => {
  it('sends / to the sign-in page', async () => {
    const { router } = renderRoutes(routes, paths.home.getHref());

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('shows Page Not Found for an unknown path and leads back to the platform', async () => {
    const { router } = renderRoutes(routes, '/no/such/page/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Platform' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it.each([
    paths.dashboard.insights.getHref(),
    paths.insights.organization.getHref(),
    paths.configure.integrations.service.getHref('scim'),
    paths.onboarding.getHref(),
    '/insights/nonexistent/',
  ])('guards %s: no session, back to sign-in', async (path) => {
    const { router } = renderRoutes(routes, path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('offers sign-in from the error page', async () => {
    renderRoutes(routes, paths.error.getHref());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
  });

  it('asks for sign-in on the heads-up page without a session, and stays there', async () => {
    const { router } = renderRoutes(routes, `${paths.headsUp.getHref()}?recipient=7a0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Heads Up' })).toBeVisible();
    expect(screen.getByText(/Sign in with your work account to see the simulated phishing message you received/)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/heads-up/');
  });
});

describe('app routes (signed in)', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Each signed-in page of §2, opened by the first of these people the guard lets in. /employees/,
  // /campaigns/ and /compliance-onboarding/ open for nobody: they redirect once the BRA is complete,
  // and an admin before that is held on the BRA pages.
  const people: [string, PersonalUserData][] = [
    ['superadmin, department admin and direct manager', superadmin],
    ['manager', manager],
    ['admin, not onboarded', notOnboardedAdmin],
  ];
  const pages = shellRoutes
    .filter((route) => route.group !== 'public')
    .map((route) => fill(route.path))
    .map((path) => {
      const person = people.find(
        ([, record]) =>
          decideNavigation({ path, session: 'authenticated', user: deriveShellUser(record) }).kind === 'allow',
      );
      return { path, person };
    });

  // Pages whose content has landed: their features' tests cover what they show.
  const pagesWithContent: string[] = [
    paths.settings.organization.general.path,
    paths.settings.organization.users.path,
    paths.settings.organization.admins.path,
    paths.settings.organization.loginLogs.path,
    paths.accountSettings.path,
    // The testing page opens on its Campaigns tab, which features/campaigns tests.
    paths.configure.testing.path,
    // features/initial-testing tests the baseline page.
    paths.insights.initialTesting.path,
    // features/risk tests the organization's risk overview, features/organization-insights its five subpages.
    paths.insights.organization.path,
    paths.insights.organization.mfaProtectionStatus.path,
    paths.insights.organization.deviceProtectionStatus.path,
    paths.insights.organization.trainingStatus.path,
    paths.insights.organization.userLoginActivity.path,
    paths.insights.organization.anomalousActivity.path,
    // features/people-insights tests the people, department, direct-reports and reporting-line pages.
    paths.insights.users.path,
    paths.insights.users.search.path,
    paths.insights.departments.path,
    paths.insights.departments.search.path,
    paths.insights.directReports.search.path,
    paths.insights.yourReports.path,
    // features/reporting tests the executive report, its schedules and the clients' summary.
    paths.reporting.path,
    // features/adaptive-controls tests the rules and who they hold.
    paths.adaptiveControls.path,
    // features/sso-settings tests the connections and the sign-in policy.
    paths.ssoSettings.path,
    // features/integrations tests the list and each integration's page.
    paths.configure.integrations.path,
    paths.configure.integrations.service.getHref('scim'),
    // features/phishing-programmes and features/test-requests test these.
    paths.configure.testing.schedule.path,
    paths.configure.testing.request.path,
    // features/trainings tests the learner's pages (the trainings route test their wiring).
    paths.dashboard.trainings.path,
    paths.dashboard.trainings.learning.path,
    paths.dashboard.trainings.compliance.path,
    paths.dashboard.trainings.completed.path,
    // features/training-admin tests the admin's training pages (assignments, catalogue, rules with cadence, requests and the schedule).
    paths.configure.trainings.path,
    paths.configure.trainings.request.path,
    paths.configure.trainings.frequency.path,
    paths.configure.trainings.schedule.path,
    paths.configure.trainings.module.path,
    // features/compliance tests the compliance page (and compliance-policies its Policies tab).
    paths.compliance.path,
  ];

  it('finds someone for every page but the three replaced ones', () => {
    expect(pages.filter(({ person }) => !person).map(({ path }) => path)).toEqual([
      '/compliance-onboarding/',
      '/employees/',
      '/campaigns/',
    ]);
  });

  // Opens every page one after another, each a lazily loaded module: longer than the default 5 s on a busy machine.
  it.each(people)('shows the title, breadcrumbs and content of every page %s may open', async (label, record) => {
    stubApi(record);
    const { router } = renderSignedIn(routes, paths.accountSettings.getHref());
    await screen.findByTestId('page-title');

    for (const { path, person } of pages) {
      if (person?.[0] !== label) continue;
      await act(() => router.navigate(path));
      const match = matchShellRoute(path)!;
      const title = i18n.t(match.route.titleKey, getTitleParams(match.params, (key) => i18n.t(key)));
      // /settings/organization/ opens its first page, General.
      const shownPath = path === '/settings/organization/' ? '/settings/organization/general/' : path;
      await waitFor(() => expect(router.state.location.pathname).toBe(shownPath));
      if (path === '/settings/organization/') continue;
      await waitFor(() => expect(mainHeading()).toHaveTextContent(title));
      expect(screen.getByTestId('breadcrumbs')).toHaveTextContent(title);
      // Every page but the dashboard insights says what will appear there; the onboarding pages are
      // the wizard itself (features/onboarding has its tests), and so are the pages listed in
      // pagesWithContent (their features test them).
      if (path !== paths.dashboard.insights.path && !path.startsWith(paths.onboarding.path) && !pagesWithContent.includes(path)) {
        expect(await screen.findByTestId('empty-state')).toHaveTextContent(/\w/);
      }
    }
  }, 30_000);

  it.each([
    ['/insights/nonexistent/'],
    ['/configure/nonexistent/'],
    ['/settings/guardian/'],
    ['/reporting/nonexistent/'],
  ])('shows "Page Not Found" in the shell at %s', async (path) => {
    stubApi(superadmin);
    renderSignedIn(routes, path);

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Page Not Found');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByTestId('shell-not-found')).toBeVisible();
  });

  it.each<[string, string, string, string, PersonalUserData]>([
    ['an admin of an organisation not onboarded', '/insights/organization/', '/onboarding/', 'Onboarding', notOnboardedAdmin],
    [
      'an admin whose BRA is not complete',
      '/reporting/',
      '/insights/initial-testing/',
      'Initial Testing',
      buildPersonalRecord({ role: 'Admin', is_bra_completed: false }),
    ],
    ['an admin, BRA complete', '/welcome/', '/insights/organization/', 'Organization', superadmin],
    ['a manager, BRA complete', '/campaigns/', '/insights/your-reports/', 'Your Reports', manager],
    ['an end user, BRA complete', '/employees/', '/dashboard/insights/', 'Your Security Insights', buildPersonalRecord()],
  ])('sends %s from %s to %s', async (_, from, to, heading, record) => {
    stubApi(record);
    const { router } = renderSignedIn(routes, from);

    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  });

  it('sends a person to /error/ from a page their role may not see, which says so and leads home', async () => {
    stubApi(buildPersonalRecord({ role: 'User' }));
    const { router, fake } = renderSignedIn(routes, paths.insights.organization.getHref());

    expect(await screen.findByRole('heading', { level: 1, name: 'This page is not available to your role' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/error/');
    expect(screen.queryByText(/sign in again/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).not.toBeInTheDocument();

    // Still signed in: the way home is their landing page.
    fireEvent.click(screen.getByRole('link', { name: 'Go to your home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/insights/'));
    expect(fake.sdk.logout).not.toHaveBeenCalled();
  });

  it('has no side navigation on the onboarding pages', async () => {
    stubApi(notOnboardedAdmin);
    renderSignedIn(routes, paths.onboarding.setupDmi.exchange.getHref());

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Microsoft Exchange');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeVisible();
  });
});
