import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationUsersSchema, type OrganizationUsers, type Role, type UserSortKey, type userStatusFilters } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

export type UserStatusFilter = (typeof userStatusFilters)[number];

/** What the users table asks the server for; empty filters are left out of the request. */
export type UsersListParams = {
  search: string;
  role: Role | '';
  /** A department id, 'none' for people without one, or empty for all. */
  departmentId: string;
  status: UserStatusFilter;
  page: number;
  pageSize: number;
  sort: UserSortKey;
};

export const usersSearch = (params: Partial<UsersListParams>, extra: Record<string, string> = {}) => {
  const search = new URLSearchParams();
  if (params.search?.trim()) search.set('search', params.search.trim());
  if (params.role) search.set('role', params.role);
  if (params.departmentId) search.set('departmentId', params.departmentId);
  if (params.status) search.set('status', params.status);
  if (params.page) search.set('page', String(params.page));
  if (params.pageSize) search.set('pageSize', String(params.pageSize));
  if (params.sort) search.set('sort', params.sort);
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
};

/** @throws ApiError; ZodError when the body breaks the contract */
export const getOrganizationUsers = async (api: ApiClient, params: Partial<UsersListParams>, signal?: AbortSignal): Promise<OrganizationUsers> =>
  organizationUsersSchema.parse(await api.get(`${apiPaths.organizationUsers.list}?${usersSearch(params)}`, { signal }));

export const organizationUsersQueryOptions = (api: ApiClient, params: Partial<UsersListParams>) =>
  queryOptions({
    queryKey: [...organizationUsersKey, 'list', params],
    queryFn: ({ signal }) => getOrganizationUsers(api, params, signal),
    // Keeps the table in place while the next page or filter loads, rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });

export const useOrganizationUsers = (params: Partial<UsersListParams>, { enabled = true } = {}) => {
  const api = useApiClient();
  return useQuery({ ...organizationUsersQueryOptions(api, params), enabled });
};
