import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersImportResultSchema, type UsersImportCommitBody, type UsersImportResult } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { organizationUsersKey } from './query-keys';

/**
 * Imports the file in one transaction. Without `skipInvalidRows` a single bad row refuses it whole.
 * @throws ApiError (VALIDATION_FAILED with the rows' problems by line); ZodError
 */
export const importUsers = async (api: ApiClient, body: UsersImportCommitBody): Promise<UsersImportResult> =>
  usersImportResultSchema.parse(await api.request(apiPaths.organizationUsers.import, { method: 'POST', body }));

export const useImportUsers = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UsersImportCommitBody) => importUsers(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey }),
  });
};
