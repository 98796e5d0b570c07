import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useAuthSdk } from './auth-hooks';

/** The provider refused the selection, or could not be reached. */
export class TenantSelectionError extends Error {
  constructor(
    readonly tenantId: string,
    readonly code: number | undefined,
    description: string,
  ) {
    super(description);
    this.name = 'TenantSelectionError';
  }
}

/**
 * Makes a tenant the session's current one (the provider's POST /v1/auth/tenant/select): the SDK
 * stores the new session, whose `dct` claim the server reads as the organisation every call acts in.
 * Then every call under way is cancelled and every cached answer dropped, since each belonged to
 * the previous organisation.
 * @throws TenantSelectionError when the provider answers with an error (the session is unchanged);
 *   the SDK's own error when the request cannot be sent
 */
export const useSelectTenant = () => {
  const sdk = useAuthSdk();
  const queryClient = useQueryClient();
  return useCallback(
    async (tenantId: string) => {
      const result = await sdk.selectTenant(tenantId);
      if (!result.ok) {
        throw new TenantSelectionError(
          tenantId,
          result.code,
          result.error?.errorDescription ?? `The tenant could not be selected (HTTP ${result.code ?? 'error'})`,
        );
      }
      // Stop the old organisation's calls still under way first, so none of their answers lands
      // in the cache (or in a mounted view) after it is emptied.
      await queryClient.cancelQueries();
      queryClient.clear();
    },
    [sdk, queryClient],
  );
};

/** The session's current tenant (`dct`), or '' when none is selected (the person's own organisation). */
export const readCurrentTenant = (getCurrentTenant: (token: string) => string, sessionToken: string) => {
  if (!sessionToken) return '';
  try {
    return getCurrentTenant(sessionToken) || '';
  } catch {
    // A token the SDK cannot decode has no tenant we could show as selected.
    return '';
  }
};
