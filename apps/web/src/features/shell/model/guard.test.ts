import type { Role } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';

import { buildShellUser } from '../../../testing/builders';
import {
  decideNavigation,
  errorPageState,
  getLandingPath,
  readErrorReason,
  type NavigationDecision,
  type SessionStatus,
} from './guard';
import { shellRoutes } from './routes';
import type { ShellUser } from './user';

// ---------------------------------------------------------------------------------------------
// The spec as a table: every path of §2, who may see it (§6), and how the §4 redirects treat it.
//
// who (§6, once onboarding and the BRA are behind):
//   *  every signed-in person            A  Superadmin or Admin      M  Manager
//   D  department admin (flag)          R  direct manager (flag)    N  anyone not onboarded
//   public  no session needed           ?  no such page: "Page Not Found" in the shell
// O  an onboarding page: not-onboarded people may stay (§4)
// G  allowed while an admin's BRA is not complete (§4: configure, settings, onboarding pages and
//    the pages of the Onboarding menu)
// L  replaced by the landing page once the BRA is complete (§4)
// ---------------------------------------------------------------------------------------------
type Row = { path: string; who: string; o: boolean; g: boolean; l: boolean };
const row = (path: string, who: string, flags = ''): Row => ({
  path,
  who,
  o: flags.includes('O'),
  g: flags.includes('G'),
  l: flags.includes('L'),
});

const table: Row[] = [
  row('/login/', 'public'),
  row('/login/verify/', 'public'),
  row('/login/enchanted/', 'public'),
  row('/login/reset-password/', 'public'),
  row('/login/confirm/', 'public'),
  row('/login/sso/', 'public'),
  row('/login/oauth/', 'public'),
  row('/heads-up/', 'public'),
  row('/error/', 'public'),

  row('/insights/organization/', 'A'),
  row('/insights/organization/mfa-protection-status/', 'A'),
  row('/insights/organization/device-protection-status/', 'A'),
  row('/insights/organization/training-status/', 'A'),
  row('/insights/organization/user-login-activity/', 'A'),
  row('/insights/organization/anomalous-activity/', 'A'),
  row('/insights/departments/', 'A D'),
  row('/insights/departments/search/', 'A D'),
  row('/insights/users/', 'A D R M', 'G'),
  row('/insights/users/search/', 'A', 'G'),
  row('/insights/direct-reports/search/', 'R'),
  row('/insights/your-reports/', 'M'),
  row('/insights/initial-testing/', 'A', 'G'),

  row('/dashboard/insights/', '*'),
  row('/dashboard/trainings/', '*'),
  row('/dashboard/trainings/learning/', '*'),
  row('/dashboard/trainings/compliance/', '*'),
  row('/dashboard/trainings/completed/', '*'),

  row('/compliance/', 'A'),
  row('/compliance-onboarding/', 'A', 'L'),
  row('/employees/', 'A', 'L'),
  row('/reporting/', 'A'),
  row('/campaigns/', 'A', 'L'),
  row('/adaptive-controls/', 'A'),
  row('/sso-settings/', 'A', 'G'),
  row('/welcome/', 'A', 'O G L'),

  row('/configure/testing/', 'A', 'G'),
  row('/configure/testing/request/', 'A', 'G'),
  row('/configure/testing/schedule/', 'A', 'G'),
  row('/configure/testing/campaigns/0b8f2c1e-1d2a-4c3b-9e4f-5a6b7c8d9e0f/', 'A', 'G'),
  row('/configure/trainings/', 'A', 'G'),
  row('/configure/trainings/request/', 'A', 'G'),
  row('/configure/trainings/frequency/', 'A', 'G'),
  row('/configure/trainings/schedule/', 'A', 'G'),
  row('/configure/trainings/module/', 'A', 'G'),
  row('/configure/integrations/', 'A', 'G'),
  row('/configure/integrations/scim/', 'A', 'G'),

  row('/settings/guardian-nudge/', 'A', 'G'),
  row('/settings/guardian-nudge/enabled/', 'A', 'G'),
  row('/settings/organization/', 'A', 'G'),
  row('/settings/organization/general/', 'A', 'G'),
  row('/settings/organization/users/', 'A', 'G'),
  row('/settings/organization/admins/', 'A', 'G'),
  row('/settings/organization/login-logs/', 'A', 'G'),
  row('/account-settings/', '*', 'G'),

  row('/onboarding/', 'A N', 'O G'),
  row('/onboarding/setup-sso-and-scim/', 'A', 'O G'),
  row('/onboarding/setup-sso-and-scim/entra-id/', 'A', 'O G'),
  row('/onboarding/setup-sso-and-scim/google-workspace/', 'A', 'O G'),
  row('/onboarding/setup-sso-and-scim/okta/', 'A', 'O G'),
  row('/onboarding/setup-sso-and-scim/post-setup-verification/', 'A', 'O G'),
  row('/onboarding/setup-dmi/', 'A', 'O G'),
  row('/onboarding/setup-dmi/exchange/', 'A', 'O G'),
  row('/onboarding/setup-dmi/google-workspace/', 'A', 'O G'),
  row('/onboarding/setup-watchtower/google/', 'A', 'O G'),
  row('/onboarding/setup-watchtower/microsoft/', 'A', 'O G'),
  row('/onboarding/launch-initial-testing/', 'A', 'O G'),

  // A main page name with no such page: the shell shows "Page Not Found" (§2).
  row('/insights/nonexistent/', '?'),
  row('/dashboard/nonexistent/', '?'),
  row('/reporting/nonexistent/', '?'),
  row('/configure/nonexistent/', '?', 'G'),
  row('/settings/guardian/', '?', 'G'),
  row('/onboarding/nonexistent/', '?', 'O G'),
  // Any other path: the stand-alone Page Not Found page, which needs no session.
  row('/no/such/page/', 'public'),
  row('/login/nonexistent/', 'public'),
];

