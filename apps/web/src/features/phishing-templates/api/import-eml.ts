import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedPhishingTemplateSchema, type SavedPhishingTemplate } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** Sends the .eml file as itself. @throws ApiError; ZodError when the answer breaks the contract */
export const importEml = async (api: ApiClient, file: File): Promise<SavedPhishingTemplate> =>
  savedPhishingTemplateSchema.parse(await api.request(apiPaths.phishingTemplates.importEml, { method: 'POST', body: new Blob([file], { type: 'message/rfc822' }) }));

export const useImportEml = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (file: File) => importEml(api, file), onSuccess: () => queryClient.invalidateQueries({ queryKey: phishingTemplatesKey }) });
};
