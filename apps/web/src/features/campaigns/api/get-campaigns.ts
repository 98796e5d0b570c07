import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { campaignListSchema, type CampaignList } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignsKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getCampaigns = async (api: ApiClient, cursor?: string, signal?: AbortSignal): Promise<CampaignList> => {
  const search = new URLSearchParams({ limit: '25' });
  if (cursor) search.set('cursor', cursor);
  return campaignListSchema.parse(await api.get(`${apiPaths.campaigns.list}?${search}`, { signal }));
};

export const campaignsQueryOptions = (api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: [...campaignsKey, 'list'],
    queryFn: ({ pageParam, signal }) => getCampaigns(api, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The organisation's campaigns, newest first, a page at a time ("Show more"). */
export const useCampaigns = () => useInfiniteQuery(campaignsQueryOptions(useApiClient()));