// ---------------------------------------------------------------------------------------------
// Every role × department admin × direct manager × onboarded × BRA completed: 64 people.
// ---------------------------------------------------------------------------------------------
type Persona = { label: string; user: ShellUser };
const roles: Role[] = ['Superadmin', 'Admin', 'Manager', 'User'];
const yesNo = [false, true];
const personas: Persona[] = roles.flatMap((role) =>
  yesNo.flatMap((isDepartmentAdmin) =>
    yesNo.flatMap((isDirectManager) =>
      yesNo.flatMap((isOnboarded) =>
        yesNo.map((isBRACompleted) => ({
          label: [
            role,
            isDepartmentAdmin ? '+department admin' : '',
            isDirectManager ? '+direct manager' : '',
            isOnboarded ? 'onboarded' : 'NOT onboarded',
            isBRACompleted ? 'BRA done' : 'BRA not done',
          ]
            .filter(Boolean)
            .join(' '),
          user: buildShellUser({ role, isDepartmentAdmin, isDirectManager, isOnboarded, isBRACompleted }),
        })),
      ),
    ),
  ),
);

const isAdminRole = (user: ShellUser) => user.role === 'Superadmin' || user.role === 'Admin';
const landingOf = (user: ShellUser) =>
  isAdminRole(user) ? '/insights/organization/' : user.role === 'Manager' ? '/insights/your-reports/' : '/dashboard/insights/';

const mayOpen = (user: ShellUser, who: string) =>
  who.split(' ').some(
    (code) =>
      code === '*' ||
      (code === 'A' && isAdminRole(user)) ||
      (code === 'M' && user.role === 'Manager') ||
      (code === 'D' && user.isDepartmentAdmin) ||
      (code === 'R' && user.isDirectManager) ||
      (code === 'N' && !user.isOnboarded),
  );

// The §4 rules in their order, then §6, read off the table row.
const expectedDecision = (user: ShellUser, { who, o, g, l }: Row): string => {
  if (who === 'public') return 'allow';
  if (!user.isOnboarded) {
    if (!o) return '→ /onboarding/';
  } else if (isAdminRole(user) && !user.isBRACompleted) {
    if (!g) return '→ /insights/initial-testing/';
  } else if (user.isBRACompleted && l) {
    return `→ ${landingOf(user)}`;
  }
  if (who === '?') return 'allow';
  return mayOpen(user, who) ? 'allow' : '→ /error/';
};

const show = (decision: NavigationDecision) => (decision.kind === 'redirect' ? `→ ${decision.to}` : decision.kind);

const decisionTable = personas.flatMap((persona) =>
  table.map((entry) => ({ ...persona, path: entry.path, expected: expectedDecision(persona.user, entry) })),
);

describe('decideNavigation: the route table', () => {
  it('covers every route of §2', () => {
    const tablePaths = new Set(table.map((entry) => entry.path));
    const fill = (path: string) =>
      path
        .replace(':serviceId', 'scim')
        .replace(':productNudge', 'guardian-nudge')
        .replace(':status', 'enabled')
        .replace(':campaignId', '0b8f2c1e-1d2a-4c3b-9e4f-5a6b7c8d9e0f');
    expect(shellRoutes.map((route) => fill(route.path)).filter((path) => !tablePaths.has(path))).toEqual([]);
  });

  it('has 64 people and one case per person and path', () => {
    expect(personas).toHaveLength(64);
    expect(decisionTable).toHaveLength(64 * table.length);
  });

  it.each(decisionTable)('$label on $path: $expected', ({ user, path, expected }) => {
    expect(show(decideNavigation({ path, session: 'authenticated', user }))).toBe(expected);
  });
});

