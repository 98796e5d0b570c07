import { describe, expect, it } from 'vitest';

import { demoAccounts } from '../../../config/demo-accounts';
import { i18n } from '../../../lib/i18n';
import { buildShellUser } from '../../../testing/builders';
import { buildMenu, isMenuGroupOpenAt, isMenuLinkActive, type Menu, type MenuGroup, type MenuLink } from './menus';
import type { ShellUser } from './user';

// The menu as a reader sees it, in English: section headings, groups (▾) with their links
// indented, and each link's href and tooltip.
const outline = (menu: Menu): string[] =>
  menu.flatMap((section) => {
    const header =
      section.header === null
        ? []
        : section.header.kind === 'companySwitcher'
          ? [`[company drop-down] ${i18n.t(section.header.labelKey)}`]
          : [`## ${i18n.t(section.header.labelKey)}`];
    const describeLink = (item: MenuLink, indent: string) =>
      `${indent}${i18n.t(item.labelKey)} → ${item.href}${item.tooltipKey ? ` (${i18n.t(item.tooltipKey)})` : ''}`;
    return [
      ...header,
      ...section.entries.flatMap((entry) =>
        entry.kind === 'group'
          ? [`${i18n.t(entry.labelKey)} ▾`, ...entry.items.map((item) => describeLink(item, '    '))]
          : [describeLink(entry, '')],
      ),
    ];
  });

const finished = { isOnboarded: true, isBRACompleted: true };
const user = (overrides: Partial<ShellUser>) => buildShellUser({ ...finished, ...overrides });

const myMetrics = [
  '## My Metrics',
  'Insights → /dashboard/insights/ (Go to the insights page.)',
  'Trainings → /dashboard/trainings/ (Go to the trainings page.)',
];
const onboardingMenu = [
  '## Onboarding',
  'Insights ▾',
  '    Initial Testing → /insights/initial-testing/',
  '    Users → /insights/users/search/',
  'Configure ▾',
  '    Testing → /configure/testing/',
  '    Trainings → /configure/trainings/',
];
const companyInsights = [
  'Insights ▾',
  '    Organization → /insights/organization/',
  '    Departments → /insights/departments/search/',
  '    Users → /insights/users/search/',
];
const adminMenu = [
  '## Company Metrics',
  ...companyInsights,
  'Compliance → /compliance/',
  'Reporting → /reporting/',
  'Configure ▾',
  '    Testing → /configure/testing/',
  '    Trainings → /configure/trainings/',
  '    Integrations → /configure/integrations/',
];
const organizationSettings = '    Organization Settings → /settings/organization/general/';
const departmentAdminMenu = ['Insights ▾', '    Departments → /insights/departments/search/'];
const userMetrics = ['## User Metrics', 'Direct Reports → /insights/direct-reports/search/'];
const teamMetrics = ['## Team Metrics', 'Your Reports → /insights/your-reports/ (Go to the insights page.)'];

const email = 'someone@example.com';

describe('buildMenu: by role and flags', () => {
  it.each<[string, ShellUser, string[]]>([
    ['end user', user({ role: 'User' }), myMetrics],
    ['end user, BRA not done (does not matter to them)', user({ role: 'User', isBRACompleted: false }), myMetrics],
    ['end user, not onboarded', user({ role: 'User', isOnboarded: false }), []],
    ['department admin', user({ role: 'User', isDepartmentAdmin: true }), [...departmentAdminMenu, ...myMetrics]],
    ['direct manager', user({ role: 'User', isDirectManager: true }), [...userMetrics, ...myMetrics]],
    [
      'department admin and direct manager',
      user({ role: 'User', isDepartmentAdmin: true, isDirectManager: true }),
      [...departmentAdminMenu, ...userMetrics, ...myMetrics],
    ],
    ['manager', user({ role: 'Manager' }), [...teamMetrics, ...myMetrics]],
    [
      'manager, department admin and direct manager',
      user({ role: 'Manager', isDepartmentAdmin: true, isDirectManager: true }),
      [...departmentAdminMenu, ...userMetrics, ...teamMetrics, ...myMetrics],
    ],
    ['manager, not onboarded', user({ role: 'Manager', isOnboarded: false, isDirectManager: true }), []],
    ['admin, not onboarded', user({ role: 'Admin', isOnboarded: false, isBRACompleted: false }), onboardingMenu],
    ['admin, onboarded, BRA not done', user({ role: 'Admin', isBRACompleted: false }), onboardingMenu],
    [
      'superadmin and direct manager, BRA not done: only the Onboarding menu',
      user({ role: 'Superadmin', isBRACompleted: false, isDirectManager: true }),
      onboardingMenu,
    ],
    ['admin, BRA complete', user({ role: 'Admin' }), [...adminMenu, ...myMetrics]],
    ['superadmin, BRA complete', user({ role: 'Superadmin' }), [...adminMenu, organizationSettings, ...myMetrics]],
    [
      'admin and department admin: no second Departments entry',
      user({ role: 'Admin', isDepartmentAdmin: true }),
      [...adminMenu, ...myMetrics],
    ],
    [
      'admin and direct manager',
      user({ role: 'Admin', isDirectManager: true }),
      [...adminMenu, ...userMetrics, ...myMetrics],
    ],
  ])('%s', (_, person, expected) => {
    expect(outline(buildMenu(person, { email }))).toEqual(expected);
  });
});

