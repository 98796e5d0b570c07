import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingModuleSummarySchema, type TrainingModuleSummary } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingModulesKey } from './query-keys';

/** @throws ApiError (404 for a module that is not the organisation's own); ZodError when the body breaks the contract */
export const archiveOwnModule = async (api: ApiClient, id: string): Promise<TrainingModuleSummary> =>
  trainingModuleSummarySchema.parse(await api.request(apiPaths.trainingModules.archive(id), { method: 'POST' }));

/** Archives an own module; the catalogue is read again. */
export const useArchiveOwnModule = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => archiveOwnModule(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingModulesKey }),
  });
};