describe('decideNavigation: a redirect is one hop', () => {
  it.each(decisionTable.filter(({ expected }) => expected.startsWith('→')))(
    '$label: $path $expected, which is then shown',
    ({ user, path }) => {
      const first = decideNavigation({ path, session: 'authenticated', user });
      if (first.kind !== 'redirect') throw new Error(`expected a redirect, got ${first.kind}`);
      expect(first.to).not.toBe(path);
      expect(decideNavigation({ path: first.to, session: 'authenticated', user })).toEqual({ kind: 'allow' });
    },
  );
});

describe('decideNavigation: session and personal record', () => {
  const signedInPaths = table.filter((entry) => entry.who !== 'public').map((entry) => entry.path);
  const publicPaths = table.filter((entry) => entry.who === 'public').map((entry) => entry.path);
  const user = buildShellUser();

  it.each(
    signedInPaths.flatMap((path) => [
      { path, session: 'loading' as SessionStatus, user: undefined, profileError: undefined, expected: 'wait' },
      { path, session: 'anonymous' as SessionStatus, user: undefined, profileError: undefined, expected: '→ /login/' },
      // A stale user from an earlier session does not open pages once the session is gone.
      { path, session: 'anonymous' as SessionStatus, user, profileError: undefined, expected: '→ /login/' },
      { path, session: 'authenticated' as SessionStatus, user: undefined, profileError: undefined, expected: 'wait' },
      { path, session: 'authenticated' as SessionStatus, user: null, profileError: undefined, expected: 'wait' },
      { path, session: 'authenticated' as SessionStatus, user: undefined, profileError: 'HTTP Error! Status: 500', expected: '→ /error/' },
      { path, session: 'authenticated' as SessionStatus, user, profileError: 'HTTP Error! Status: 500', expected: '→ /error/' },
    ]),
  )('$path, session $session, user $user, profile error $profileError: $expected', ({ expected, ...input }) => {
    expect(show(decideNavigation(input))).toBe(expected);
  });

  it.each(
    publicPaths.flatMap((path) =>
      (['loading', 'anonymous', 'authenticated'] as const).map((session) => ({ path, session })),
    ),
  )('public $path with session $session is shown, even after a profile error', ({ path, session }) => {
    expect(decideNavigation({ path, session, profileError: 'No person with this email' })).toEqual({ kind: 'allow' });
  });
});

describe('decideNavigation: the demo accounts of the seed', () => {
  // The people the README names, with their organisation's state; literal expectations.
  const northwind = { isOnboarded: true, isBRACompleted: true };
  const owen = buildShellUser({ ...northwind, role: 'User' });
  const marcus = buildShellUser({ ...northwind, role: 'Admin' });
  const priya = buildShellUser({ ...northwind, role: 'Manager' });
  const tomas = buildShellUser({ ...northwind, role: 'User', isDepartmentAdmin: true });
  const grace = buildShellUser({ ...northwind, role: 'User', isDirectManager: true });
  const margaret = buildShellUser({ role: 'Superadmin', isOnboarded: false, isBRACompleted: false });
  const harborClerk = buildShellUser({ role: 'User', isOnboarded: false, isBRACompleted: false });
  const victoria = buildShellUser({ role: 'Superadmin', isOnboarded: true, isBRACompleted: false });

  it.each([
    ['owen (User)', owen, '/dashboard/insights/', 'allow'],
    ['owen (User)', owen, '/dashboard/trainings/learning/', 'allow'],
    ['owen (User)', owen, '/insights/users/', '→ /error/'],
    ['owen (User)', owen, '/configure/testing/', '→ /error/'],
    ['owen (User)', owen, '/welcome/', '→ /dashboard/insights/'],
    ['owen (User)', owen, '/onboarding/', '→ /error/'],
    ['owen (User)', owen, '/account-settings/', 'allow'],
    ['marcus (Admin)', marcus, '/insights/organization/', 'allow'],
    ['marcus (Admin)', marcus, '/campaigns/', '→ /insights/organization/'],
    ['marcus (Admin)', marcus, '/insights/your-reports/', '→ /error/'],
    ['marcus (Admin)', marcus, '/settings/organization/admins/', 'allow'],
    ['priya (Manager)', priya, '/insights/your-reports/', 'allow'],
    ['priya (Manager)', priya, '/employees/', '→ /insights/your-reports/'],
    ['priya (Manager)', priya, '/insights/organization/', '→ /error/'],
    ['tomas (User, department admin)', tomas, '/insights/departments/search/', 'allow'],
    ['tomas (User, department admin)', tomas, '/insights/users/search/', '→ /error/'],
    ['grace (User, direct manager)', grace, '/insights/direct-reports/search/', 'allow'],
    ['grace (User, direct manager)', grace, '/insights/departments/search/', '→ /error/'],
    ['margaret (Harbor & Pike, not onboarded)', margaret, '/dashboard/insights/', '→ /onboarding/'],
    ['margaret (Harbor & Pike, not onboarded)', margaret, '/onboarding/setup-dmi/exchange/', 'allow'],
    ['margaret (Harbor & Pike, not onboarded)', margaret, '/welcome/', 'allow'],
    ['a Harbor & Pike user (not onboarded)', harborClerk, '/dashboard/insights/', '→ /onboarding/'],
    ['a Harbor & Pike user (not onboarded)', harborClerk, '/onboarding/', 'allow'],
    ['a Harbor & Pike user (not onboarded)', harborClerk, '/onboarding/setup-dmi/', '→ /error/'],
    ['victoria (Crestline, BRA not done)', victoria, '/insights/organization/', '→ /insights/initial-testing/'],
    ['victoria (Crestline, BRA not done)', victoria, '/dashboard/insights/', '→ /insights/initial-testing/'],
    ['victoria (Crestline, BRA not done)', victoria, '/insights/initial-testing/', 'allow'],
    ['victoria (Crestline, BRA not done)', victoria, '/configure/integrations/scim/', 'allow'],
    ['victoria (Crestline, BRA not done)', victoria, '/welcome/', 'allow'],
    ['victoria (Crestline, BRA not done)', victoria, '/insights/nonexistent/', '→ /insights/initial-testing/'],
  ])('%s on %s: %s', (_, user, path, expected) => {
    expect(show(decideNavigation({ path, session: 'authenticated', user }))).toBe(expected);
  });
});

