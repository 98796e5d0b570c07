import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trainingModuleListSchema, type TrainingModuleSummary, type TrainingModulesQuery } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { catalogueSearch } from '../training-admin-format';
import { trainingModulesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getTrainingModules = async (api: ApiClient, filters: TrainingModulesQuery, signal?: AbortSignal): Promise<TrainingModuleSummary[]> => {
  const search = catalogueSearch(filters);
  return trainingModuleListSchema.parse(await api.get(`${apiPaths.trainingModules.list}${search ? `?${search}` : ''}`, { signal })).items;
};

export const trainingModulesQueryOptions = (api: ApiClient, filters: TrainingModulesQuery) =>
  queryOptions({
    queryKey: [...trainingModulesKey, 'list', filters],
    queryFn: ({ signal }) => getTrainingModules(api, filters, signal),
    // The grid stays in place while another filter loads.
    placeholderData: keepPreviousData,
  });

/** The catalogue, filtered on the server (topic, language, length, search). */
export const useTrainingModules = (filters: TrainingModulesQuery = {}) => useQuery(trainingModulesQueryOptions(useApiClient(), filters));
