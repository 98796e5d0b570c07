import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { campaignRecipientListSchema, type CampaignRecipientsQuery } from '@vigil/contracts';
import type { z } from 'zod';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignsKey } from './query-keys';

export type RecipientFilters = Partial<Pick<CampaignRecipientsQuery, 'state' | 'outcome' | 'departmentId' | 'search'>>;
type CampaignRecipientList = z.infer<typeof campaignRecipientListSchema>;

/** The filters as the API reads them (the table and the CSV download send the same ones); empty ones left out. */
export const recipientsSearch = (filters: RecipientFilters, extra: Record<string, string> = {}) => {
  const search = new URLSearchParams();
  for (const key of ['state', 'outcome', 'departmentId', 'search'] as const) {
    const value = filters[key]?.trim();
    if (value) search.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
};

/** @throws ApiError; ZodError when the body breaks the contract */
export const getCampaignRecipients = async (api: ApiClient, id: string, filters: RecipientFilters, cursor?: string, signal?: AbortSignal): Promise<CampaignRecipientList> =>
  campaignRecipientListSchema.parse(
    await api.get(`${apiPaths.campaigns.recipients(id)}?${recipientsSearch(filters, { limit: '50', ...(cursor ? { cursor } : {}) })}`, { signal }),
  );

export const campaignRecipientsQueryOptions = (api: ApiClient, id: string, filters: RecipientFilters) =>
  infiniteQueryOptions({
    queryKey: [...campaignsKey, 'recipients', id, filters],
    queryFn: ({ pageParam, signal }) => getCampaignRecipients(api, id, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The table stays in place while another filter loads.
    placeholderData: keepPreviousData,
  });

/** A campaign's recipients, filtered on the server, 50 at a time by key ("Show more"). */
export const useCampaignRecipients = (id: string, filters: RecipientFilters) => useInfiniteQuery(campaignRecipientsQueryOptions(useApiClient(), id, filters));
