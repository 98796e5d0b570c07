import { createContext, useContext } from 'react';

import type { AuthSdk } from './auth-sdk';
import type { AuthStore } from './auth-store';

export type AuthContextValue = { sdk: AuthSdk; store: AuthStore };

export const AuthContext = createContext<AuthContextValue | null>(null);

// The spec's wording (§8), kept identical so people searching for it find this.
export const outsideProviderMessage = 'You can only use this hook in the context of <AuthProvider />';

export const useAuthContext = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error(outsideProviderMessage);
  return value;
};
