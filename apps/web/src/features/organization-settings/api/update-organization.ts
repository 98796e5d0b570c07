import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationSettingsSchema, type OrganizationSettings, type UpdateOrganizationBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationSettingsQueryOptions } from './get-organization-settings';

/** @throws ApiError; VALIDATION_FAILED names the field (`body.name`, `body.timeZone`) */
export const updateOrganization = async (api: ApiClient, body: UpdateOrganizationBody): Promise<OrganizationSettings> =>
  organizationSettingsSchema.parse(await api.request(apiPaths.organization, { method: 'PATCH', body }));

/** Changes the organisation's name or time zone; `onChanged` lets the page refresh what else shows the name (the top bar). */
export const useUpdateOrganization = ({ onChanged }: { onChanged?: () => void } = {}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) => updateOrganization(api, body),
    onSuccess: (settings) => {
      queryClient.setQueryData(organizationSettingsQueryOptions(api).queryKey, settings);
      onChanged?.();
    },
  });
};
