import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths';
import { useAuthSdk } from './auth-hooks';

/**
 * Ends the session without moving: the SDK revokes it and clears tokens, timers and last-user keys;
 * we drop every cached server answer so the next person sees none of them.
 * @throws when the logout request cannot be sent (the SDK then keeps the session)
 */
export const useSignOut = () => {
  const sdk = useAuthSdk();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await sdk.logout();
    queryClient.clear();
  }, [sdk, queryClient]);
};

/** Signs out, then goes to the sign-in page. */
export const useLogout = () => {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    await navigate(paths.login.getHref(), { replace: true });
  }, [signOut, navigate]);
};
