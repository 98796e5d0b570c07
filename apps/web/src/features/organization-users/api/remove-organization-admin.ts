import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationUserSchema, type OrganizationUser } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** Takes admin rights away; the person stays, as a User. @throws ApiError; ZodError */
export const removeOrganizationAdmin = async (api: ApiClient, id: string): Promise<OrganizationUser> =>
  organizationUserSchema.parse(await api.request(apiPaths.organizationUsers.admin(id), { method: 'DELETE' }));

export const useRemoveOrganizationAdmin = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeOrganizationAdmin(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
