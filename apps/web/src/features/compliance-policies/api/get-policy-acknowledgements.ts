import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { policyAcknowledgementListSchema, type PolicyAcknowledgementList } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { policiesKey } from './query-keys';

export type AcknowledgementStatus = 'pending' | 'acknowledged' | 'all';

/** One page of who has (or has not) acknowledged the current version, by name. @throws ApiError; ZodError when the body breaks the contract */
export const getPolicyAcknowledgements = async (api: ApiClient, id: string, status: AcknowledgementStatus, cursor?: string, signal?: AbortSignal): Promise<PolicyAcknowledgementList> =>
  policyAcknowledgementListSchema.parse(await api.get(`${apiPaths.policies.acknowledgements(id)}?${new URLSearchParams({ status, limit: '50', ...(cursor ? { cursor } : {}) })}`, { signal }));

export const policyAcknowledgementsQueryOptions = (api: ApiClient, id: string, status: AcknowledgementStatus) =>
  infiniteQueryOptions({
    queryKey: [...policiesKey, 'acknowledgements', id, status],
    queryFn: ({ pageParam, signal }) => getPolicyAcknowledgements(api, id, status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** 50 people at a time by key ("Show more"). */
export const usePolicyAcknowledgements = (id: string, status: AcknowledgementStatus) => useInfiniteQuery(policyAcknowledgementsQueryOptions(useApiClient(), id, status));

/** The whole list with the same status, streamed as CSV by the server and saved. */
export const useExportPolicyAcknowledgementsCsv = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: AcknowledgementStatus }) => {
      const { file, fileName } = await api.download(`${apiPaths.policies.acknowledgements(id)}?${new URLSearchParams({ status, format: 'csv' })}`);
      saveFile(file, fileName ?? 'policy-acknowledgements.csv');
    },
  });
};
