import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountProfileSchema, type AccountProfile } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getAccountProfile = async (api: ApiClient, signal?: AbortSignal): Promise<AccountProfile> =>
  accountProfileSchema.parse(await api.get(apiPaths.accountProfile, { signal }));

export const accountProfileQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ['account', 'profile'], queryFn: ({ signal }) => getAccountProfile(api, signal) });

export const useAccountProfile = () => {
  const api = useApiClient();
  return useQuery(accountProfileQueryOptions(api));
};
