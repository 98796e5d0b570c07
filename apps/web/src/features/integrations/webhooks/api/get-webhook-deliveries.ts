import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { webhookDeliveriesSchema, type WebhookDeliveries } from '@vigil/contracts';

import { apiPaths } from '../../../../config/paths';
import { useApiClient, type ApiClient } from '../../../../lib/api-client';
import { webhooksKey } from './query-keys';

const pageSize = 20;

/** One page of an endpoint's delivery log, newest first. @throws ApiError; ZodError when the body breaks the contract */
export const getWebhookDeliveries = async (api: ApiClient, id: string, cursor: string | undefined, signal?: AbortSignal): Promise<WebhookDeliveries> => {
  const query = new URLSearchParams({ limit: String(pageSize), ...(cursor ? { cursor } : {}) });
  return webhookDeliveriesSchema.parse(await api.get(`${apiPaths.webhooks.deliveries(id)}?${query.toString()}`, { signal }));
};

export const webhookDeliveriesQueryOptions = (api: ApiClient, id: string) =>
  infiniteQueryOptions({
    queryKey: [...webhooksKey, 'deliveries', id],
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries(api, id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useWebhookDeliveries = (id: string) => {
  const api = useApiClient();
  return useInfiniteQuery(webhookDeliveriesQueryOptions(api, id));
};
