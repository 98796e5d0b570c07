import { useMutation, useQueryClient } from '@tanstack/react-query';
import { learnerAssignmentSchema, type LearnerAssignment, type LearnerLesson, type ScormCommitBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { myTrainingKey } from './get-my-training';
import { myTrainingsKey } from './query-keys';

/**
 * Hands the server what a SCORM package reported at a commit: saved where it resumes; a pass or a
 * completion finishes the training with its score.
 * @throws ApiError; ZodError when the body breaks the contract
 */
export const saveScormCommit = async (api: ApiClient, id: string, body: ScormCommitBody): Promise<LearnerAssignment> =>
  learnerAssignmentSchema.parse(await api.request(apiPaths.myTrainings.scorm(id), { method: 'PUT', body }));

/** The commit as a mutation; the lesson shown takes the assignment the server answers with (status, score). */
export const useSaveScormCommit = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScormCommitBody) => saveScormCommit(api, id, body),
    onSuccess: (assignment) => {
      for (const [key] of queryClient.getQueriesData<LearnerLesson>({ queryKey: myTrainingKey(id) })) {
        queryClient.setQueryData<LearnerLesson>(key, (lesson) => (lesson ? { ...lesson, assignment } : lesson));
      }
      void queryClient.invalidateQueries({ queryKey: [...myTrainingsKey, 'list'] });
    },
  });
};
