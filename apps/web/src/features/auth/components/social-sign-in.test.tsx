import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SignIn } from './sign-in';
import { SocialLanding } from './social-landing';

describe('social sign-in buttons', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers each provider the server set up, and sends the browser there to come back to /login/oauth/', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'https://vigil.example', assign });
    const fake = createFakeAuthSdk();
    renderRoutes([{ path: '/login/', element: <SignIn methods={['password', 'oauth']} socialProviders={['google', 'github']} /> }], '/login/', { sdk: fake.sdk });
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example.test/authorize'));
    expect(fake.sdk.oauth.start).toHaveBeenCalledWith('google', 'https://vigil.example/login/oauth/', undefined, undefined, undefined);
  });

  it('offers none when the server does not announce social sign-in', () => {
    renderRoutes([{ path: '/login/', element: <SignIn methods={['password']} socialProviders={['google']} /> }], '/login/');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('says what went wrong when the provider cannot be reached', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.oauth.start.mockResolvedValue({ ok: false, code: 400, error: { errorCode: 'E011001', errorDescription: 'provider: google could not be reached' } });
    renderRoutes([{ path: '/login/', element: <SignIn methods={['password', 'oauth']} socialProviders={['google']} /> }], '/login/', { sdk: fake.sdk });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByTestId('sign-in-error')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });
});

describe('SocialLanding', () => {
  const land = (refusal: string | null, fake = createFakeAuthSdk()) => {
    renderRoutes([{ path: '/login/oauth/', element: <SocialLanding code={refusal ? '' : 'one-time-code'} refusal={refusal} /> }, { path: '/', element: <p>home</p> }], '/login/oauth/', { sdk: fake.sdk });
    return fake;
  };

  it('exchanges the one-time code for a session', async () => {
    const fake = land(null);
    await waitFor(() => expect(fake.sdk.oauth.exchange).toHaveBeenCalledWith('one-time-code'));
  });

  it.each([
    ['no-account', /links an account only through an email address the provider has verified/],
    ['policy', /does not allow signing in this way/],
    ['cancelled', /You cancelled the sign-in/],
    ['refused', /could not be accepted/],
  ])('explains a refusal (%s) and offers the way back', async (refusal, message) => {
    const fake = land(refusal);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toBeVisible();
    expect(fake.sdk.oauth.exchange).not.toHaveBeenCalled();
  });
});
