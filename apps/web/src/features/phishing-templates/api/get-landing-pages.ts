import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingPageListSchema, type LandingPageList } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { landingPagesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getLandingPages = async (api: ApiClient, signal?: AbortSignal): Promise<LandingPageList> =>
  landingPageListSchema.parse(await api.get(apiPaths.landingPages.list, { signal }));

export const landingPagesQueryOptions = (api: ApiClient) => queryOptions({ queryKey: [...landingPagesKey, 'list'], queryFn: ({ signal }) => getLandingPages(api, signal) });

export const useLandingPages = () => useQuery(landingPagesQueryOptions(useApiClient()));
