import { useMutation, useQueryClient } from '@tanstack/react-query';
import { translateModuleResultSchema, type TrainingLanguage, type TranslateModuleResult } from '@vigil/contracts';
import { useState } from 'react';

import { apiPaths } from '../../../config/paths';
import { messageOf, useApiClient, type ApiClient } from '../../../lib/api-client';
import { moduleTextsKey } from './get-module-texts';
import { trainingModulesKey } from './query-keys';

/** Machine-translates an own module's texts from one language into others (saved, marked machine-translated). @throws ApiError (502 with the service's words) */
export const translateModule = async (api: ApiClient, id: string, from: TrainingLanguage, to: TrainingLanguage[]): Promise<TranslateModuleResult> =>
  translateModuleResultSchema.parse(await api.request(`${apiPaths.trainingModules.module(id)}translate/`, { method: 'POST', body: { from, to, overwrite: true } }));

export type TranslationProgress = { current: TrainingLanguage; done: number; total: number } | null;

/** Why a run of translations stopped: the language it was at, and the server's answer. */
export class TranslationStopped extends Error {
  constructor(
    readonly language: TrainingLanguage,
    readonly reason: unknown,
  ) {
    super(messageOf(reason));
  }
}

/**
 * Translates into the chosen languages one at a time (one request each), so the dialog can say how
 * far it got; each finished language is saved and shown at once. Stops at the first failure, which
 * names the language.
 */
export const useTranslateModule = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<TranslationProgress>(null);
  const mutation = useMutation({
    mutationFn: async ({ from, to }: { from: TrainingLanguage; to: TrainingLanguage[] }) => {
      const translated: TrainingLanguage[] = [];
      try {
        for (const [index, target] of to.entries()) {
          setProgress({ current: target, done: index, total: to.length });
          try {
            const result = await translateModule(api, id, from, [target]);
            queryClient.setQueryData(moduleTextsKey(id), result.texts);
            translated.push(target);
          } catch (error) {
            throw new TranslationStopped(target, error);
          }
        }
      } finally {
        setProgress(null);
        if (translated.length) void queryClient.invalidateQueries({ queryKey: trainingModulesKey });
      }
      return translated;
    },
  });
  return { ...mutation, progress };
};
