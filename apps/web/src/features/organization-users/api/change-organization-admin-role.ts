import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationAdminSchema, type AdminRole, type OrganizationAdmin } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** @throws ApiError; ZodError when the answer breaks the contract */
export const changeOrganizationAdminRole = async (api: ApiClient, id: string, role: AdminRole): Promise<OrganizationAdmin> =>
  organizationAdminSchema.parse(await api.request(apiPaths.organizationUsers.admin(id), { method: 'PATCH', body: { role } }));

export const useChangeOrganizationAdminRole = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: AdminRole }) => changeOrganizationAdminRole(api, id, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
