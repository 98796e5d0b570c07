import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moduleRequestSchema, type CreateModuleRequestInput, type ModuleRequest } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { moduleRequestsKey } from './cadence-query-keys';

/** Sends a custom module request (the server mails the operator). @throws ApiError (400 naming the field) */
export const createModuleRequest = async (api: ApiClient, body: CreateModuleRequestInput): Promise<ModuleRequest> =>
  moduleRequestSchema.parse(await api.request(apiPaths.trainingModuleRequests.list, { method: 'POST', body }));

export const useCreateModuleRequest = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: CreateModuleRequestInput) => createModuleRequest(api, body), onSuccess: () => queryClient.invalidateQueries({ queryKey: moduleRequestsKey }) });
};
