import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedPhishingTemplateSchema, type SavedPhishingTemplate } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** Makes a draft active, so campaigns may send it. @throws ApiError; ZodError when the answer breaks the contract */
export const approvePhishingTemplate = async (api: ApiClient, id: string): Promise<SavedPhishingTemplate> =>
  savedPhishingTemplateSchema.parse(await api.request(apiPaths.phishingTemplates.approve(id), { method: 'POST' }));

export const useApprovePhishingTemplate = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => approvePhishingTemplate(api, id), onSuccess: () => queryClient.invalidateQueries({ queryKey: phishingTemplatesKey }) });
};
