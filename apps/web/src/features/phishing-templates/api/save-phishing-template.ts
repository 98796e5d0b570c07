import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedPhishingTemplateSchema, type CreatePhishingTemplateBody, type SavedPhishingTemplate, type UpdatePhishingTemplateBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** @throws ApiError; ZodError when the answer breaks the contract */
export const createPhishingTemplate = async (api: ApiClient, body: CreatePhishingTemplateBody): Promise<SavedPhishingTemplate> =>
  savedPhishingTemplateSchema.parse(await api.request(apiPaths.phishingTemplates.list, { method: 'POST', body }));

/** @throws ApiError; ZodError when the answer breaks the contract */
export const updatePhishingTemplate = async (api: ApiClient, id: string, body: UpdatePhishingTemplateBody): Promise<SavedPhishingTemplate> =>
  savedPhishingTemplateSchema.parse(await api.request(apiPaths.phishingTemplates.template(id), { method: 'PATCH', body }));

/** Creates a template, or changes one when given its id; refreshes the library. */
export const useSavePhishingTemplate = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreatePhishingTemplateBody }) => (id ? updatePhishingTemplate(api, id, body) : createPhishingTemplate(api, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phishingTemplatesKey }),
  });
};
