import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationSettingsSchema, type OrganizationSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationSettingsQueryOptions } from './get-organization-settings';

/** Sends the image file itself; the server reads its type from the bytes. @throws ApiError (field `logo`) */
export const uploadOrganizationLogo = async (api: ApiClient, file: File): Promise<OrganizationSettings> =>
  organizationSettingsSchema.parse(await api.request(apiPaths.organizationLogo, { method: 'POST', body: file }));

export const useUploadOrganizationLogo = ({ onChanged }: { onChanged?: () => void } = {}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadOrganizationLogo(api, file),
    onSuccess: (settings) => {
      queryClient.setQueryData(organizationSettingsQueryOptions(api).queryKey, settings);
      onChanged?.();
    },
  });
};
