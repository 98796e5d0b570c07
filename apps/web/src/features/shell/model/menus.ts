import { demoAccounts as configuredDemoAccounts, isListedAccount, type DemoAccounts } from '../../../config/demo-accounts';
import { paths } from '../../../config/paths';
import { hasFinishedSetUp, isAdmin, isManager, type ShellUser } from './user';

export type MenuItemId =
  | 'initialTesting'
  | 'organization'
  | 'departments'
  | 'users'
  | 'compliance'
  | 'reporting'
  | 'configureTesting'
  | 'configureTrainings'
  | 'integrations'
  | 'organizationSettings'
  | 'directReports'
  | 'yourReports'
  | 'dashboardInsights'
  | 'dashboardTrainings';

export type MenuGroupId = 'insights' | 'configure';

export type MenuSectionId = 'companyMetrics' | 'onboarding' | 'departmentAdmin' | 'userMetrics' | 'teamMetrics' | 'myMetrics';

type TooltipId = 'insightsPage' | 'trainingsPage';

export type MenuLink = {
  kind: 'link';
  id: MenuItemId;
  labelKey: `shell.nav.items.${MenuItemId}`;
  href: string;
  tooltipKey: `shell.nav.tooltips.${TooltipId}` | null;
  /** The link is the current page on any path starting with one of these. */
  activePrefixes: readonly string[];
};

export type MenuGroup = {
  kind: 'group';
  id: MenuGroupId;
  labelKey: `shell.nav.groups.${MenuGroupId}`;
  /** The group opens by itself on any path starting with this (§2), and can be toggled. */
  pathPrefix: string;
  items: readonly MenuLink[];
};

export type MenuEntry = MenuLink | MenuGroup;

/**
 * A section's heading. With several managed companies, the Company Metrics and Onboarding headings
 * give way to a company drop-down followed by 'Metrics' (§2).
 */
export type MenuHeader =
  | { kind: 'label'; labelKey: `shell.nav.sections.${MenuSectionId}` }
  | { kind: 'companySwitcher'; labelKey: 'shell.nav.sections.metrics' };

export type MenuSection = { id: MenuSectionId; header: MenuHeader | null; entries: readonly MenuEntry[] };

export type Menu = readonly MenuSection[];

export type BuildMenuOptions = {
  /** The signed-in account's email, which the demo special cases are keyed on (§2). */
  email: string;
  demoAccounts?: DemoAccounts;
  /** The organisation manages more than one company (the managed-service view). */
  managesSeveralCompanies?: boolean;
};

const link = (
  id: MenuItemId,
  href: string,
  { tooltip = null, activePrefixes = [href] }: { tooltip?: TooltipId | null; activePrefixes?: readonly string[] } = {},
): MenuLink => ({
  kind: 'link',
  id,
  labelKey: `shell.nav.items.${id}`,
  href,
  tooltipKey: tooltip ? `shell.nav.tooltips.${tooltip}` : null,
  activePrefixes,
});

const group = (id: MenuGroupId, pathPrefix: string, items: MenuLink[]): MenuGroup => ({
  kind: 'group',
  id,
  labelKey: `shell.nav.groups.${id}`,
  pathPrefix,
  items,
});

const insightsPrefix = '/insights/';
const configurePrefix = '/configure/';

// /insights/users/ and /insights/departments/ highlight the search pages (§2).
const usersLink = () => link('users', paths.insights.users.search.getHref(), { activePrefixes: [paths.insights.users.path] });
const departmentsLink = () =>
  link('departments', paths.insights.departments.search.getHref(), { activePrefixes: [paths.insights.departments.path] });

const sectionHeader = (id: 'companyMetrics' | 'onboarding', managesSeveralCompanies: boolean): MenuHeader =>
  managesSeveralCompanies
    ? { kind: 'companySwitcher', labelKey: 'shell.nav.sections.metrics' }
    : { kind: 'label', labelKey: `shell.nav.sections.${id}` };

/**
 * The admin's menu until the BRA is complete (§4): the pages needed to finish setting up. Nothing
 * else is shown meanwhile, because every other page sends an admin back to initial testing.
 */
const buildOnboardingSection = (managesSeveralCompanies: boolean): MenuSection => ({
  id: 'onboarding',
  header: sectionHeader('onboarding', managesSeveralCompanies),
  entries: [
    group('insights', insightsPrefix, [link('initialTesting', paths.insights.initialTesting.getHref()), usersLink()]),
    group('configure', configurePrefix, [
      link('configureTesting', paths.configure.testing.getHref()),
      link('configureTrainings', paths.configure.trainings.getHref()),
    ]),
  ],
});

