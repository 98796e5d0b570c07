import { queryOptions, useQuery } from '@tanstack/react-query';
import { initialTestingBaselineSchema, type InitialTestingBaseline } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getInitialTestingBaseline = async (api: ApiClient, signal?: AbortSignal): Promise<InitialTestingBaseline> =>
  initialTestingBaselineSchema.parse(await api.get(apiPaths.initialTestingInsights, { signal }));

export const initialTestingBaselineQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ['insights', 'initial-testing'], queryFn: ({ signal }) => getInitialTestingBaseline(api, signal) });

export const useInitialTestingBaseline = () => {
  const api = useApiClient();
  return useQuery(initialTestingBaselineQueryOptions(api));
};
