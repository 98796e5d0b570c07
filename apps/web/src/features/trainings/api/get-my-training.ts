import { queryOptions, useQuery } from '@tanstack/react-query';
import { learnerLessonSchema, type LearnerLesson, type TrainingLanguage } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { readLearningLanguage } from '../model/learning-language';
import { myTrainingsKey } from './query-keys';

/** @throws ApiError (404 for someone else's assignment); ZodError when the body breaks the contract */
export const getMyTraining = async (api: ApiClient, id: string, language: TrainingLanguage | undefined, signal?: AbortSignal): Promise<LearnerLesson> => {
  const search = language ? `?${new URLSearchParams({ language })}` : '';
  return learnerLessonSchema.parse(await api.get(`${apiPaths.myTrainings.training(id)}${search}`, { signal }));
};

export const myTrainingKey = (id: string) => [...myTrainingsKey, 'lesson', id] as const;

export const myTrainingQueryOptions = (api: ApiClient, id: string, language: TrainingLanguage | undefined) =>
  queryOptions({
    queryKey: [...myTrainingKey(id), language ?? null],
    queryFn: ({ signal }) => getMyTraining(api, id, language, signal),
    // The media addresses are signed for hours and the saved point moves only by this page: reading
    // the lesson again on focus would restart the video's source for nothing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** One assignment with everything its player needs (slides, quiz without answers, signed media, rules). */
export const useMyTraining = (id: string) => useQuery(myTrainingQueryOptions(useApiClient(), id, readLearningLanguage()));
