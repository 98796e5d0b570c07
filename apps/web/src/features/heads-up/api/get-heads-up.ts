import { queryOptions, useQuery } from '@tanstack/react-query';
import { headsUpSchema, type HeadsUp } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

const query = (recipientId: string | null) => (recipientId ? `?${new URLSearchParams({ recipient: recipientId }).toString()}` : '');

/** @throws ApiError (404: not a message sent to the caller); ZodError when the body breaks the contract */
export const getHeadsUp = async (api: ApiClient, recipientId: string | null, signal?: AbortSignal): Promise<HeadsUp> =>
  headsUpSchema.parse(await api.get(`${apiPaths.headsUp}${query(recipientId)}`, { signal }));

export const headsUpQueryOptions = (api: ApiClient, recipientId: string | null) =>
  queryOptions({ queryKey: ['heads-up', recipientId], queryFn: ({ signal }) => getHeadsUp(api, recipientId, signal), retry: false });

/** One of the caller's simulated messages (`recipientId`), or their most recent when null. */
export const useHeadsUp = (recipientId: string | null) => {
  const api = useApiClient();
  return useQuery(headsUpQueryOptions(api, recipientId));
};
