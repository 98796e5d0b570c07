import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliverySchema, type WebhookDelivery } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

/** Sends one delivery again now. @returns it with the receiver's answer. @throws ApiError (409 when the endpoint is switched off, 429) */
export const redeliverWebhook = async (api: ApiClient, id: string, deliveryId: string): Promise<WebhookDelivery> =>
  webhookDeliverySchema.parse(await api.request(apiPaths.webhooks.redeliver(id, deliveryId), { method: 'POST' }));

export const useRedeliverWebhook = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) => redeliverWebhook(api, id, deliveryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
};
