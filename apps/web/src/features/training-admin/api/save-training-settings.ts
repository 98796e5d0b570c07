import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingSettingsSchema, type TrainingSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { trainingSettingsKey } from './query-keys';

/** Replaces the organisation's training rules; answers what was kept. @throws ApiError (400 naming the field) */
export const saveTrainingSettings = async (api: ApiClient, body: TrainingSettings): Promise<TrainingSettings> =>
  trainingSettingsSchema.parse(await api.request(apiPaths.trainingSettings, { method: 'PUT', body }));

export const useSaveTrainingSettings = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingSettings) => saveTrainingSettings(api, body),
    onSuccess: (saved) => queryClient.setQueryData(trainingSettingsKey, saved),
  });
};
