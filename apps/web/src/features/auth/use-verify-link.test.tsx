import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { AppProviders, SessionProviders } from '../../app/app';
import type { AuthResult } from '../../lib/auth/auth-sdk';
import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { testClientConfig } from '../../testing/test-utils';
import { useVerifyLink } from './use-verify-link';

const renderVerifyLink = (token: string) => {
  const fake = createFakeAuthSdk();
  let endRefresh: (result: AuthResult) => void = () => {};
  fake.sdk.refresh.mockImplementation(() => new Promise((resolve) => (endRefresh = resolve)));
  // StrictMode runs effects twice, as in development: a single-use token must still go out once.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <AppProviders>
        <SessionProviders clientConfig={testClientConfig} sdk={fake.sdk}>
          {children}
        </SessionProviders>
      </AppProviders>
    </StrictMode>
  );
  const view = renderHook(() => useVerifyLink(token, (value) => fake.sdk.magicLink.verify(value)), { wrapper });
  return { fake, endRefresh: () => act(async () => endRefresh({ ok: true, code: 200 })), ...view };
};

describe('useVerifyLink', () => {
  it('sends the token once, after the first try-refresh has answered', async () => {
    const { fake, endRefresh, result } = renderVerifyLink('link-token');

    expect(result.current).toEqual({ status: 'checking' });
    expect(fake.sdk.magicLink.verify).not.toHaveBeenCalled();

    await endRefresh();

    await waitFor(() => expect(result.current).toEqual({ status: 'verified', data: undefined }));
    expect(fake.sdk.magicLink.verify).toHaveBeenCalledExactlyOnceWith('link-token');
  });

  it('reports a missing token without calling the provider', async () => {
    const { fake, endRefresh, result } = renderVerifyLink('');

    await endRefresh();

    expect(result.current).toEqual({ status: 'missing' });
    expect(fake.sdk.magicLink.verify).not.toHaveBeenCalled();
  });
});
