import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trainingModuleDetailSchema, type TrainingLanguage, type TrainingModuleDetail } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingModulesKey } from './query-keys';

/** One module in one language, with its slides and the quiz's answers (the admin's preview). @throws ApiError; ZodError */
export const getTrainingModule = async (api: ApiClient, id: string, language: TrainingLanguage | undefined, signal?: AbortSignal): Promise<TrainingModuleDetail> =>
  trainingModuleDetailSchema.parse(await api.get(`${apiPaths.trainingModules.module(id)}${language ? `?${new URLSearchParams({ language })}` : ''}`, { signal }));

export const trainingModuleQueryOptions = (api: ApiClient, id: string, language: TrainingLanguage | undefined) =>
  queryOptions({
    queryKey: [...trainingModulesKey, 'module', id, language ?? null],
    queryFn: ({ signal }) => getTrainingModule(api, id, language, signal),
    // The other language's slides replace these when they arrive, without emptying the dialog.
    placeholderData: keepPreviousData,
  });

export const useTrainingModule = (id: string, language: TrainingLanguage | undefined) => useQuery(trainingModuleQueryOptions(useApiClient(), id, language));
