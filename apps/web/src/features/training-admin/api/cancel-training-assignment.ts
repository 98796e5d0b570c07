import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingAssignmentSchema, type TrainingAssignment } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingAssignmentsKey } from './query-keys';

/** Cancels an open assignment (assigned or in progress). @throws ApiError (409 once it is closed) */
export const cancelTrainingAssignment = async (api: ApiClient, id: string): Promise<TrainingAssignment> =>
  trainingAssignmentSchema.parse(await api.request(apiPaths.trainingAssignments.cancel(id), { method: 'POST' }));

export const useCancelTrainingAssignment = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelTrainingAssignment(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingAssignmentsKey }),
  });
};
