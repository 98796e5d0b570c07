import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTrainingAssignmentsResultSchema, type CreateTrainingAssignmentsBody } from '@vigil/contracts';
import type { z } from 'zod';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingAssignmentsKey } from './query-keys';

export type CreateTrainingAssignmentsResult = z.infer<typeof createTrainingAssignmentsResultSchema>;

/** Assigns a module to everyone active in the audience; people who have it open are counted, not assigned again. @throws ApiError */
export const createTrainingAssignments = async (api: ApiClient, body: CreateTrainingAssignmentsBody): Promise<CreateTrainingAssignmentsResult> =>
  createTrainingAssignmentsResultSchema.parse(await api.request(apiPaths.trainingAssignments.list, { method: 'POST', body }));

export const useCreateTrainingAssignments = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTrainingAssignmentsBody) => createTrainingAssignments(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingAssignmentsKey }),
  });
};
