import { queryOptions, useQuery } from '@tanstack/react-query';
import { phishingSettingsSchema, type PhishingSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { sendingProfilesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getPhishingSettings = async (api: ApiClient, signal?: AbortSignal): Promise<PhishingSettings> =>
  phishingSettingsSchema.parse(await api.get(apiPaths.phishingSettings, { signal }));

export const phishingSettingsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: [...sendingProfilesKey, 'phishing-settings'], queryFn: ({ signal }) => getPhishingSettings(api, signal) });

export const usePhishingSettings = () => {
  const api = useApiClient();
  return useQuery(phishingSettingsQueryOptions(api));
};
