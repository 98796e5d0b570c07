import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audiencePreviewSchema, audienceSchema, organizationDepartmentsSchema, organizationUsersSchema, type Audience } from '@vigil/contracts';
import type { z } from 'zod';

import { apiPaths } from '../config/paths';
import { useApiClient, type ApiClient } from '../lib/api-client';

// What the audience picker reads: the organisation's departments and people (under the
// 'organization-users' key, so a change to people refreshes the picker) and the server's count of
// an audience (the campaigns' audience preview, which campaigns and training assignments share).

export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

export const useDepartmentChoices = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['organization-users', 'audience-choices', 'departments'],
    queryFn: async ({ signal }) => organizationDepartmentsSchema.parse(await api.get(apiPaths.organizationUsers.departments, { signal })).departments,
  });
};

/** Active people whose name or email matches `search`, the first 20. */
export const usePeopleChoices = (search: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['organization-users', 'audience-choices', 'people', search],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ status: 'active', pageSize: '20', sort: 'name' });
      if (search.trim()) query.set('search', search.trim());
      return organizationUsersSchema.parse(await api.get(`${apiPaths.organizationUsers.list}?${query}`, { signal })).items;
    },
    placeholderData: keepPreviousData,
  });
};

/** @throws ApiError; ZodError when the answer breaks the contract */
export const previewAudience = async (api: ApiClient, audience: Audience, signal?: AbortSignal): Promise<AudiencePreview> =>
  audiencePreviewSchema.parse(await api.request(apiPaths.campaigns.audiencePreview, { method: 'POST', body: { audience }, signal }));

export const audiencePreviewQueryOptions = (api: ApiClient, audience: Audience) =>
  queryOptions({
    // Under the campaigns' key, whose endpoint it is: a campaign change refreshes the count too.
    queryKey: ['campaigns', 'audience-preview', audience],
    queryFn: ({ signal }) => previewAudience(api, audience, signal),
    placeholderData: keepPreviousData,
  });

/** How many people the audience holds now; asks only once the audience is complete (a kind and its ids). */
export const useAudiencePreview = (audience: Audience | undefined) => {
  const complete = audience !== undefined && audienceSchema.safeParse(audience).success;
  return useQuery({ ...audiencePreviewQueryOptions(useApiClient(), audience ?? { kind: 'organization' }), enabled: complete });
};
