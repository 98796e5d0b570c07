import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationSettingsSchema, type OrganizationSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/**
 * The current organisation's name, domain and logo.
 * @throws ApiError for a non-2xx answer; ZodError when the body breaks the contract
 */
export const getOrganizationSettings = async (api: ApiClient, signal?: AbortSignal): Promise<OrganizationSettings> =>
  organizationSettingsSchema.parse(await api.get(apiPaths.organization, { signal }));

export const organizationSettingsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['organization-settings', 'general'],
    queryFn: ({ signal }) => getOrganizationSettings(api, signal),
  });

export const useOrganizationSettings = () => {
  const api = useApiClient();
  return useQuery(organizationSettingsQueryOptions(api));
};
