import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { landingPageListSchema, phishingTemplateListSchema, phishingTemplateSchema, sendingProfilesSchema } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { campaignChoicesKey } from './query-keys';

// What a campaign is made of, read from the areas that own it (templates, sending profiles,
// landing pages). Each is one call of that area's API, read here rather than through its
// feature, so features stay apart. The audience's departments and people come with the shared
// audience picker (components/audience-field.tsx).

/** Active templates of the library matching `search` (name or scenario), the first 48. @throws ApiError */
export const templateChoicesQueryOptions = (api: ApiClient, search: string) =>
  queryOptions({
    queryKey: [...campaignChoicesKey('phishing-templates'), 'list', search],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: '48' });
      if (search.trim()) query.set('search', search.trim());
      const list = phishingTemplateListSchema.parse(await api.get(`${apiPaths.phishingTemplates.list}?${query}`, { signal }));
      // Only an active template can be sent; drafts stay in the library until finished.
      return list.items.filter((template) => template.status === 'active');
    },
    placeholderData: keepPreviousData,
  });

export const useTemplateChoices = (search: string) => useQuery(templateChoicesQueryOptions(useApiClient(), search));

/** The templates a saved draft names, one call each (a campaign names at most 50). */
export const useTemplatesById = (ids: readonly string[]) => {
  const api = useApiClient();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [...campaignChoicesKey('phishing-templates'), 'template', id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => phishingTemplateSchema.parse(await api.get(apiPaths.phishingTemplates.template(id), { signal })),
      staleTime: 60_000,
    })),
  });
};

export const useLandingPageChoices = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignChoicesKey('landing-pages'),
    queryFn: async ({ signal }) => landingPageListSchema.parse(await api.get(apiPaths.landingPages.list, { signal })).items,
  });
};

/** Sending profiles that can send now (archived ones cannot). */
export const useSendingProfileChoices = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignChoicesKey('sending-profiles'),
    queryFn: async ({ signal }) => sendingProfilesSchema.parse(await api.get(apiPaths.sendingProfiles.list, { signal })).items.filter((profile) => profile.archivedAt === null),
  });
};
