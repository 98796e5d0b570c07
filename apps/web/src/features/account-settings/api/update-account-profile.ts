import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountProfileSchema, type AccountProfile, type UpdateAccountProfileBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { accountProfileQueryOptions } from './get-account-profile';

/** @throws ApiError; VALIDATION_FAILED names the field (`body.firstName`) */
export const updateAccountProfile = async (api: ApiClient, body: UpdateAccountProfileBody): Promise<AccountProfile> =>
  accountProfileSchema.parse(await api.request(apiPaths.accountProfile, { method: 'PATCH', body }));

/** Renames the signed-in person; `onChanged` lets the page refresh what else shows the name (the user menu). */
export const useUpdateAccountProfile = ({ onChanged }: { onChanged?: () => void } = {}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountProfileBody) => updateAccountProfile(api, body),
    onSuccess: (profile) => {
      queryClient.setQueryData(accountProfileQueryOptions(api).queryKey, profile);
      onChanged?.();
    },
  });
};
