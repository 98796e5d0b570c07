import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointSchema, type UpdateWebhookEndpointBody, type WebhookEndpoint } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

/** @throws ApiError (400 naming the field, 404 for an endpoint not of the organisation) */
export const updateWebhook = async (api: ApiClient, id: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpoint> =>
  webhookEndpointSchema.parse(await api.request(apiPaths.webhooks.endpoint(id), { method: 'PATCH', body }));

export const useUpdateWebhook = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) => updateWebhook(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
};
