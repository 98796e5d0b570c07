import { useMutation, useQueryClient } from '@tanstack/react-query';
import { testRequestAnswerSchema, type CreateTestRequestBody, type TestRequestAnswer } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { testRequestsKey } from './query-keys';

/** @throws ApiError; ZodError when the answer breaks the contract */
export const createTestRequest = async (api: ApiClient, body: CreateTestRequestBody): Promise<TestRequestAnswer> =>
  testRequestAnswerSchema.parse(await api.request(apiPaths.testRequests.list, { method: 'POST', body }));

export const useCreateTestRequest = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: CreateTestRequestBody) => createTestRequest(api, body), onSuccess: () => queryClient.invalidateQueries({ queryKey: testRequestsKey }) });
};
