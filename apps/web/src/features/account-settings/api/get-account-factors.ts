import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountFactorsSchema, type AccountFactors } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getAccountFactors = async (api: ApiClient, signal?: AbortSignal): Promise<AccountFactors> =>
  accountFactorsSchema.parse(await api.get(apiPaths.accountFactors, { signal }));

export const accountFactorsQueryKey = ['account', 'factors'] as const;

export const useAccountFactors = () => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: accountFactorsQueryKey, queryFn: ({ signal }) => getAccountFactors(api, signal) }));
};
