import type { AuthSdk, UserResponse } from './auth-sdk';

export type AuthState = {
  /** True until the first try-refresh has answered: nobody knows yet whether a session exists. */
  isSessionLoading: boolean;
  isAuthenticated: boolean;
  /** Empty when there is no session (or the server keeps it in an HttpOnly cookie). */
  sessionToken: string;
  user: UserResponse | null;
  isUserLoading: boolean;
};

export type AuthStore = ReturnType<typeof createAuthStore>;

/**
 * React's view of the SDK's session: mirrors what the SDK publishes (it publishes only on change,
 * so the state starts empty and the first try-refresh fills it), for `useSyncExternalStore`.
 * It decides nothing about tokens or timers: those stay in the SDK.
 */
export const createAuthStore = (sdk: AuthSdk) => {
  let state: AuthState = {
    isSessionLoading: true,
    isAuthenticated: false,
    sessionToken: '',
    user: null,
    isUserLoading: false,
  };
  const listeners = new Set<() => void>();
  let refreshStarted = false;
  let userRequested = false;

  const update = (patch: Partial<AuthState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  return {
    getState: () => state,

    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Follows the SDK's notifications; returns the function that stops following them. */
    connect: () => {
      const unsubscribers = [
        // The SDK publishes null on sign-out although its types say string / UserResponse.
        sdk.onSessionTokenChange((token: string | null) => update({ sessionToken: token ?? '' })),
        sdk.onUserChange((user: UserResponse | null) => update({ user })),
        sdk.onIsAuthenticatedChange((isAuthenticated) => {
          // A new session may belong to someone else: let it fetch its own user once.
          if (!isAuthenticated) userRequested = false;
          update({ isAuthenticated });
        }),
      ];
      return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
    },

    /**
     * One try-refresh per page load, so a stored session survives a reload. The SDK skips the
     * request itself when storage shows no earlier sign-in, and the endpoint answers 2xx without
     * tokens when there is nothing to refresh.
     */
    tryRefreshOnce: () => {
      if (refreshStarted) return;
      refreshStarted = true;
      sdk
        .refresh(undefined, true)
        // A network failure leaves the visitor signed out; the sign-in page is the way forward.
        .catch(() => undefined)
        .finally(() => update({ isSessionLoading: false }));
    },

    /** Fetches the user once when a session exists but no response has carried a user yet. */
    loadUserOnce: () => {
      if (userRequested || !state.isAuthenticated || state.user) return;
      userRequested = true;
      update({ isUserLoading: true });
      sdk
        .me()
        .catch(() => undefined)
        .finally(() => update({ isUserLoading: false }));
    },

    /**
     * Asks for the user again, after something it carries changed on the server (the name of one
     * of their tenants, shown by the company switcher). The SDK publishes the answer.
     */
    reloadUser: async () => {
      if (!state.isAuthenticated) return;
      await sdk.me().catch(() => undefined);
    },
  };
};