describe('decideNavigation: paths as typed', () => {
  it.each([
    ['/reporting', 'allow'],
    ['/configure/integrations/scim', 'allow'],
    ['/settings/guardian-nudge', 'allow'],
    ['/insights/your-reports', '→ /error/'],
  ])('%s is read with its trailing slash: %s', (path, expected) => {
    const admin = buildShellUser({ role: 'Admin' });
    expect(show(decideNavigation({ path, session: 'authenticated', user: admin }))).toBe(expected);
  });
});

describe('decideNavigation: why /error/', () => {
  const owen = buildShellUser({ role: 'User' });

  it('says a page the role may not open is forbidden, so /error/ can send the person home', () => {
    expect(decideNavigation({ path: '/settings/organization/general/', session: 'authenticated', user: owen })).toEqual({
      kind: 'redirect',
      to: '/error/',
      reason: 'forbidden',
    });
  });

  it('says a personal record that failed to load is a profile error, so /error/ asks to sign in again', () => {
    expect(
      decideNavigation({ path: '/dashboard/insights/', session: 'authenticated', user: null, profileError: 'HTTP 500' }),
    ).toEqual({ kind: 'redirect', to: '/error/', reason: 'profileError' });
  });

  it('gives the reason on every redirect of the table to /error/', () => {
    const toError = decisionTable.filter(({ expected }) => expected === '→ /error/');
    expect(toError.length).toBeGreaterThan(0);
    for (const { label, user, path } of toError) {
      expect(decideNavigation({ path, session: 'authenticated', user }), `${label} on ${path}`).toMatchObject({ reason: 'forbidden' });
    }
  });

  it('reads the reason back from the location state, and nothing else', () => {
    expect(readErrorReason(errorPageState('forbidden'))).toBe('forbidden');
    expect(readErrorReason(errorPageState('profileError'))).toBe('profileError');
    expect(readErrorReason({ reason: 'whatever' })).toBeNull();
    expect(readErrorReason({ signOut: true })).toBeNull();
    expect(readErrorReason(null)).toBeNull();
  });
});

describe('getLandingPath', () => {
  it.each([
    ['Superadmin', '/insights/organization/'],
    ['Admin', '/insights/organization/'],
    ['Manager', '/insights/your-reports/'],
    ['User', '/dashboard/insights/'],
  ] as const)('%s lands on %s', (role, path) => {
    expect(getLandingPath(buildShellUser({ role }))).toBe(path);
  });
});

describe('"/" is the signed-in home', () => {
  const profile = (role: Role) => buildShellUser({ role });
  it.each([
    ['Superadmin', '/insights/organization/'],
    ['Admin', '/insights/organization/'],
    ['Manager', '/insights/your-reports/'],
    ['User', '/dashboard/insights/'],
  ] as const)('a %s goes to %s', (role, to) => {
    expect(decideNavigation({ path: '/', session: 'authenticated', user: profile(role) })).toEqual({ kind: 'redirect', to });
  });
  it('without a session it is sign-in', () => {
    expect(decideNavigation({ path: '/', session: 'anonymous' })).toEqual({ kind: 'redirect', to: '/login/' });
  });
});
