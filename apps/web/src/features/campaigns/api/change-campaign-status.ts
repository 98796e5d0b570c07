import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignSchema, type Campaign } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignsKey } from './query-keys';

export type CampaignStatusAction = 'launch' | 'pause' | 'resume' | 'cancel';

/** @throws ApiError (409 when the move does not fit the campaign's status, or the audience is empty) */
export const changeCampaignStatus = async (api: ApiClient, id: string, action: CampaignStatusAction): Promise<Campaign> =>
  campaignSchema.parse(await api.request(apiPaths.campaigns.action(id, action), { method: 'POST' }));

/** Launch, pause, resume or cancel; the answer is the campaign as it is now. */
export const useChangeCampaignStatus = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CampaignStatusAction }) => changeCampaignStatus(api, id, action),
    onSuccess: (campaign) => {
      queryClient.setQueryData([...campaignsKey, 'campaign', campaign.id], campaign);
      return queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
  });
};
