import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendingProfileSchema, type SendingProfile, type UpdateSendingProfileBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { sendingProfilesKey } from './query-keys';

/** Sends only what changed; no password keeps the one set. @throws ApiError; ZodError when the answer breaks the contract */
export const updateSendingProfile = async (api: ApiClient, id: string, body: UpdateSendingProfileBody): Promise<SendingProfile> =>
  sendingProfileSchema.parse(await api.request(apiPaths.sendingProfiles.profile(id), { method: 'PATCH', body }));

export const useUpdateSendingProfile = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSendingProfileBody }) => updateSendingProfile(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendingProfilesKey }),
  });
};
