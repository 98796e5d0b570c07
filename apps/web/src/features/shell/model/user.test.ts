import { describe, expect, it } from 'vitest';

import { buildPersonalRecord, onboardingFlags } from '../../../testing/builders';
import { deriveShellUser, hasFinishedSetUp, isAdmin, isManager, type PersonalRecordInput } from './user';

const departmentId = '0b8f2c1e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';

describe('deriveShellUser', () => {
  it('maps every field of the personal record (spec §3)', () => {
    const user = deriveShellUser(
      buildPersonalRecord({
        first_name: 'Owen',
        last_name: 'Fletcher',
        email: 'owen.fletcher@northwind-logistics.example',
        role: 'Manager',
        company: 'Northwind Logistics',
        has_paid_access: true,
        is_bra_completed: true,
        start_timestamp: '2024-01-15T00:00:00.000Z',
        picture_file_name: 'northwind.svg',
        department_views: [{ id: departmentId, name: 'Operations' }],
        is_direct_manager: true,
      }),
    );

    expect(user).toEqual({
      firstName: 'Owen',
      lastName: 'Fletcher',
      initials: 'OF',
      email: 'owen.fletcher@northwind-logistics.example',
      role: 'Manager',
      organization: 'Northwind Logistics',
      hasPaid: true,
      isOnboarded: true,
      isInCampaign: false,
      hasBRAStarted: false,
      isBRACompleted: true,
      startTimestamp: '2024-01-15T00:00:00.000Z',
      pictureFileName: 'northwind.svg',
      isDepartmentAdmin: true,
      isDirectManager: true,
    });
  });

  it('defaults missing text to an empty string and missing booleans to false', () => {
    expect(deriveShellUser({})).toEqual({
      firstName: '',
      lastName: '',
      initials: '',
      email: '',
      role: 'User',
      organization: '',
      hasPaid: false,
      isOnboarded: false,
      isInCampaign: false,
      hasBRAStarted: false,
      isBRACompleted: false,
      startTimestamp: '',
      pictureFileName: '',
      isDepartmentAdmin: false,
      isDirectManager: false,
    });
  });

  it.each<[string, PersonalRecordInput, string]>([
    ['both names', { first_name: 'grace', last_name: 'lindqvist' }, 'GL'],
    ['first name only', { first_name: 'Grace', last_name: '' }, 'G'],
    ['last name only', { first_name: '', last_name: 'Lindqvist' }, 'L'],
    ['spaces around the names', { first_name: '  Tomás ', last_name: ' Álvarez' }, 'TÁ'],
    ['no names', { first_name: '', last_name: '' }, ''],
  ])('initials from %s: %j → %s', (_, record, initials) => {
    expect(deriveShellUser(record).initials).toBe(initials);
  });

  const allDone = onboardingFlags(true);
  it.each<[string, PersonalRecordInput['onboarding_status'], boolean]>([
    ['all five steps done', allDone, true],
    ['DMI missing', { ...allDone, is_dmi_completed: false }, false],
    ['initial testing missing', { ...allDone, is_initial_testing_completed: false }, false],
    ['SCIM missing', { ...allDone, is_scim_completed: false }, false],
    ['SSO missing', { ...allDone, is_sso_completed: false }, false],
    ['Watchtower missing', { ...allDone, is_watchtower_completed: false }, false],
    ['no step done', onboardingFlags(false), false],
    ['a flag absent', { is_dmi_completed: true, is_scim_completed: true }, false],
    ['no onboarding status', null, false],
  ])('isOnboarded with %s → %s', (_, onboarding_status, isOnboarded) => {
    expect(deriveShellUser({ onboarding_status }).isOnboarded).toBe(isOnboarded);
  });

  // The chosen derivation: the BRA campaign runs between the end of onboarding and its completion.
  it.each([
    { onboarded: false, braCompleted: false, running: false },
    { onboarded: false, braCompleted: true, running: false },
    { onboarded: true, braCompleted: false, running: true },
    { onboarded: true, braCompleted: true, running: false },
  ])(
    'onboarded $onboarded, BRA completed $braCompleted → isInCampaign and hasBRAStarted $running',
    ({ onboarded, braCompleted, running }) => {
      const user = deriveShellUser({ onboarding_status: onboardingFlags(onboarded), is_bra_completed: braCompleted });
      expect(user.isBRACompleted).toBe(braCompleted);
      expect(user.isInCampaign).toBe(running);
      expect(user.hasBRAStarted).toBe(running);
    },
  );

  it.each<[PersonalRecordInput['department_views'], boolean]>([
    [[], false],
    [null, false],
    [undefined, false],
    [[{ id: departmentId, name: 'Operations' }], true],
  ])('department_views %j → isDepartmentAdmin %s', (department_views, expected) => {
    expect(deriveShellUser({ department_views }).isDepartmentAdmin).toBe(expected);
  });
});

describe('role helpers', () => {
  it.each([
    { role: 'Superadmin', admin: true, manager: false },
    { role: 'Admin', admin: true, manager: false },
    { role: 'Manager', admin: false, manager: true },
    { role: 'User', admin: false, manager: false },
  ] as const)('$role: admin $admin, manager $manager', ({ role, admin, manager }) => {
    expect(isAdmin({ role })).toBe(admin);
    expect(isManager({ role })).toBe(manager);
  });

  it.each([
    { isOnboarded: false, isBRACompleted: false, finished: false },
    { isOnboarded: false, isBRACompleted: true, finished: false },
    { isOnboarded: true, isBRACompleted: false, finished: false },
    { isOnboarded: true, isBRACompleted: true, finished: true },
  ])('onboarded $isOnboarded, BRA $isBRACompleted → finished set-up $finished', ({ finished, ...user }) => {
    expect(hasFinishedSetUp(user)).toBe(finished);
  });
});
