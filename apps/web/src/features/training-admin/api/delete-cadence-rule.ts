import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { cadenceRulesKey, trainingScheduleKey } from './cadence-query-keys';

/** Deletes a rule; the assignments it made stay. @throws ApiError */
export const deleteCadenceRule = async (api: ApiClient, id: string) => {
  await api.request(apiPaths.trainingCadenceRules.rule(id), { method: 'DELETE' });
};

export const useDeleteCadenceRule = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCadenceRule(api, id),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: cadenceRulesKey }), queryClient.invalidateQueries({ queryKey: trainingScheduleKey })]),
  });
};
