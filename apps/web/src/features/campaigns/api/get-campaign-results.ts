import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignResultsSchema, type CampaignResults } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { livePollMs } from './get-campaign';
import { campaignsKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getCampaignResults = async (api: ApiClient, id: string, signal?: AbortSignal): Promise<CampaignResults> =>
  campaignResultsSchema.parse(await api.get(apiPaths.campaigns.results(id), { signal }));

export const campaignResultsQueryOptions = (api: ApiClient, id: string, live: boolean) =>
  queryOptions({
    queryKey: [...campaignsKey, 'results', id],
    queryFn: ({ signal }) => getCampaignResults(api, id, signal),
    refetchInterval: live ? livePollMs : false,
  });

/** The funnel, by department and by hour; read again every few seconds while `live`. */
export const useCampaignResults = (id: string, { live, enabled = true }: { live: boolean; enabled?: boolean }) =>
  useQuery({ ...campaignResultsQueryOptions(useApiClient(), id, live), enabled });
