import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeySchema, type ApiKey } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { apiKeysKey } from './query-keys';

/** @throws ApiError (404 for a key not of the organisation, 409 when already revoked) */
export const revokeApiKey = async (api: ApiClient, id: string): Promise<ApiKey> => apiKeySchema.parse(await api.request(apiPaths.apiKeys.revoke(id), { method: 'POST' }));

export const useRevokeApiKey = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
};
