import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignSchema, type Campaign, type CreateCampaignBody, type UpdateCampaignBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignsKey } from './query-keys';

/** @throws ApiError (400 naming the field whose ids are not the organisation's); ZodError when the answer breaks the contract */
export const createCampaign = async (api: ApiClient, body: CreateCampaignBody): Promise<Campaign> =>
  campaignSchema.parse(await api.request(apiPaths.campaigns.list, { method: 'POST', body }));

/** Sends only what changed. @throws ApiError (409 once the campaign is no longer a draft) */
export const updateCampaign = async (api: ApiClient, id: string, body: UpdateCampaignBody): Promise<Campaign> =>
  campaignSchema.parse(await api.request(apiPaths.campaigns.campaign(id), { method: 'PATCH', body }));

/** Creates a draft, or changes one (`id`); refreshes every list and page of campaigns. */
export const useSaveCampaign = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateCampaignBody | UpdateCampaignBody }) =>
      id ? updateCampaign(api, id, body) : createCampaign(api, body as CreateCampaignBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
};
