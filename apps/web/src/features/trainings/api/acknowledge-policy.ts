import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myPolicySchema, type MyPolicy } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { myPoliciesKey } from './query-keys';

/** @throws ApiError (409 when the version is no longer the current one); ZodError when the body breaks the contract */
export const acknowledgePolicy = async (api: ApiClient, id: string, versionId: string): Promise<MyPolicy> =>
  myPolicySchema.parse(await api.request(apiPaths.myPolicies.acknowledge(id), { method: 'POST', body: { versionId } }));

/** Acknowledges the version read; the lists and the reading are refreshed either way (a 409 means a newer version is there to read). */
export const useAcknowledgePolicy = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, versionId }: { id: string; versionId: string }) => acknowledgePolicy(api, id, versionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myPoliciesKey }),
  });
};
