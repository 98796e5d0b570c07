import type { OnboardingStatus } from '@vigil/contracts';
import type { Organization } from '@vigil/db';

type OnboardingFlags = Pick<
  Organization,
  'isDmiCompleted' | 'isInitialTestingCompleted' | 'isScimCompleted' | 'isSsoCompleted' | 'isWatchtowerCompleted'
>;

export const presentOnboardingStatus = (org: OnboardingFlags): OnboardingStatus => ({
  is_dmi_completed: org.isDmiCompleted,
  is_initial_testing_completed: org.isInitialTestingCompleted,
  is_scim_completed: org.isScimCompleted,
  is_sso_completed: org.isSsoCompleted,
  is_watchtower_completed: org.isWatchtowerCompleted,
});
