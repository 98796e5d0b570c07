import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedSessionsSchema, type RevokedSessions } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { accountSessionsQueryOptions } from './get-account-sessions';

/** @throws ApiError; NOT_FOUND when the session has already ended */
export const revokeAccountSession = async (api: ApiClient, sessionId: string): Promise<RevokedSessions> =>
  revokedSessionsSchema.parse(await api.request(apiPaths.accountSession(sessionId), { method: 'DELETE' }));

export const useRevokeAccountSession = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => revokeAccountSession(api, sessionId),
    // Also after a failure: a session that had already ended should leave the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions(api).queryKey }),
  });
};
