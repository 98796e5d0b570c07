import { useEffect, useSyncExternalStore } from 'react';

import { useAuthContext } from './auth-context';
import type { AuthSdk } from './auth-sdk';
import type { AuthState } from './auth-store';

const useAuthState = (): AuthState => {
  const { store } = useAuthContext();
  return useSyncExternalStore(store.subscribe, store.getState);
};

/** The SDK itself, for sign-in calls. */
export const useAuthSdk = (): AuthSdk => useAuthContext().sdk;

export const useSession = () => {
  const { isSessionLoading, isAuthenticated, sessionToken } = useAuthState();
  return { isSessionLoading, isAuthenticated, sessionToken };
};

/** The signed-in user as the auth provider knows them; asks for it once if no response carried it. */
export const useUser = () => {
  const { store } = useAuthContext();
  const { user, isUserLoading, isAuthenticated } = useAuthState();

  useEffect(() => {
    if (isAuthenticated && !user) store.loadUserOnce();
  }, [store, isAuthenticated, user]);

  return { user, isUserLoading };
};

/** Reloads the signed-in user from the provider (their tenants' names, say, after a rename). */
export const useReloadUser = () => useAuthContext().store.reloadUser;
