import { useMutation, useQueryClient } from '@tanstack/react-query';
import { policyDetailSchema, type PolicyDetail } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { policiesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const archivePolicy = async (api: ApiClient, id: string): Promise<PolicyDetail> => policyDetailSchema.parse(await api.request(apiPaths.policies.archive(id), { method: 'POST' }));

/** Archives a policy: no one is asked any more. */
export const useArchivePolicy = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => archivePolicy(api, id), onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKey }) });
};
