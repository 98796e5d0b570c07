import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loginLogsSchema, type LoginLogs } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** What the login log screen filters by; empty values are left out of the request. */
export type LoginLogFilters = {
  q: string;
  /** ISO date and time, or empty. */
  from: string;
  to: string;
  outcome: '' | 'success' | 'failure';
};

export const loginLogsSearch = (filters: LoginLogFilters, extra: Record<string, string> = {}) => {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.outcome) search.set('outcome', filters.outcome);
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
};

/** @throws ApiError; ZodError when the body breaks the contract */
export const getLoginLogs = async (
  api: ApiClient,
  filters: LoginLogFilters,
  page: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<LoginLogs> =>
  loginLogsSchema.parse(
    await api.get(
      `${apiPaths.organizationLoginLogs}?${loginLogsSearch(filters, { page: String(page.page), page_size: String(page.pageSize) })}`,
      { signal },
    ),
  );

export const loginLogsQueryOptions = (api: ApiClient, filters: LoginLogFilters, page: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['organization-settings', 'login-logs', filters, page],
    queryFn: ({ signal }) => getLoginLogs(api, filters, page, signal),
    // Keeps the table in place while the next page loads, rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });

export const useLoginLogs = (filters: LoginLogFilters, page: { page: number; pageSize: number }) => {
  const api = useApiClient();
  return useQuery(loginLogsQueryOptions(api, filters, page));
};
