import { describe, expect, it } from 'vitest';

import translation from '../../../locales/en/translation.json';
import {
  buildRouteHref,
  getRouteTrail,
  getShellRoute,
  getTitleParams,
  isUnknownPageOfMainPage,
  mainPageNames,
  matchShellRoute,
  shellRoutes,
} from './routes';

describe('the route table', () => {
  it('gives every route a trailing slash, a unique path and a title in the catalogue', () => {
    for (const route of shellRoutes) {
      expect(route.path).toMatch(/^\/.*\/$/);
      expect(translation.routes).toHaveProperty([route.id, 'title']);
    }
    expect(new Set(shellRoutes.map((route) => route.path)).size).toBe(shellRoutes.length);
  });

  it('knows the main page names of §2', () => {
    expect([...mainPageNames].sort()).toEqual(
      [
        'account-settings',
        'adaptive-controls',
        'campaigns',
        'compliance',
        'compliance-onboarding',
        'configure',
        'dashboard',
        'employees',
        'insights',
        'onboarding',
        'reporting',
        'settings',
        'sso-settings',
        'welcome',
      ].sort(),
    );
  });
});

describe('matchShellRoute', () => {
  it.each([
    ['/insights/organization/', 'insightsOrganization', {}],
    ['/insights/organization', 'insightsOrganization', {}],
    ['/insights/organization/anomalous-activity/', 'insightsAnomalousActivity', {}],
    ['/configure/integrations/', 'configureIntegrations', {}],
    ['/configure/integrations/scim/', 'configureIntegration', { serviceId: 'scim' }],
    ['/configure/integrations/webhooks/', 'configureIntegration', { serviceId: 'webhooks' }],
    ['/settings/guardian-nudge/disabled/', 'settingsNudgeStatus', { productNudge: 'guardian-nudge', status: 'disabled' }],
    ['/settings/guardian-nudge/', 'settingsNudge', { productNudge: 'guardian-nudge' }],
    ['/settings/guardian-nudge/enabled/', 'settingsNudgeStatus', { productNudge: 'guardian-nudge', status: 'enabled' }],
    ['/settings/organization/', 'settingsOrganization', {}],
    ['/settings/organization/users/', 'settingsOrganizationUsers', {}],
    ['/onboarding/setup-watchtower/google/', 'onboardingSetupWatchtowerGoogle', {}],
  ])('%s → %s %j', (path, id, params) => {
    expect(matchShellRoute(path)).toEqual({ route: getShellRoute(id as never), params });
  });

  // Values with no name in the catalogue are no page: a title never shows the address's own text.
  it.each([
    '/settings/guardian/',
    '/settings/guardian/enabled/',
    '/settings/anything-nudge/',
    '/settings/guardian-nudge/whatever/',
    '/configure/integrations/google%20workspace/',
    '/configure/integrations/Slack/',
    '/insights/',
    '/onboarding/setup-watchtower/',
    '/x/',
  ])(
    '%s matches no page',
    (path) => {
      expect(matchShellRoute(path)).toBeNull();
    },
  );
});

describe('isUnknownPageOfMainPage', () => {
  it.each([
    ['/insights/nonexistent/', true],
    ['/insights/', true],
    ['/reporting/nonexistent/', true],
    ['/settings/guardian/', true],
    ['/insights/organization/', false],
    ['/no/such/page/', false],
    ['/login/nonexistent/', false],
    ['/', false],
  ])('%s → %s', (path, expected) => {
    expect(isUnknownPageOfMainPage(path)).toBe(expected);
  });
});

describe('breadcrumbs', () => {
  it.each([
    ['reporting', ['reporting']],
    ['insightsTrainingStatus', ['insightsOrganization', 'insightsTrainingStatus']],
    ['insightsUsers', ['insightsUsersSearch', 'insightsUsers']],
    ['insightsDepartments', ['insightsDepartmentsSearch', 'insightsDepartments']],
    ['configureIntegration', ['configureIntegrations', 'configureIntegration']],
    ['settingsNudgeStatus', ['settingsNudge', 'settingsNudgeStatus']],
    [
      'onboardingSetupSsoAndScimOkta',
      ['onboarding', 'onboardingSetupSsoAndScim', 'onboardingSetupSsoAndScimOkta'],
    ],
  ] as const)('%s: %j', (id, trail) => {
    expect(getRouteTrail(getShellRoute(id)).map((route) => route.id)).toEqual(trail);
  });

  it('builds the href of a parent with parameters from the page’s own', () => {
    const params = { productNudge: 'guardian-nudge', status: 'enabled' };
    expect(buildRouteHref(getShellRoute('settingsNudge'), params)).toBe('/settings/guardian-nudge/');
    expect(buildRouteHref(getShellRoute('configureIntegration'), { serviceId: 'a b' })).toBe('/configure/integrations/a%20b/');
  });

  it('interpolates the catalogue’s names of the values in the address, never the address’s text', () => {
    const translate = (key: string) => `«${key}»`;
    expect(getTitleParams({ productNudge: 'guardian-nudge', status: 'enabled' }, translate)).toEqual({
      product: '«routeParams.nudgeProducts.guardian»',
      status: '«routeParams.nudgeStatuses.enabled»',
      service: '',
    });
    expect(getTitleParams({ serviceId: 'webhooks' }, translate)).toEqual({
      product: '',
      status: '',
      service: '«routeParams.integrations.webhooks»',
    });
    expect(getTitleParams({ serviceId: 'not-a-service', status: 'odd' }, translate)).toEqual({ product: '', status: '', service: '' });
  });
});
