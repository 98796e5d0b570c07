import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '../../../config/paths';
import { Component as LoginPage } from '../../../app/routes/login.route';
import { buildJwtResponse, createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import type { AuthResult } from '../../../lib/auth/auth-sdk';

const timeoutResult = {
  ok: false,
  error: { errorCode: '0', errorDescription: 'Session polling timeout exceeded: 600000ms' },
} as AuthResult;

const renderEnchantedLinkSignIn = (fake = createFakeAuthSdk({ lastLoginId: 'ada@example.com' })) => {
  fake.sdk.enchantedLink.signIn
    .mockResolvedValueOnce({ ok: true, code: 200, data: { pendingRef: 'pending-1', linkId: '42', maskedEmail: 'a***@example.com' } })
    .mockResolvedValueOnce({ ok: true, code: 200, data: { pendingRef: 'pending-2', linkId: '17', maskedEmail: 'a***@example.com' } });
  const view = renderRoutes(
    [
      { path: paths.login.path, Component: LoginPage },
      { path: paths.home.path, element: <h1>Home stub</h1> },
    ],
    paths.login.getHref(),
    { sdk: fake.sdk, clientConfig: { authProjectId: 'P2test', authBaseUrl: 'http://localhost:3000', authMethods: ['enchantedlink'], oauthProviders: [] } },
  );
  return { fake, ...view };
};

const send = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Email me a link to approve this sign-in' }));
  return screen.findByRole('status');
};

describe('enchanted link sign-in', () => {
  it('shows which email to look for, and waits for the link to be opened', async () => {
    const { fake } = renderEnchantedLinkSignIn();

    const notice = await send();

    expect(notice).toHaveTextContent('We sent a sign-in link to a***@example.com.');
    expect(notice).toHaveTextContent('The email we sent is marked 42.');
    expect(screen.getByTestId('enchanted-link-id')).toHaveTextContent(/^42$/);
    expect(screen.getByText('Waiting for the link to be opened…')).toBeVisible();
    expect(fake.sdk.enchantedLink.signIn).toHaveBeenCalledWith('ada@example.com', `${window.location.origin}/login/enchanted/`);
    expect(fake.sdk.enchantedLink.waitForSession).toHaveBeenCalledWith('pending-1', { pollingIntervalMs: 1000, timeoutMs: 600_000 });
  });

  it('says so when the link was not opened in time, and a resend waits again', async () => {
    const fake = createFakeAuthSdk({ lastLoginId: 'ada@example.com' });
    fake.sdk.enchantedLink.waitForSession.mockResolvedValueOnce(timeoutResult);
    renderEnchantedLinkSignIn(fake);

    await send();

    expect(await screen.findByRole('alert')).toHaveTextContent('The link was not opened in time. Send a new link to try again.');
    expect(screen.queryByText('Waiting for the link to be opened…')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));

    expect(await screen.findByText(/We sent a new sign-in link/)).toBeVisible();
    expect(screen.getByTestId('enchanted-link-id')).toHaveTextContent('17');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.sdk.enchantedLink.waitForSession).toHaveBeenLastCalledWith('pending-2', expect.anything());
  });

  it('ignores the end of a wait it no longer shows', async () => {
    const fake = createFakeAuthSdk({ lastLoginId: 'ada@example.com' });
    let endFirstWait: (result: AuthResult) => void = () => {};
    fake.sdk.enchantedLink.waitForSession.mockImplementationOnce(() => new Promise((resolve) => (endFirstWait = resolve)));
    renderEnchantedLinkSignIn(fake);
    await send();
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await screen.findByText(/We sent a new sign-in link/);

    await act(async () => endFirstWait(timeoutResult));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for the link to be opened…')).toBeVisible();
  });

  it('moves on to the app once the link was opened elsewhere', async () => {
    const fake = createFakeAuthSdk({ lastLoginId: 'ada@example.com' });
    fake.sdk.enchantedLink.waitForSession.mockImplementationOnce(async () => {
      // The real SDK publishes the session it polled for before it answers.
      fake.signIn();
      return { ok: true, code: 200, data: buildJwtResponse() };
    });
    const { router } = renderEnchantedLinkSignIn(fake);

    fireEvent.click(await screen.findByRole('button', { name: 'Email me a link to approve this sign-in' }));

    expect(await screen.findByRole('heading', { name: 'Home stub' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
