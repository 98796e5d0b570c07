import { queryOptions, useQuery } from '@tanstack/react-query';
import { phishingTemplateSchema, type PhishingTemplate } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getPhishingTemplate = async (api: ApiClient, id: string, signal?: AbortSignal): Promise<PhishingTemplate> =>
  phishingTemplateSchema.parse(await api.get(apiPaths.phishingTemplates.template(id), { signal }));

export const phishingTemplateQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: [...phishingTemplatesKey, 'one', id], queryFn: ({ signal }) => getPhishingTemplate(api, id, signal) });

export const usePhishingTemplate = (id: string | null) => {
  const api = useApiClient();
  return useQuery({ ...phishingTemplateQueryOptions(api, id ?? ''), enabled: id !== null });
};
