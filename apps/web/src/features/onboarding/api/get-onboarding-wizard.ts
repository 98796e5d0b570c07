import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingWizardSchema, type OnboardingWizard } from '@vigil/contracts';

import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../config/paths';

/**
 * The wizard of the current organisation: steps done, what was entered, the values to paste.
 * @throws ApiError for a non-2xx answer (FORBIDDEN for anyone but an admin); ZodError when the body breaks the contract
 */
export const getOnboardingWizard = async (api: ApiClient, signal?: AbortSignal): Promise<OnboardingWizard> =>
  onboardingWizardSchema.parse(await api.get(apiPaths.onboarding.wizard, { signal }));

export const onboardingWizardQueryKey = ['onboarding', 'wizard'] as const;

export const onboardingWizardQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: onboardingWizardQueryKey,
    queryFn: ({ signal }) => getOnboardingWizard(api, signal),
    // A non-admin's 403 will not change on retry.
    retry: false,
  });

export const useOnboardingWizard = () => {
  const api = useApiClient();
  return useQuery(onboardingWizardQueryOptions(api));
};
