import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { phishingTemplateListSchema, type PhishingTemplateList, type PhishingTemplatesQuery } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { phishingTemplatesKey } from './query-keys';

/** The library's filters; empty ones are left out of the request. */
export type TemplateFilters = Partial<Pick<PhishingTemplatesQuery, 'category' | 'vector' | 'difficulty' | 'language' | 'search' | 'source'>>;

const searchOf = (filters: TemplateFilters, cursor?: string) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') search.set(key, String(value).trim());
  if (cursor) search.set('cursor', cursor);
  return search.toString();
};

/** @throws ApiError; ZodError when the body breaks the contract */
export const getPhishingTemplates = async (api: ApiClient, filters: TemplateFilters, cursor?: string, signal?: AbortSignal): Promise<PhishingTemplateList> =>
  phishingTemplateListSchema.parse(await api.get(`${apiPaths.phishingTemplates.list}?${searchOf(filters, cursor)}`, { signal }));

export const phishingTemplatesQueryOptions = (api: ApiClient, filters: TemplateFilters) =>
  infiniteQueryOptions({
    queryKey: [...phishingTemplatesKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getPhishingTemplates(api, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const usePhishingTemplates = (filters: TemplateFilters) => useInfiniteQuery(phishingTemplatesQueryOptions(useApiClient(), filters));
