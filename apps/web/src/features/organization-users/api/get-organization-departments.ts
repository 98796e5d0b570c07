import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationDepartmentsSchema, type OrganizationDepartment } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getOrganizationDepartments = async (api: ApiClient, signal?: AbortSignal): Promise<OrganizationDepartment[]> =>
  organizationDepartmentsSchema.parse(await api.get(apiPaths.organizationUsers.departments, { signal })).departments;

export const organizationDepartmentsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: [...organizationUsersKey, 'departments'],
    queryFn: ({ signal }) => getOrganizationDepartments(api, signal),
  });

/** The organisation's departments, for the filter and the forms. */
export const useOrganizationDepartments = () => {
  const api = useApiClient();
  return useQuery(organizationDepartmentsQueryOptions(api));
};
