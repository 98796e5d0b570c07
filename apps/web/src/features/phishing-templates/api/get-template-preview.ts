import { queryOptions, useQuery } from '@tanstack/react-query';
import { phishingTemplatePreviewSchema, type PhishingTemplatePreview } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getTemplatePreview = async (api: ApiClient, id: string, language: string | undefined, signal?: AbortSignal): Promise<PhishingTemplatePreview> =>
  phishingTemplatePreviewSchema.parse(await api.get(`${apiPaths.phishingTemplates.preview(id)}${language ? `?language=${language}` : ''}`, { signal }));

export const templatePreviewQueryOptions = (api: ApiClient, id: string, language?: string) =>
  queryOptions({ queryKey: [...phishingTemplatesKey, 'preview', id, language], queryFn: ({ signal }) => getTemplatePreview(api, id, language, signal) });

export const useTemplatePreview = (id: string, language?: string) => useQuery(templatePreviewQueryOptions(useApiClient(), id, language));
