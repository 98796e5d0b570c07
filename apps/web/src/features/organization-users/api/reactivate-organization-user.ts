import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationUserSchema, type OrganizationUser } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** @throws ApiError; ZodError when the answer breaks the contract */
export const reactivateOrganizationUser = async (api: ApiClient, id: string): Promise<OrganizationUser> =>
  organizationUserSchema.parse(await api.request(apiPaths.organizationUsers.reactivate(id), { method: 'POST' }));

export const useReactivateOrganizationUser = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => reactivateOrganizationUser(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
