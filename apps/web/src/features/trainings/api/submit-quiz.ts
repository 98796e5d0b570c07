import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizResultSchema, type LearnerLesson, type QuizResult, type QuizSubmissionBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { myTrainingKey } from './get-my-training';
import { myTrainingsKey } from './query-keys';

/**
 * Sends one choice per question; the server scores it (the answers never reach the page).
 * @throws ApiError (409 while the video must still be watched, or no attempts are left; 400 naming `answers`)
 */
export const submitQuiz = async (api: ApiClient, id: string, body: QuizSubmissionBody): Promise<QuizResult> =>
  quizResultSchema.parse(await api.request(apiPaths.myTrainings.quiz(id), { method: 'POST', body }));

export const useSubmitQuiz = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuizSubmissionBody) => submitQuiz(api, id, body),
    // The open lesson takes the assignment as it is now (status, score, attempts); the lists move too
    // (a pass goes to Completed).
    onSuccess: (result) => {
      queryClient.setQueriesData<LearnerLesson>({ queryKey: myTrainingKey(id) }, (lesson) =>
        lesson ? { ...lesson, assignment: result.assignment, attemptsLeft: result.attemptsLeft } : lesson,
      );
      return queryClient.invalidateQueries({ queryKey: [...myTrainingsKey, 'list'] });
    },
  });
};