/**
 * The full admin menu. Organization Settings appears "in one navigation variant" (§2), which the
 * spec does not name: it is the superadmin's variant here, the role that manages the organisation's
 * admins (/settings/organization/admins/).
 */
const buildCompanyMetricsSection = (
  user: ShellUser,
  { withoutIntegrations, withoutStandardMetrics, managesSeveralCompanies }: {
    withoutIntegrations: boolean;
    withoutStandardMetrics: boolean;
    managesSeveralCompanies: boolean;
  },
): MenuSection => {
  const configureItems = [
    link('configureTesting', paths.configure.testing.getHref()),
    link('configureTrainings', paths.configure.trainings.getHref()),
  ];
  if (!withoutIntegrations) configureItems.push(link('integrations', paths.configure.integrations.getHref()));
  if (user.role === 'Superadmin') {
    configureItems.push(
      link('organizationSettings', paths.settings.organization.general.getHref(), {
        activePrefixes: [paths.settings.organization.path],
      }),
    );
  }
  const entries: MenuEntry[] = [];
  if (!withoutStandardMetrics) {
    entries.push(
      group('insights', insightsPrefix, [
        link('organization', paths.insights.organization.getHref()),
        departmentsLink(),
        usersLink(),
      ]),
    );
  }
  entries.push(
    link('compliance', paths.compliance.getHref()),
    link('reporting', paths.reporting.getHref()),
    group('configure', configurePrefix, configureItems),
  );
  return { id: 'companyMetrics', header: sectionHeader('companyMetrics', managesSeveralCompanies), entries };
};

/**
 * The side navigation for this person (§2 "Navigation menus by role"), top to bottom.
 * Choices the spec leaves open:
 * - Menus other than the admin's appear only once onboarding is complete (§2); an admin sees only
 *   the Onboarding menu until the BRA is complete, and the full menu with the others after.
 * - An admin who is also a department admin gets no second Departments entry: the admin's Insights
 *   group has it already.
 * - 'Team Metrics' (managers) and 'My Metrics' (everyone) have page sets the spec does not show.
 *   'Team Metrics' holds the Your Reports entry, the one manager page §6 names (no other role may
 *   open it, so nobody else gets the entry); 'My Metrics' holds the end-user navigation (Insights,
 *   Trainings), the personal pages every role may open.
 * - The demo account without the standard metrics menu loses the Company Metrics insights group
 *   (Organization, Departments, Users) and 'My Metrics'; see config/demo-accounts.ts.
 */
export const buildMenu = (
  user: ShellUser,
  { email, demoAccounts = configuredDemoAccounts, managesSeveralCompanies = false }: BuildMenuOptions,
): Menu => {
  const withoutStandardMetrics = isListedAccount(demoAccounts.withoutStandardMetrics, email);
  const withoutIntegrations = isListedAccount(demoAccounts.withoutIntegrations, email);

  if (isAdmin(user) && !hasFinishedSetUp(user)) return [buildOnboardingSection(managesSeveralCompanies)];
  if (!user.isOnboarded) return [];

  const sections: MenuSection[] = [];
  if (isAdmin(user)) {
    sections.push(buildCompanyMetricsSection(user, { withoutIntegrations, withoutStandardMetrics, managesSeveralCompanies }));
  } else if (user.isDepartmentAdmin) {
    sections.push({ id: 'departmentAdmin', header: null, entries: [group('insights', insightsPrefix, [departmentsLink()])] });
  }
  if (user.isDirectManager) {
    sections.push({
      id: 'userMetrics',
      header: { kind: 'label', labelKey: 'shell.nav.sections.userMetrics' },
      entries: [link('directReports', paths.insights.directReports.search.getHref())],
    });
  }
  if (isManager(user)) {
    sections.push({
      id: 'teamMetrics',
      header: { kind: 'label', labelKey: 'shell.nav.sections.teamMetrics' },
      entries: [link('yourReports', paths.insights.yourReports.getHref(), { tooltip: 'insightsPage' })],
    });
  }
  if (!withoutStandardMetrics) {
    sections.push({
      id: 'myMetrics',
      header: { kind: 'label', labelKey: 'shell.nav.sections.myMetrics' },
      entries: [
        link('dashboardInsights', paths.dashboard.insights.getHref(), { tooltip: 'insightsPage' }),
        link('dashboardTrainings', paths.dashboard.trainings.getHref(), { tooltip: 'trainingsPage' }),
      ],
    });
  }
  return sections;
};

/** Whether the link is the current page (aria-current) at this path. */
export const isMenuLinkActive = (item: MenuLink, path: string) =>
  item.activePrefixes.some((prefix) => path.startsWith(prefix));

/** Whether the group opens by itself at this path. */
export const isMenuGroupOpenAt = (item: MenuGroup, path: string) => path.startsWith(item.pathPrefix);
