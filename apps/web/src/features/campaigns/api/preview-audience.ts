import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audiencePreviewSchema, audienceSchema, type Audience } from '@vigil/contracts';
import type { z } from 'zod';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignsKey } from './query-keys';

export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

/** @throws ApiError; ZodError when the answer breaks the contract */
export const previewAudience = async (api: ApiClient, audience: Audience, signal?: AbortSignal): Promise<AudiencePreview> =>
  audiencePreviewSchema.parse(await api.request(apiPaths.campaigns.audiencePreview, { method: 'POST', body: { audience }, signal }));

export const audiencePreviewQueryOptions = (api: ApiClient, audience: Audience) =>
  queryOptions({
    queryKey: [...campaignsKey, 'audience-preview', audience],
    queryFn: ({ signal }) => previewAudience(api, audience, signal),
    placeholderData: keepPreviousData,
  });

/** How many people the audience holds now; asks only once the audience is complete (a kind and its ids). */
export const useAudiencePreview = (audience: Audience | undefined) => {
  const complete = audience !== undefined && audienceSchema.safeParse(audience).success;
  return useQuery({ ...audiencePreviewQueryOptions(useApiClient(), audience ?? { kind: 'organization' }), enabled: complete });
};
