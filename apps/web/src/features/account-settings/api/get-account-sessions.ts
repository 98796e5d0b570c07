import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSessionsSchema, type AccountSessions } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getAccountSessions = async (api: ApiClient, signal?: AbortSignal): Promise<AccountSessions> =>
  accountSessionsSchema.parse(await api.get(apiPaths.accountSessions, { signal }));

export const accountSessionsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ['account', 'sessions'], queryFn: ({ signal }) => getAccountSessions(api, signal) });

export const useAccountSessions = () => {
  const api = useApiClient();
  return useQuery(accountSessionsQueryOptions(api));
};
