import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingWizardSchema, type OnboardingWizard } from '@vigil/contracts';

import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { useOnboardingProgress } from '../onboarding-progress';
import { onboardingWizardQueryKey } from './get-onboarding-wizard';

/**
 * A call that answers with the whole wizard: the answer replaces the cached wizard, and when a
 * step's flag changed, whoever else reads the flags is told.
 */
export const useWizardMutation = <Body>(send: (api: ApiClient, body: Body) => Promise<unknown>) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const onProgress = useOnboardingProgress();
  return useMutation({
    mutationFn: async (body: Body): Promise<OnboardingWizard> => onboardingWizardSchema.parse(await send(api, body)),
    onSuccess: async (wizard) => {
      const before = queryClient.getQueryData<OnboardingWizard>(onboardingWizardQueryKey);
      queryClient.setQueryData(onboardingWizardQueryKey, wizard);
      if (JSON.stringify(before?.steps) !== JSON.stringify(wizard.steps)) await onProgress();
    },
  });
};
