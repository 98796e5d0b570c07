import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendingProfileSchema, type SendingProfile } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { sendingProfilesKey } from './query-keys';

/** @throws ApiError (409 while campaigns still send through it); ZodError when the answer breaks the contract */
export const archiveSendingProfile = async (api: ApiClient, id: string): Promise<SendingProfile> =>
  sendingProfileSchema.parse(await api.request(apiPaths.sendingProfiles.profile(id), { method: 'DELETE' }));

export const useArchiveSendingProfile = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => archiveSendingProfile(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendingProfilesKey }),
  });
};
