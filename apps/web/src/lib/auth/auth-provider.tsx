import { useEffect, useState, type ReactNode } from 'react';

import { AuthContext, type AuthContextValue } from './auth-context';
import { createAuthSdk, type AuthSdk } from './auth-sdk';
import { createAuthStore } from './auth-store';

type AuthProviderProps = {
  projectId: string;
  baseUrl: string;
  /** Tests pass an SDK-shaped double here; the app lets the provider create the real one. */
  sdk?: AuthSdk;
  children: ReactNode;
};

/**
 * Creates the SDK once, mirrors its session into React and does one try-refresh on mount.
 * Changing projectId or baseUrl later has no effect: the configuration is read once at start-up.
 */
export const AuthProvider = ({ projectId, baseUrl, sdk: givenSdk, children }: AuthProviderProps) => {
  const [value] = useState<AuthContextValue>(() => {
    const sdk = givenSdk ?? createAuthSdk({ projectId, baseUrl });
    return { sdk, store: createAuthStore(sdk) };
  });

  useEffect(() => {
    const disconnect = value.store.connect();
    // After connect, so the answer reaches the store.
    value.store.tryRefreshOnce();
    return disconnect;
  }, [value]);

  return <AuthContext value={value}>{children}</AuthContext>;
};
