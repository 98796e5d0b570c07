import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignsKey } from './query-keys';

/** @throws ApiError (409 for a launched campaign: it keeps its results) */
export const deleteCampaign = async (api: ApiClient, id: string) => {
  await api.request(apiPaths.campaigns.campaign(id), { method: 'DELETE' });
};

export const useDeleteCampaign = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCampaign(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
};
