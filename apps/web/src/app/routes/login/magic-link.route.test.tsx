import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '../../../config/paths';
import { buildJwtResponse, createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { Component as MagicLinkPage } from './magic-link.route';

const routes = [
  { path: paths.login.path, element: <h1>Sign-in stub</h1> },
  { path: paths.login.magicLink.path, Component: MagicLinkPage },
  { path: paths.home.path, element: <h1>Home stub</h1> },
];

describe('magic link landing page', () => {
  it('signs in with the link’s token and goes on to the app', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.magicLink.verify.mockImplementation(async () => {
      // The real SDK publishes the session it got before it answers.
      fake.signIn();
      return { ok: true, code: 200, data: buildJwtResponse() };
    });

    const { router } = renderRoutes(routes, `${paths.login.magicLink.getHref()}?t=link-token`, { sdk: fake.sdk });

    expect(await screen.findByRole('heading', { name: 'Home stub' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(fake.sdk.magicLink.verify).toHaveBeenCalledExactlyOnceWith('link-token');
  });

  it('explains a used or expired link and leads back to sign-in', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.magicLink.verify.mockResolvedValue({
      ok: false,
      code: 401,
      error: { errorCode: 'E061102', errorDescription: 'The link is not valid' },
    });

    renderRoutes(routes, `${paths.login.magicLink.getHref()}?t=used-token`, { sdk: fake.sdk });

    expect(await screen.findByRole('heading', { level: 1, name: 'This sign-in link did not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link has expired, has already been used, or was replaced by a newer one. Ask for a new link on the sign-in page.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
  });

  it('says the link is incomplete when it has no token, without calling the provider', async () => {
    const fake = createFakeAuthSdk();

    renderRoutes(routes, paths.login.magicLink.getHref(), { sdk: fake.sdk });

    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeVisible();
    expect(screen.getByText(/missing the token from the email/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
    await waitFor(() => expect(fake.sdk.refresh).toHaveBeenCalled());
    expect(fake.sdk.magicLink.verify).not.toHaveBeenCalled();
  });
});
