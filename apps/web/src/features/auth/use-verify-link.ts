import { useEffect, useRef, useState } from 'react';

import { useSession } from '../../lib/auth/auth-hooks';
import { runAuthCall, type AuthCallResult, type AuthFailure } from './auth-failure';

export type LinkCheck<T> =
  | { status: 'missing' }
  | { status: 'checking' }
  | { status: 'verified'; data: T | undefined }
  | { status: 'failed'; failure: AuthFailure };

/**
 * Sends an emailed link's token (`?t=`) to the provider, once: tokens work once, so neither a
 * re-render nor StrictMode's second effect run may send it again. Mount it keyed by the token.
 * It waits for the page's first try-refresh, so that an earlier session stored on this device
 * cannot answer after the one this link gives, and replace it.
 */
export const useVerifyLink = <T>(
  token: string,
  verify: (token: string) => Promise<AuthCallResult<T>>,
): LinkCheck<T> => {
  const { isSessionLoading } = useSession();
  const [check, setCheck] = useState<LinkCheck<T>>(token ? { status: 'checking' } : { status: 'missing' });
  const sent = useRef(false);

  useEffect(() => {
    if (!token || isSessionLoading || sent.current) return;
    sent.current = true;
    void runAuthCall(() => verify(token), 'verify-link').then((outcome) =>
      setCheck(outcome.ok ? { status: 'verified', data: outcome.data } : { status: 'failed', failure: outcome.failure }),
    );
  }, [token, isSessionLoading, verify]);

  return check;
};
