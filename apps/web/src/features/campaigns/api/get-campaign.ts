import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignSchema, type Campaign } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignsKey } from './query-keys';

/** How often a campaign that is still sending is read again: its counts move while people act. */
export const livePollMs = 5_000;

/** Whether a campaign's numbers can still change by the minute (it is waiting to send or sending). */
export const isLive = (campaign: Pick<Campaign, 'status'> | undefined) => campaign?.status === 'scheduled' || campaign?.status === 'sending';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getCampaign = async (api: ApiClient, id: string, signal?: AbortSignal): Promise<Campaign> =>
  campaignSchema.parse(await api.get(apiPaths.campaigns.campaign(id), { signal }));

export const campaignQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...campaignsKey, 'campaign', id],
    queryFn: ({ signal }) => getCampaign(api, id, signal),
    // Polls while scheduled or sending; stops once it is paused, completed or cancelled.
    refetchInterval: (query) => (isLive(query.state.data) ? livePollMs : false),
  });

export const useCampaign = (id: string) => useQuery(campaignQueryOptions(useApiClient(), id));
