import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdApiKeySchema, type CreateApiKeyBody, type CreatedApiKey } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { apiKeysKey } from './query-keys';

/** @returns the new key with its secret, which the server shows this once. @throws ApiError (400 naming the field, 409 at the limit of active keys) */
export const createApiKey = async (api: ApiClient, body: CreateApiKeyBody): Promise<CreatedApiKey> =>
  createdApiKeySchema.parse(await api.request(apiPaths.apiKeys.list, { method: 'POST', body }));

export const useCreateApiKey = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
};
