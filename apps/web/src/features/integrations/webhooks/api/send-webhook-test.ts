import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliverySchema, type WebhookDelivery } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

/** Sends a test event now. @returns the delivery with the receiver's answer. @throws ApiError (409 when the endpoint is switched off, 429) */
export const sendWebhookTest = async (api: ApiClient, id: string): Promise<WebhookDelivery> => webhookDeliverySchema.parse(await api.request(apiPaths.webhooks.test(id), { method: 'POST' }));

export const useSendWebhookTest = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendWebhookTest(api, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
};
