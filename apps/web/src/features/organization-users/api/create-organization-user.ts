import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationUserSchema, type CreateOrganizationUserBody, type OrganizationUser } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** @throws ApiError (field problems in `details`); ZodError when the answer breaks the contract */
export const createOrganizationUser = async (api: ApiClient, body: CreateOrganizationUserBody): Promise<OrganizationUser> =>
  organizationUserSchema.parse(await api.request(apiPaths.organizationUsers.list, { method: 'POST', body }));

export const useCreateOrganizationUser = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganizationUserBody) => createOrganizationUser(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
