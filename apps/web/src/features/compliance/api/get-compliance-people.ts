import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { compliancePeopleListSchema, type ComplianceFrameworkId, type CompliancePeopleList, type ComplianceStatus } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { compliancePeopleKey } from './query-keys';

/** Rows per page: a framework card shows a short list first (several cards share the page). */
export const pageSize = 20;

export type PeopleFilters = { status?: ComplianceStatus; search?: string };

/** The query string of the people list and its CSV: the filters set, then `extra`. */
export const peopleSearch = (filters: PeopleFilters, extra: Record<string, string> = {}) => {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.search) search.set('search', filters.search);
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
};

/** One page of a chosen framework's people, by key. @throws ApiError; ZodError when the body breaks the contract */
export const getCompliancePeople = async (api: ApiClient, id: ComplianceFrameworkId, filters: PeopleFilters, cursor?: string, signal?: AbortSignal): Promise<CompliancePeopleList> =>
  compliancePeopleListSchema.parse(await api.get(`${apiPaths.compliance.people(id)}?${peopleSearch(filters, { limit: String(pageSize), ...(cursor ? { cursor } : {}) })}`, { signal }));

export const compliancePeopleQueryOptions = (api: ApiClient, id: ComplianceFrameworkId, filters: PeopleFilters) =>
  infiniteQueryOptions({
    queryKey: [...compliancePeopleKey, id, filters],
    queryFn: ({ pageParam, signal }) => getCompliancePeople(api, id, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** A chosen framework's active people with their status, 20 at a time by key ("Show more"). */
export const useCompliancePeople = (id: ComplianceFrameworkId, filters: PeopleFilters) => useInfiniteQuery(compliancePeopleQueryOptions(useApiClient(), id, filters));
