import { queryOptions, useQuery } from '@tanstack/react-query';
import { sendingProfilesSchema, type SendingProfiles } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { sendingProfilesKey } from './query-keys';

/** @throws ApiError; ZodError when the body breaks the contract */
export const getSendingProfiles = async (api: ApiClient, signal?: AbortSignal): Promise<SendingProfiles> =>
  sendingProfilesSchema.parse(await api.get(apiPaths.sendingProfiles.list, { signal }));

export const sendingProfilesQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: [...sendingProfilesKey, 'list'], queryFn: ({ signal }) => getSendingProfiles(api, signal) });

export const useSendingProfiles = () => {
  const api = useApiClient();
  return useQuery(sendingProfilesQueryOptions(api));
};
