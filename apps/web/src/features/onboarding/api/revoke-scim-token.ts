import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { onboardingWizardQueryKey } from './get-onboarding-wizard';

/**
 * Revokes a SCIM token at once: the active one, or one a new token replaced that still works.
 * @throws ApiError for a non-2xx answer (NOT_FOUND when it was already revoked)
 */
export const revokeScimToken = async (api: ApiClient, tokenId: string): Promise<void> => {
  await api.request(apiPaths.onboarding.scimToken(tokenId), { method: 'DELETE' });
};

export const useRevokeScimToken = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => revokeScimToken(api, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingWizardQueryKey }),
  });
};
