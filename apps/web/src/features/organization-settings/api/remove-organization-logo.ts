import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationSettingsSchema, type OrganizationSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationSettingsQueryOptions } from './get-organization-settings';

/** @throws ApiError */
export const removeOrganizationLogo = async (api: ApiClient): Promise<OrganizationSettings> =>
  organizationSettingsSchema.parse(await api.request(apiPaths.organizationLogo, { method: 'DELETE' }));

export const useRemoveOrganizationLogo = ({ onChanged }: { onChanged?: () => void } = {}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeOrganizationLogo(api),
    onSuccess: (settings) => {
      queryClient.setQueryData(organizationSettingsQueryOptions(api).queryKey, settings);
      onChanged?.();
    },
  });
};
