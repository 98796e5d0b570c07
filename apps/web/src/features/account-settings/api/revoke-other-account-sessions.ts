import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedSessionsSchema, type RevokedSessions } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { accountSessionsQueryOptions } from './get-account-sessions';

/** @throws ApiError; CONFLICT when the session cannot tell which one it is */
export const revokeOtherAccountSessions = async (api: ApiClient): Promise<RevokedSessions> =>
  revokedSessionsSchema.parse(await api.request(apiPaths.revokeOtherAccountSessions, { method: 'POST' }));

export const useRevokeOtherAccountSessions = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeOtherAccountSessions(api),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions(api).queryKey }),
  });
};
