import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { paths } from '../../config/paths';
import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { renderRoutes } from '../../testing/test-utils';
import { Component as LoginPage } from './login.route';

const routes = [
  { path: paths.login.path, Component: LoginPage },
  { path: paths.home.path, element: <h1>Home stub</h1> },
];

describe('login page', () => {
  it('shows the sign-in methods under the sign-in heading inside the main landmark', async () => {
    renderRoutes(routes, paths.login.getHref());

    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: 'Sign in to Vigil' }));
    expect(screen.getByRole('tab', { name: 'Password', selected: true })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    // Exact labels, matched once each: what the end-to-end test relies on.
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('starts loading the device id the SDK sends with a sign-in, without waiting for it', async () => {
    const fake = createFakeAuthSdk();
    const identifyDevice = vi.fn(() => new Promise<never>(() => {}));
    renderRoutes(routes, paths.login.getHref(), { sdk: { ...fake.sdk, identifyDevice } });

    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeVisible();
    expect(identifyDevice).toHaveBeenCalled();
  });

  it('moves on to the insights page once a session exists', async () => {
    const fake = createFakeAuthSdk();
    const { router } = renderRoutes(routes, paths.login.getHref(), { sdk: fake.sdk });
    await screen.findByRole('heading', { name: 'Sign in to Vigil' });

    act(() => fake.signIn());

    expect(await screen.findByRole('heading', { name: 'Home stub' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visitor whose stored session refreshes straight on', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.refresh.mockImplementation(async () => {
      fake.signIn();
      return { ok: true, code: 200 };
    });

    const { router } = renderRoutes(routes, paths.login.getHref(), { sdk: fake.sdk });

    expect(await screen.findByRole('heading', { name: 'Home stub' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});
