import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { trainingAssignmentListSchema } from '@vigil/contracts';
import type { z } from 'zod';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { assignmentsSearch, type AssignmentFilters } from '../training-admin-format';
import { trainingAssignmentsKey } from './query-keys';

type TrainingAssignmentList = z.infer<typeof trainingAssignmentListSchema>;

/** One page of assignments, by key. @throws ApiError; ZodError when the body breaks the contract */
export const getTrainingAssignments = async (api: ApiClient, filters: AssignmentFilters, cursor?: string, signal?: AbortSignal): Promise<TrainingAssignmentList> =>
  trainingAssignmentListSchema.parse(await api.get(`${apiPaths.trainingAssignments.list}?${assignmentsSearch(filters, { limit: '50', ...(cursor ? { cursor } : {}) })}`, { signal }));

export const trainingAssignmentsQueryOptions = (api: ApiClient, filters: AssignmentFilters) =>
  infiniteQueryOptions({
    queryKey: [...trainingAssignmentsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getTrainingAssignments(api, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The organisation's assignments, filtered on the server, 50 at a time by key ("Show more"). */
export const useTrainingAssignments = (filters: AssignmentFilters) => useInfiniteQuery(trainingAssignmentsQueryOptions(useApiClient(), filters));
