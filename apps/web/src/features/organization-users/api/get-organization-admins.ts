import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationAdminsSchema, type OrganizationAdmins } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getOrganizationAdmins = async (api: ApiClient, signal?: AbortSignal): Promise<OrganizationAdmins> =>
  organizationAdminsSchema.parse(await api.get(apiPaths.organizationUsers.admins, { signal }));

export const organizationAdminsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: [...organizationUsersKey, 'admins'],
    queryFn: ({ signal }) => getOrganizationAdmins(api, signal),
  });

export const useOrganizationAdmins = () => {
  const api = useApiClient();
  return useQuery(organizationAdminsQueryOptions(api));
};
