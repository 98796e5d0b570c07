import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { createFakeAuthSdk, type FakeAuthSdk } from '../../testing/fake-auth-sdk';
import { useSession } from './auth-hooks';
import { AuthProvider } from './auth-provider';
import { readCurrentTenant, TenantSelectionError, useSelectTenant } from './use-select-tenant';

const setUp = () => {
  const fake = createFakeAuthSdk();
  const queryClient = new QueryClient();
  queryClient.setQueryData(['people', 'personal-user-data'], { company: 'Vigil Demo Managed Services' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider projectId="P2test" baseUrl="http://localhost" sdk={fake.sdk}>
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
  const view = renderHook(() => ({ select: useSelectTenant(), session: useSession() }), { wrapper });
  return { fake, queryClient, ...view };
};

const signedIn = async (fake: FakeAuthSdk) => {
  await act(async () => fake.signIn(undefined, 'home.session.jwt'));
};

describe('useSelectTenant', () => {
  it('selects the tenant through the SDK, keeps its new session and drops every cached answer', async () => {
    const { fake, queryClient, result } = setUp();
    await signedIn(fake);

    await act(() => result.current.select('client-org-id'));

    expect(fake.sdk.selectTenant).toHaveBeenCalledWith('client-org-id');
    await waitFor(() => expect(result.current.session.sessionToken).toBe('session.client-org-id.jwt'));
    expect(queryClient.getQueryData(['people', 'personal-user-data'])).toBeUndefined();
  });

  it('cancels the previous organisation’s calls under way, so their answers never reach the cache', async () => {
    const { fake, queryClient, result } = setUp();
    await signedIn(fake);
    let answerOld: (value: unknown) => void = () => {};
    let oldSignal: AbortSignal | undefined;
    void queryClient
      .fetchQuery({
        queryKey: ['insights', 'organization'],
        queryFn: ({ signal }) => {
          oldSignal = signal;
          return new Promise((resolve) => (answerOld = resolve));
        },
      })
      .catch(() => undefined);

    await act(() => result.current.select('client-org-id'));
    answerOld({ organization: 'Vigil Demo Managed Services' });

    expect(oldSignal?.aborted).toBe(true);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(queryClient.getQueryData(['insights', 'organization'])).toBeUndefined();
  });

  it('rejects with the provider’s message and keeps the session and the cache when the provider refuses', async () => {
    const { fake, queryClient, result } = setUp();
    await signedIn(fake);
    fake.sdk.selectTenant.mockResolvedValueOnce({
      ok: false,
      code: 403,
      error: { errorCode: 'E061301', errorDescription: 'tenant: this user is not a member of that tenant', errorMessage: '' },
    });

    const attempt = result.current.select('someone-elses-org');

    await expect(attempt).rejects.toThrow(TenantSelectionError);
    await expect(attempt).rejects.toThrow('tenant: this user is not a member of that tenant');
    expect(result.current.session.sessionToken).toBe('home.session.jwt');
    expect(queryClient.getQueryData(['people', 'personal-user-data'])).toEqual({ company: 'Vigil Demo Managed Services' });
  });
});

describe('readCurrentTenant', () => {
  it('reads the dct claim through the SDK', () => {
    expect(readCurrentTenant(() => 'client-org-id', 'a.session.jwt')).toBe('client-org-id');
  });

  it('is empty without a session, without a selection, or for a token the SDK cannot read', () => {
    expect(readCurrentTenant(() => 'client-org-id', '')).toBe('');
    expect(readCurrentTenant(() => '', 'a.session.jwt')).toBe('');
    expect(
      readCurrentTenant(() => {
        throw new Error('Invalid token');
      }, 'garbage'),
    ).toBe('');
  });
});
