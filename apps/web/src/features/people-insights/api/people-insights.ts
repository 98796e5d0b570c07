import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  insightsDepartmentsSchema,
  insightsGroupSchema,
  insightsPeopleListSchema,
  insightsPersonDetailSchema,
  type InsightsDepartments,
  type InsightsGroup,
  type InsightsPeopleList,
  type InsightsPeopleView,
  type InsightsPersonDetail,
  type RiskBand,
} from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** Which people a list or a group score is about: the view, optionally one department. */
export type PeopleScope = { view: InsightsPeopleView; departmentId?: string };
export type PeopleFilters = PeopleScope & { search?: string; band?: RiskBand };

const queryString = (filters: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();

const peopleKey = ['insights', 'people'] as const;

/** One page of people, riskiest first. @throws ApiError; ZodError when the body breaks the contract */
export const getInsightsPeople = async (api: ApiClient, filters: PeopleFilters, cursor?: string, signal?: AbortSignal): Promise<InsightsPeopleList> =>
  insightsPeopleListSchema.parse(await api.get(`${apiPaths.insightsPeople.list}?${queryString({ ...filters, limit: '50', cursor })}`, { signal }));

export const insightsPeopleQueryOptions = (api: ApiClient, filters: PeopleFilters) =>
  infiniteQueryOptions({
    queryKey: [...peopleKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getInsightsPeople(api, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useInsightsPeople = (filters: PeopleFilters) => useInfiniteQuery(insightsPeopleQueryOptions(useApiClient(), filters));

/** The same list as a CSV the server streams, fetched with the session and saved. */
export const useExportInsightsPeopleCsv = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (filters: PeopleFilters) => {
      const { file, fileName } = await api.download(`${apiPaths.insightsPeople.list}?${queryString({ ...filters, format: 'csv' })}`);
      saveFile(file, fileName ?? 'people-risk.csv');
    },
  });
};

/** @throws ApiError; ZodError when the body breaks the contract */
export const getInsightsGroup = async (api: ApiClient, scope: PeopleScope, signal?: AbortSignal): Promise<InsightsGroup> =>
  insightsGroupSchema.parse(await api.get(`${apiPaths.insightsPeople.summary}?${queryString(scope)}`, { signal }));

export const useInsightsGroup = (scope: PeopleScope) => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: [...peopleKey, 'summary', scope], queryFn: ({ signal }) => getInsightsGroup(api, scope, signal) }));
};

/** @throws ApiError (404 for a person the caller may not see); ZodError when the body breaks the contract */
export const getInsightsPerson = async (api: ApiClient, id: string, signal?: AbortSignal): Promise<InsightsPersonDetail> =>
  insightsPersonDetailSchema.parse(await api.get(apiPaths.insightsPeople.person(id), { signal }));

export const useInsightsPerson = (id: string) => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: [...peopleKey, 'person', id], queryFn: ({ signal }) => getInsightsPerson(api, id, signal) }));
};

/** @throws ApiError; ZodError when the body breaks the contract */
export const getInsightsDepartments = async (api: ApiClient, search: string, signal?: AbortSignal): Promise<InsightsDepartments> =>
  insightsDepartmentsSchema.parse(await api.get(`${apiPaths.insightsDepartments}?${queryString({ search })}`, { signal }));

export const useInsightsDepartments = (search: string) => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: ['insights', 'departments', search], queryFn: ({ signal }) => getInsightsDepartments(api, search, signal), placeholderData: keepPreviousData }));
};
