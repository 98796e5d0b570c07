import { queryOptions, useQuery } from '@tanstack/react-query';
import { trainingModuleListSchema, type TrainingModuleSummary } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { complianceModulesKey } from './query-keys';

/** The modules the organisation may require (built-in and its own), to pick a framework's modules from. @throws ApiError */
export const getTrainingModules = async (api: ApiClient, signal?: AbortSignal): Promise<TrainingModuleSummary[]> =>
  trainingModuleListSchema.parse(await api.get(apiPaths.trainingModules.list, { signal })).items;

export const trainingModulesQueryOptions = (api: ApiClient) => queryOptions({ queryKey: complianceModulesKey, queryFn: ({ signal }) => getTrainingModules(api, signal) });

export const useTrainingModules = () => useQuery(trainingModulesQueryOptions(useApiClient()));
