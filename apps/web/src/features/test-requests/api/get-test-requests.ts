import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { testRequestListSchema, type TestRequestList } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { testRequestsKey } from './query-keys';

/** One page of requests, newest first, and whether a language model is configured. @throws ApiError; ZodError when the body breaks the contract */
export const getTestRequests = async (api: ApiClient, cursor: string | undefined, signal?: AbortSignal): Promise<TestRequestList> =>
  testRequestListSchema.parse(await api.get(`${apiPaths.testRequests.list}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal }));

export const testRequestsQueryOptions = (api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: [...testRequestsKey, 'list'],
    queryFn: ({ pageParam, signal }) => getTestRequests(api, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useTestRequests = () => useInfiniteQuery(testRequestsQueryOptions(useApiClient()));
