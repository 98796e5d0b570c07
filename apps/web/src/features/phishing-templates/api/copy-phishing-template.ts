import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedPhishingTemplateSchema, type SavedPhishingTemplate } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** @throws ApiError; ZodError when the answer breaks the contract */
export const copyPhishingTemplate = async (api: ApiClient, id: string): Promise<SavedPhishingTemplate> =>
  savedPhishingTemplateSchema.parse(await api.request(apiPaths.phishingTemplates.copy(id), { method: 'POST' }));

export const useCopyPhishingTemplate = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => copyPhishingTemplate(api, id), onSuccess: () => queryClient.invalidateQueries({ queryKey: phishingTemplatesKey }) });
};
