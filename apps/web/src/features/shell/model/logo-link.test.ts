import type { Role } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';

import { buildShellUser } from '../../../testing/builders';
import { getLogoHref } from './logo-link';

const roles: Role[] = ['Superadmin', 'Admin', 'Manager', 'User'];
const states = [
  { isOnboarded: false, isBRACompleted: false },
  { isOnboarded: true, isBRACompleted: false },
  { isOnboarded: true, isBRACompleted: true },
];

// §2: /welcome/ for an admin who has not completed onboarding, /insights/organization/ for an admin
// who has, /dashboard/trainings/ for everyone else, whatever their flags.
const expectedHref = (role: Role, finished: boolean) => {
  if (role !== 'Superadmin' && role !== 'Admin') return '/dashboard/trainings/';
  return finished ? '/insights/organization/' : '/welcome/';
};

describe('getLogoHref', () => {
  it.each(
    roles.flatMap((role) =>
      states.flatMap((state) =>
        [false, true].map((flags) => ({
          role,
          ...state,
          flags,
          expected: expectedHref(role, state.isOnboarded && state.isBRACompleted),
        })),
      ),
    ),
  )(
    '$role, onboarded $isOnboarded, BRA $isBRACompleted, department admin and direct manager $flags → $expected',
    ({ role, isOnboarded, isBRACompleted, flags, expected }) => {
      const user = buildShellUser({ role, isOnboarded, isBRACompleted, isDepartmentAdmin: flags, isDirectManager: flags });
      expect(getLogoHref(user)).toBe(expected);
    },
  );
});
