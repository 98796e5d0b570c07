import { queryOptions, useQuery } from '@tanstack/react-query';
import { ownModuleTextsSchema, type OwnModuleTexts } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** The address of an own module's texts: /api/training-modules/{id}/texts/ (and /{language}/ below it). */
export const moduleTextsPath = (id: string) => `${apiPaths.trainingModules.module(id)}texts/`;

/** Queries of one own module's texts (apart from the catalogue's, so saving them does not reload the dialog twice). */
export const moduleTextsKey = (id: string) => ['training-module-texts', id] as const;

/** Every language's title, summary and quiz of an own module, and whether machine translation is configured. @throws ApiError; ZodError */
export const getModuleTexts = async (api: ApiClient, id: string, signal?: AbortSignal): Promise<OwnModuleTexts> =>
  ownModuleTextsSchema.parse(await api.get(moduleTextsPath(id), { signal }));

export const moduleTextsQueryOptions = (api: ApiClient, id: string) => queryOptions({ queryKey: moduleTextsKey(id), queryFn: ({ signal }) => getModuleTexts(api, id, signal) });

export const useModuleTexts = (id: string) => useQuery(moduleTextsQueryOptions(useApiClient(), id));
