import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendingProfileSchema, type CreateSendingProfileBody, type SendingProfile } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { sendingProfilesKey } from './query-keys';

/** @throws ApiError; ZodError when the answer breaks the contract */
export const createSendingProfile = async (api: ApiClient, body: CreateSendingProfileBody): Promise<SendingProfile> =>
  sendingProfileSchema.parse(await api.request(apiPaths.sendingProfiles.list, { method: 'POST', body }));

export const useCreateSendingProfile = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSendingProfileBody) => createSendingProfile(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendingProfilesKey }),
  });
};