describe('buildMenu: the demo accounts (config/demo-accounts.ts)', () => {
  it('names the two accounts the demo seed creates', () => {
    expect(demoAccounts).toEqual({
      withoutIntegrations: ['marcus.bell@northwind-logistics.example'],
      withoutStandardMetrics: ['demo@vigil.example'],
    });
  });

  it.each([
    ['marcus.bell@northwind-logistics.example', 'Admin'],
    ['Marcus.Bell@Northwind-Logistics.example', 'Admin'],
  ] as const)('%s has no Integrations entry', (accountEmail, role) => {
    expect(outline(buildMenu(user({ role }), { email: accountEmail }))).toEqual([
      ...adminMenu.filter((line) => !line.includes('Integrations')),
      ...myMetrics,
    ]);
  });

  it('demo@vigil.example has no standard metrics (Company Metrics insights) and no My Metrics', () => {
    expect(outline(buildMenu(user({ role: 'Superadmin' }), { email: 'demo@vigil.example' }))).toEqual([
      '## Company Metrics',
      'Compliance → /compliance/',
      'Reporting → /reporting/',
      'Configure ▾',
      '    Testing → /configure/testing/',
      '    Trainings → /configure/trainings/',
      '    Integrations → /configure/integrations/',
      organizationSettings,
    ]);
  });

  it('reads the list it is given', () => {
    const custom = { withoutIntegrations: [], withoutStandardMetrics: [email] };
    expect(outline(buildMenu(user({ role: 'User' }), { email, demoAccounts: custom }))).toEqual([]);
    expect(outline(buildMenu(user({ role: 'User' }), { email: 'demo@vigil.example', demoAccounts: custom }))).toEqual(
      myMetrics,
    );
  });
});

describe('buildMenu: an organisation managing several companies', () => {
  it.each<[string, ShellUser, string]>([
    ['Company Metrics', user({ role: 'Admin' }), '## Company Metrics'],
    ['Onboarding', user({ role: 'Admin', isBRACompleted: false }), '## Onboarding'],
  ])('replaces the %s heading with a company drop-down followed by Metrics', (_, person, heading) => {
    const single = outline(buildMenu(person, { email }));
    const several = outline(buildMenu(person, { email, managesSeveralCompanies: true }));
    expect(single[0]).toBe(heading);
    expect(several).toEqual(['[company drop-down] Metrics', ...single.slice(1)]);
  });

  it('leaves the other headings alone', () => {
    expect(outline(buildMenu(user({ role: 'Manager' }), { email, managesSeveralCompanies: true }))).toEqual([
      ...teamMetrics,
      ...myMetrics,
    ]);
  });
});

describe('the current page in the menu', () => {
  const admin = buildMenu(user({ role: 'Superadmin' }), { email });
  const links = admin.flatMap((section) =>
    section.entries.flatMap((entry) => (entry.kind === 'group' ? entry.items : [entry])),
  );
  const groups = admin.flatMap((section) => section.entries.filter((entry): entry is MenuGroup => entry.kind === 'group'));
  const activeAt = (path: string) => links.filter((item) => isMenuLinkActive(item, path)).map((item) => item.id);

  it.each([
    ['/insights/organization/', ['organization']],
    ['/insights/organization/training-status/', ['organization']],
    ['/insights/departments/search/', ['departments']],
    ['/insights/departments/', ['departments']],
    ['/insights/users/search/', ['users']],
    ['/insights/users/', ['users']],
    ['/compliance/', ['compliance']],
    ['/compliance-onboarding/', []],
    ['/configure/testing/schedule/', ['configureTesting']],
    ['/configure/integrations/scim/', ['integrations']],
    ['/settings/organization/login-logs/', ['organizationSettings']],
    ['/dashboard/insights/', ['dashboardInsights']],
    ['/dashboard/trainings/completed/', ['dashboardTrainings']],
    ['/account-settings/', []],
  ])('on %s the current entry is %j', (path, expected) => {
    expect(activeAt(path)).toEqual(expected);
  });

  it.each([
    ['/insights/organization/', ['insights']],
    ['/insights/nonexistent/', ['insights']],
    ['/configure/trainings/module/', ['configure']],
    ['/dashboard/insights/', []],
    ['/settings/organization/general/', []],
  ])('on %s the groups open by themselves are %j', (path, expected) => {
    expect(groups.filter((item) => isMenuGroupOpenAt(item, path)).map((item) => item.id)).toEqual(expected);
  });
});
