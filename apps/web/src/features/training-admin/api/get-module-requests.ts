import { queryOptions, useQuery } from '@tanstack/react-query';
import { moduleRequestListSchema, type ModuleRequest } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { moduleRequestsKey } from './cadence-query-keys';

/** The organisation's custom module requests, newest first. @throws ApiError; ZodError when the body breaks the contract */
export const getModuleRequests = async (api: ApiClient, signal?: AbortSignal): Promise<ModuleRequest[]> =>
  moduleRequestListSchema.parse(await api.get(apiPaths.trainingModuleRequests.list, { signal })).items;

export const moduleRequestsQueryOptions = (api: ApiClient) => queryOptions({ queryKey: moduleRequestsKey, queryFn: ({ signal }) => getModuleRequests(api, signal) });

export const useModuleRequests = () => useQuery(moduleRequestsQueryOptions(useApiClient()));
