import { queryOptions, useQuery } from '@tanstack/react-query';
import { phishingProgrammeListSchema, type PhishingProgrammeList } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { programmesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getProgrammes = async (api: ApiClient, signal?: AbortSignal): Promise<PhishingProgrammeList> =>
  phishingProgrammeListSchema.parse(await api.get(apiPaths.phishingProgrammes.list, { signal }));

export const programmesQueryOptions = (api: ApiClient) => queryOptions({ queryKey: [...programmesKey, 'list'], queryFn: ({ signal }) => getProgrammes(api, signal) });

export const useProgrammes = () => useQuery(programmesQueryOptions(useApiClient()));
