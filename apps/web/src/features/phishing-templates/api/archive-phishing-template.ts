import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** @throws ApiError */
export const archivePhishingTemplate = async (api: ApiClient, id: string) => {
  await api.request(apiPaths.phishingTemplates.template(id), { method: 'DELETE' });
};

export const useArchivePhishingTemplate = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => archivePhishingTemplate(api, id), onSuccess: () => queryClient.invalidateQueries({ queryKey: phishingTemplatesKey }) });
};
