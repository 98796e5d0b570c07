import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildAuthUser, createFakeAuthSdk, type FakeAuthSdk } from '../../testing/fake-auth-sdk';
import { useAuthSdk, useSession, useUser } from './auth-hooks';
import { AuthProvider } from './auth-provider';

const withProvider = (fake: FakeAuthSdk) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AuthProvider projectId="P2test" baseUrl="http://localhost" sdk={fake.sdk}>
        {children}
      </AuthProvider>
    );
  };

describe('auth hooks outside the provider', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['useSession', useSession],
    ['useUser', useUser],
    ['useAuthSdk', useAuthSdk],
  ])('%s throws the spec’s message', (_, hook) => {
    // React reports the render error on the console before rethrowing it.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => hook())).toThrow(
      new Error('You can only use this hook in the context of <AuthProvider />'),
    );
  });
});

describe('AuthProvider', () => {
  it('does one try-refresh on mount, even when StrictMode mounts twice, and is loading until it answers', async () => {
    const fake = createFakeAuthSdk();
    let answer: (value: { ok: boolean }) => void = () => {};
    fake.sdk.refresh.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const Probe = () => {
      const { isSessionLoading, isAuthenticated } = useSession();
      return <p>{isSessionLoading ? 'loading' : isAuthenticated ? 'signed in' : 'signed out'}</p>;
    };

    render(
      <StrictMode>
        <AuthProvider projectId="P2test" baseUrl="http://localhost" sdk={fake.sdk}>
          <Probe />
        </AuthProvider>
      </StrictMode>,
    );

    expect(screen.getByText('loading')).toBeVisible();
    expect(fake.sdk.refresh).toHaveBeenCalledTimes(1);
    expect(fake.sdk.refresh).toHaveBeenCalledWith(undefined, true);
    await act(async () => answer({ ok: true }));
    expect(screen.getByText('signed out')).toBeVisible();
  });

  it('follows the session the SDK publishes, and its end', async () => {
    const fake = createFakeAuthSdk();
    const { result } = renderHook(() => useSession(), { wrapper: withProvider(fake) });
    await waitFor(() => expect(result.current.isSessionLoading).toBe(false));

    act(() => fake.signIn(buildAuthUser(), 'session.jwt'));
    expect(result.current).toEqual({ isSessionLoading: false, isAuthenticated: true, sessionToken: 'session.jwt' });

    act(() => fake.signOut());
    expect(result.current).toEqual({ isSessionLoading: false, isAuthenticated: false, sessionToken: '' });
  });

  it('asks the SDK for the user once when the session came without one', async () => {
    const fake = createFakeAuthSdk();
    const ada = buildAuthUser({ name: 'Ada Lovelace' });
    // The real SDK publishes the user of a successful /me answer; here it runs inside the act below.
    fake.sdk.me.mockImplementation(async () => {
      fake.signIn(ada);
      return { ok: true, code: 200, data: ada };
    });
    const { result, rerender } = renderHook(() => useUser(), { wrapper: withProvider(fake) });

    act(() => fake.signIn(null));
    await waitFor(() => expect(result.current).toEqual({ user: ada, isUserLoading: false }));
    rerender();
    expect(fake.sdk.me).toHaveBeenCalledTimes(1);
  });

  it('does not ask for the user when the sign-in answer carried it', async () => {
    const fake = createFakeAuthSdk();
    const ada = buildAuthUser();
    const { result } = renderHook(() => useUser(), { wrapper: withProvider(fake) });

    act(() => fake.signIn(ada));

    expect(result.current).toEqual({ user: ada, isUserLoading: false });
    expect(fake.sdk.me).not.toHaveBeenCalled();
  });
});
