import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationUserSchema, type OrganizationUser } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** Ends their sessions and stops them signing in. @throws ApiError; ZodError when the answer breaks the contract */
export const deactivateOrganizationUser = async (api: ApiClient, id: string): Promise<OrganizationUser> =>
  organizationUserSchema.parse(await api.request(apiPaths.organizationUsers.deactivate(id), { method: 'POST' }));

export const useDeactivateOrganizationUser = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deactivateOrganizationUser(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
