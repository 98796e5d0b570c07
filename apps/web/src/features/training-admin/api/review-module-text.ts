import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownModuleTextsSchema, type OwnModuleTexts, type TrainingLanguage } from '@vigil/contracts';

import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { moduleTextsKey, moduleTextsPath } from './get-module-texts';

/** Marks a language's machine translation as reviewed (learners no longer see the note). @throws ApiError */
export const reviewModuleText = async (api: ApiClient, id: string, language: TrainingLanguage): Promise<OwnModuleTexts> =>
  ownModuleTextsSchema.parse(await api.request(`${moduleTextsPath(id)}${language}/review/`, { method: 'POST' }));

export const useReviewModuleText = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: TrainingLanguage) => reviewModuleText(api, id, language),
    onSuccess: (saved) => queryClient.setQueryData(moduleTextsKey(id), saved),
  });
};
