import { useMutation, useQueryClient } from '@tanstack/react-query';
import { testRequestAnswerSchema, type TestRequestAnswer } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { testRequestsKey } from './query-keys';

/** Asks the language model again for a request without its draft lure. @throws ApiError; ZodError when the answer breaks the contract */
export const redraftTestRequest = async (api: ApiClient, id: string): Promise<TestRequestAnswer> =>
  testRequestAnswerSchema.parse(await api.request(apiPaths.testRequests.draft(id), { method: 'POST' }));

export const useRedraftTestRequest = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => redraftTestRequest(api, id), onSuccess: () => queryClient.invalidateQueries({ queryKey: testRequestsKey }) });
};
