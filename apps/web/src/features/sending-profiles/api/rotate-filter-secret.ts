import { useMutation, useQueryClient } from '@tanstack/react-query';
import { phishingSettingsSchema, type PhishingSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingSettingsQueryOptions } from './get-phishing-settings';

/** @throws ApiError; ZodError when the answer breaks the contract */
export const rotateFilterSecret = async (api: ApiClient): Promise<PhishingSettings> =>
  phishingSettingsSchema.parse(await api.request(apiPaths.rotateFilterSecret, { method: 'POST' }));

export const useRotateFilterSecret = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateFilterSecret(api),
    onSuccess: (settings) => queryClient.setQueryData(phishingSettingsQueryOptions(api).queryKey, settings),
  });
};
