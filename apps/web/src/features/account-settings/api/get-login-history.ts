import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loginHistorySchema, type LoginHistory } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

type Page = { page: number; pageSize: number };

/** @throws ApiError; ZodError when the body breaks the contract */
export const getLoginHistory = async (api: ApiClient, { page, pageSize }: Page, signal?: AbortSignal): Promise<LoginHistory> =>
  loginHistorySchema.parse(await api.get(`${apiPaths.accountLoginHistory}?page=${page}&page_size=${pageSize}`, { signal }));

/** The key every page of the history shares, to reload them all. */
export const loginHistoryKey = ['account', 'login-history'] as const;

export const loginHistoryQueryOptions = (api: ApiClient, page: Page) =>
  queryOptions({
    queryKey: [...loginHistoryKey, page],
    queryFn: ({ signal }) => getLoginHistory(api, page, signal),
    placeholderData: keepPreviousData,
  });

export const useLoginHistory = (page: Page) => {
  const api = useApiClient();
  return useQuery(loginHistoryQueryOptions(api, page));
};
