import type { PersonalUserData } from '@vigil/contracts';

import type { ShellUser } from '../features/shell/model/user';

/** A personal user record as the server sends it: an onboarded end user unless told otherwise. */
export const buildPersonalRecord = (overrides: Partial<PersonalUserData> = {}): PersonalUserData => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  role: 'User',
  company: 'Analytical Engines Ltd',
  has_paid_access: true,
  onboarding_status: {
    is_dmi_completed: true,
    is_initial_testing_completed: true,
    is_scim_completed: true,
    is_sso_completed: true,
    is_watchtower_completed: true,
  },
  is_bra_completed: true,
  start_timestamp: null,
  picture_file_name: '',
  department_views: [],
  is_direct_manager: false,
  ...overrides,
});

/** The record's onboarding flags all set to one value. */
export const onboardingFlags = (done: boolean): PersonalUserData['onboarding_status'] => ({
  is_dmi_completed: done,
  is_initial_testing_completed: done,
  is_scim_completed: done,
  is_sso_completed: done,
  is_watchtower_completed: done,
});

/** The client's user object: an onboarded end user of an organisation whose BRA is complete. */
export const buildShellUser = (overrides: Partial<ShellUser> = {}): ShellUser => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  initials: 'AL',
  email: 'ada@example.com',
  role: 'User',
  organization: 'Analytical Engines Ltd',
  hasPaid: true,
  isOnboarded: true,
  isInCampaign: false,
  hasBRAStarted: false,
  isBRACompleted: true,
  startTimestamp: '',
  pictureFileName: '',
  isDepartmentAdmin: false,
  isDirectManager: false,
  ...overrides,
});
