import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issuedScimTokenSchema, type IssuedScimToken } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { onboardingWizardQueryKey } from './get-onboarding-wizard';

/**
 * Issues a SCIM bearer token; the previous one stops working. The answer is the only place the
 * token ever appears, so it is kept in the caller's state, never in the query cache.
 * @throws ApiError for a non-2xx answer; ZodError when the answer breaks the contract
 */
export const issueScimToken = async (api: ApiClient): Promise<IssuedScimToken> =>
  issuedScimTokenSchema.parse(await api.request(apiPaths.onboarding.scimTokens, { method: 'POST' }));

export const useIssueScimToken = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueScimToken(api),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingWizardQueryKey }),
  });
};
