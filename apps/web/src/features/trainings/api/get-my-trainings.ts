import { queryOptions, useQuery } from '@tanstack/react-query';
import { learnerAssignmentListSchema, type LearnerAssignment, type TrainingLanguage } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { readLearningLanguage } from '../model/learning-language';
import { myTrainingsKey } from './query-keys';

/** The learner's tabs the API knows: open assignments, finished ones, and those compliance requires. */
export type MyTrainingsTab = 'learning' | 'completed' | 'compliance';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getMyTrainings = async (api: ApiClient, tab: MyTrainingsTab, language: TrainingLanguage | undefined, signal?: AbortSignal): Promise<LearnerAssignment[]> => {
  const search = new URLSearchParams({ tab });
  if (language) search.set('language', language);
  return learnerAssignmentListSchema.parse(await api.get(`${apiPaths.myTrainings.list}?${search}`, { signal })).items;
};

export const myTrainingsQueryOptions = (api: ApiClient, tab: MyTrainingsTab, language: TrainingLanguage | undefined) =>
  queryOptions({
    queryKey: [...myTrainingsKey, 'list', tab, language ?? null],
    queryFn: ({ signal }) => getMyTrainings(api, tab, language, signal),
  });

/** The signed-in person's own assignments on one tab, in the learning language this browser chose. */
export const useMyTrainings = (tab: MyTrainingsTab) => useQuery(myTrainingsQueryOptions(useApiClient(), tab, readLearningLanguage()));
