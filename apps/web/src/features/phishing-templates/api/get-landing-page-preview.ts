import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingPagePreviewSchema, type LandingPagePreview } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { landingPagesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getLandingPagePreview = async (api: ApiClient, id: string, signal?: AbortSignal): Promise<LandingPagePreview> =>
  landingPagePreviewSchema.parse(await api.get(apiPaths.landingPages.preview(id), { signal }));

export const landingPagePreviewQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: [...landingPagesKey, 'preview', id], queryFn: ({ signal }) => getLandingPagePreview(api, id, signal) });

export const useLandingPagePreview = (id: string | null) => {
  const api = useApiClient();
  return useQuery({ ...landingPagePreviewQueryOptions(api, id ?? ''), enabled: id !== null });
};
