import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '../../../config/paths';
import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { Component as EnchantedLinkPage } from './enchanted-link.route';

const routes = [{ path: paths.login.enchantedLink.path, Component: EnchantedLinkPage }];

describe('enchanted link landing page', () => {
  it('approves the sign-in and says where it happened', async () => {
    const fake = createFakeAuthSdk();

    renderRoutes(routes, `${paths.login.enchantedLink.getHref()}?t=link-token`, { sdk: fake.sdk });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in approved' })).toBeVisible();
    expect(
      screen.getByText('You are signed in on the device where you asked for the link. You can close this tab.'),
    ).toBeVisible();
    expect(fake.sdk.enchantedLink.verify).toHaveBeenCalledExactlyOnceWith('link-token');
  });

  it('explains a used or expired link and leads back to sign-in', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.enchantedLink.verify.mockResolvedValue({
      ok: false,
      code: 401,
      error: { errorCode: 'E061102', errorDescription: 'The link is not valid' },
    });

    renderRoutes(routes, `${paths.login.enchantedLink.getHref()}?t=used-token`, { sdk: fake.sdk });

    expect(await screen.findByRole('heading', { level: 1, name: 'This sign-in link did not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/This link has expired, has already been used/);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
  });

  it('says the link is incomplete when it has no token', async () => {
    const fake = createFakeAuthSdk();

    renderRoutes(routes, `${paths.login.enchantedLink.getHref()}?t=`, { sdk: fake.sdk });

    expect(await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeVisible();
    expect(fake.sdk.enchantedLink.verify).not.toHaveBeenCalled();
  });
});
