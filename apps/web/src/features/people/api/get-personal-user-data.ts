import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { personalUserDataSchema, type PersonalUserData } from '@vigil/contracts';
import { useCallback } from 'react';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/**
 * The signed-in person's record (spec §3), checked against the contract's schema.
 * @throws ApiError for a non-2xx answer; ZodError when the body breaks the contract
 */
export const getPersonalUserData = async (api: ApiClient, signal?: AbortSignal): Promise<PersonalUserData> =>
  personalUserDataSchema.parse(await api.get(apiPaths.personalUserData, { signal }));

export const personalUserDataQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['people', 'personal-user-data'],
    queryFn: ({ signal }) => getPersonalUserData(api, signal),
    // Fetched once per session (§4); signing out clears the cache, and a page that changes the
    // record (onboarding) invalidates it.
    staleTime: Infinity,
  });

export const usePersonalUserData = () => {
  const api = useApiClient();
  return useQuery(personalUserDataQueryOptions(api));
};

/**
 * Reloads the personal record, for a page that changed something it carries (the person's name,
 * the organisation's name or logo, an onboarding step) so the shell shows it at once.
 */
export const useRefreshPersonalUserData = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: personalUserDataQueryOptions(api).queryKey }),
    [api, queryClient],
  );
};
