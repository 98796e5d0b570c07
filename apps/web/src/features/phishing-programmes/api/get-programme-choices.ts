import { useQuery } from '@tanstack/react-query';
import { organizationDepartmentsSchema, phishingTemplateListSchema, sendingProfilesSchema } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';
import { programmesKey } from './query-keys';

// What a programme names, read from the areas that own it (templates, sending profiles,
// departments): one call of that area's API each, so features stay apart.

/** Active templates of the library, the first 100 in its order (a fixed set chooses among them). */
export const useProgrammeTemplateChoices = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: [...programmesKey, 'templates'],
    queryFn: async ({ signal }) => phishingTemplateListSchema.parse(await api.get(`${apiPaths.phishingTemplates.list}?limit=100`, { signal })).items.filter((template) => template.status === 'active'),
  });
};

export const useProgrammeProfileChoices = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: [...programmesKey, 'sending-profiles'],
    queryFn: async ({ signal }) => sendingProfilesSchema.parse(await api.get(apiPaths.sendingProfiles.list, { signal })).items.filter((profile) => profile.archivedAt === null),
  });
};

export const useProgrammeDepartmentChoices = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: [...programmesKey, 'departments'],
    queryFn: async ({ signal }) => organizationDepartmentsSchema.parse(await api.get(apiPaths.organizationUsers.departments, { signal })).departments,
  });
};
