import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationUserSchema, type OrganizationUser, type UpdateOrganizationUserBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/** Sends only the fields that changed. @throws ApiError; ZodError when the answer breaks the contract */
export const updateOrganizationUser = async (api: ApiClient, id: string, body: UpdateOrganizationUserBody): Promise<OrganizationUser> =>
  organizationUserSchema.parse(await api.request(apiPaths.organizationUsers.user(id), { method: 'PATCH', body }));

export const useUpdateOrganizationUser = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOrganizationUserBody }) => updateOrganizationUser(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
