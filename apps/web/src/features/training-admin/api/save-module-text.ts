import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownModuleTextsSchema, type OwnModuleTextBody, type OwnModuleTexts, type TrainingLanguage } from '@vigil/contracts';

import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { moduleTextsKey, moduleTextsPath } from './get-module-texts';
import { trainingModulesKey } from './query-keys';

/** Saves one language's title, summary and quiz; answers every language's texts. @throws ApiError (400 naming the field) */
export const saveModuleText = async (api: ApiClient, id: string, language: TrainingLanguage, body: OwnModuleTextBody): Promise<OwnModuleTexts> =>
  ownModuleTextsSchema.parse(await api.request(`${moduleTextsPath(id)}${language}/`, { method: 'PUT', body }));

export const useSaveModuleText = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, body }: { language: TrainingLanguage; body: OwnModuleTextBody }) => saveModuleText(api, id, language, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(moduleTextsKey(id), saved);
      // The catalogue shows the title and summary, and its language filter the module's languages.
      void queryClient.invalidateQueries({ queryKey: trainingModulesKey });
    },
  });
};
