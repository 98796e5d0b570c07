import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema, type ApiKeyList } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { apiKeysKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getApiKeys = async (api: ApiClient, signal?: AbortSignal): Promise<ApiKeyList> => apiKeyListSchema.parse(await api.get(apiPaths.apiKeys.list, { signal }));

export const apiKeysQueryOptions = (api: ApiClient) => queryOptions({ queryKey: [...apiKeysKey, 'list'], queryFn: ({ signal }) => getApiKeys(api, signal) });

export const useApiKeys = () => {
  const api = useApiClient();
  return useQuery(apiKeysQueryOptions(api));
};
