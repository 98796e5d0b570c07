import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointWithSecretSchema, type CreateWebhookEndpointBody, type WebhookEndpointWithSecret } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

/** @returns the new endpoint with its signing secret, which the server shows this once. @throws ApiError (400 naming the field, body.url for a refused address) */
export const createWebhook = async (api: ApiClient, body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> =>
  webhookEndpointWithSecretSchema.parse(await api.request(apiPaths.webhooks.list, { method: 'POST', body }));

export const useCreateWebhook = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpointBody) => createWebhook(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
};
