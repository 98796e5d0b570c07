import { useEffect, useRef } from 'react';

import { type AuthCallResult, type AuthFailure, runAuthCall } from './auth-failure';

/**
 * Polling for a session (enchanted link, WhatsApp): the SDK cannot stop a wait, so each runs to
 * its end and only the newest one's failure counts; older ones (before a resend, another address,
 * or leaving the page) are ignored.
 */
export const useNewestWait = (onFailure: (failure: AuthFailure) => void) => {
  const current = useRef<object | null>(null);
  useEffect(
    () => () => {
      current.current = null;
    },
    [],
  );
  return {
    wait: async (poll: () => Promise<AuthCallResult<unknown>>) => {
      const mine = {};
      current.current = mine;
      const outcome = await runAuthCall(poll, 'wait-for-session');
      if (current.current === mine && !outcome.ok) onFailure(outcome.failure);
    },
    /** Whatever the current wait answers from now on is ignored. */
    forget: () => {
      current.current = null;
    },
  };
};
