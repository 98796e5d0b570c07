import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

/** @throws ApiError (404 for an endpoint not of the organisation) */
export const deleteWebhook = async (api: ApiClient, id: string): Promise<void> => {
  await api.request(apiPaths.webhooks.endpoint(id), { method: 'DELETE' });
};

export const useDeleteWebhook = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
};
