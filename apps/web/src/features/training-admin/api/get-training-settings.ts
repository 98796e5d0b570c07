import { queryOptions, useQuery } from '@tanstack/react-query';
import { trainingSettingsSchema, type TrainingSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingSettingsKey } from './query-keys';

/** The organisation's training rules (the defaults until saved). @throws ApiError; ZodError when the body breaks the contract */
export const getTrainingSettings = async (api: ApiClient, signal?: AbortSignal): Promise<TrainingSettings> =>
  trainingSettingsSchema.parse(await api.get(apiPaths.trainingSettings, { signal }));

export const trainingSettingsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: trainingSettingsKey, queryFn: ({ signal }) => getTrainingSettings(api, signal) });

export const useTrainingSettings = () => useQuery(trainingSettingsQueryOptions(useApiClient()));
