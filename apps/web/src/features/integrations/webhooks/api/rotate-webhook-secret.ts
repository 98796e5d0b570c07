import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointWithSecretSchema, type WebhookEndpointWithSecret } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

/** @returns the endpoint with its new signing secret, shown this once. @throws ApiError */
export const rotateWebhookSecret = async (api: ApiClient, id: string): Promise<WebhookEndpointWithSecret> =>
  webhookEndpointWithSecretSchema.parse(await api.request(apiPaths.webhooks.rotateSecret(id), { method: 'POST' }));

export const useRotateWebhookSecret = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rotateWebhookSecret(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
};
