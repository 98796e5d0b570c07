import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { SsoSignInForm } from './sso-sign-in-form';

const render = (fake = createFakeAuthSdk(), email = 'ines.moreau@bluefin-health.example') =>
  renderRoutes([{ path: '/login/', element: <SsoSignInForm email={email} onEmailChange={() => undefined} /> }], '/login/', { sdk: fake.sdk });

describe('SsoSignInForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the browser to the identity provider the work address leads to, to come back to /login/sso/', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'https://vigil.example', assign });
    const fake = createFakeAuthSdk();
    render(fake);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.test/sso'));
    const returnTo = new URL(fake.sdk.sso.start.mock.calls[0]![1]!);
    expect(`${returnTo.origin}${returnTo.pathname}`).toBe('https://vigil.example/login/sso/');
    // The return address carries this tab's state, so only this tab exchanges the code that comes back.
    expect(returnTo.searchParams.get('state')).toBe(sessionStorage.getItem('vigil.sso.state'));
  });

  it('says when no single sign-on is set up for the address’s domain', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.sso.start.mockResolvedValue({ ok: false, code: 404, error: { errorCode: 'E011404', errorDescription: 'tenant: no single sign-on' } });
    render(fake);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(await screen.findByText(/Single sign-on is not set up for this email’s domain/)).toBeVisible();
  });

  it('asks for an address before going anywhere', async () => {
    const fake = createFakeAuthSdk();
    render(fake, '');
    fireEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus());
    expect(fake.sdk.sso.start).not.toHaveBeenCalled();
  });
});
