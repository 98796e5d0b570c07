import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointsSchema, type WebhookEndpoints } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getWebhooks = async (api: ApiClient, signal?: AbortSignal): Promise<WebhookEndpoints> => webhookEndpointsSchema.parse(await api.get(apiPaths.webhooks.list, { signal }));

export const webhooksQueryOptions = (api: ApiClient) => queryOptions({ queryKey: [...webhooksKey, 'list'], queryFn: ({ signal }) => getWebhooks(api, signal) });

export const useWebhooks = () => {
  const api = useApiClient();
  return useQuery(webhooksQueryOptions(api));
};
