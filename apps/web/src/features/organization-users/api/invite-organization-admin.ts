import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteOrganizationAdminResultSchema, type InviteOrganizationAdminBody, type InviteOrganizationAdminResult } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** Promotes the person with this email, or adds them; the server emails them how to sign in. @throws ApiError; ZodError */
export const inviteOrganizationAdmin = async (api: ApiClient, body: InviteOrganizationAdminBody): Promise<InviteOrganizationAdminResult> =>
  inviteOrganizationAdminResultSchema.parse(await api.request(apiPaths.organizationUsers.admins, { method: 'POST', body }));

export const useInviteOrganizationAdmin = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteOrganizationAdminBody) => inviteOrganizationAdmin(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
