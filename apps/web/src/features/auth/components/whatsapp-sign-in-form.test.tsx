import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Component as LoginPage } from '../../../app/routes/login.route';
import { paths } from '../../../config/paths';
import type { AuthResult } from '../../../lib/auth/auth-sdk';
import { seriousAxeViolations } from '../../../testing/axe';
import { buildJwtResponse, createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes, testClientConfig } from '../../../testing/test-utils';

const timeoutResult = {
  ok: false,
  error: { errorCode: '0', errorDescription: 'Session polling timeout exceeded: 600000ms' },
} as AuthResult;

// A 1×1 PNG, standing in for the provider's QR code.
const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const started = (pendingRef: string, code: string) => ({
  ok: true,
  code: 200,
  data: { pendingRef, redirectUrl: `https://wa.me/15550001111?text=${encodeURIComponent(`Sign me in to Vigil: ${code}`)}`, image: pixel },
});

const renderWhatsAppSignIn = (fake = createFakeAuthSdk()) => {
  fake.sdk.notp.signIn.mockResolvedValueOnce(started('pending-1', '4KQ7-9XPA')).mockResolvedValueOnce(started('pending-2', 'ZZ22-33YY'));
  const view = renderRoutes(
    [
      { path: paths.login.path, Component: LoginPage },
      { path: paths.home.path, element: <h1>Home stub</h1> },
    ],
    paths.login.getHref(),
    { sdk: fake.sdk, clientConfig: { ...testClientConfig, authMethods: ['password', 'whatsapp'] } },
  );
  return { fake, ...view };
};

/** The alternative below the tabs opens the WhatsApp form. */
const openWhatsApp = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Use WhatsApp' }));
  return screen.getByRole('textbox', { name: 'Phone number (optional)' });
};

const continueWithWhatsApp = () => fireEvent.click(screen.getByRole('button', { name: 'Continue with WhatsApp' }));

describe('WhatsApp sign-in', () => {
  it('is offered below the tabs; with no number it shows the QR code and a link to WhatsApp, and waits for the message', async () => {
    const { fake } = renderWhatsAppSignIn();
    const phone = await openWhatsApp();
    expect(phone).toHaveAttribute('type', 'tel');
    expect(screen.getByText('Include the country code, such as +44 7700 900123.')).toBeVisible();
    expect(await seriousAxeViolations()).toEqual([]);

    continueWithWhatsApp();

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Send the prepared WhatsApp message to sign in');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(fake.sdk.notp.signIn).toHaveBeenCalledWith('');
    const qr = screen.getByRole('img', { name: 'QR code that opens WhatsApp with your sign-in message' });
    expect(qr).toHaveAttribute('src', `data:image/png;base64,${pixel}`);
    const link = screen.getByRole('link', { name: 'Open WhatsApp (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://wa.me/15550001111?text=Sign%20me%20in%20to%20Vigil%3A%204KQ7-9XPA');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText('Waiting for your WhatsApp message…')).toBeVisible();
    expect(fake.sdk.notp.waitForSession).toHaveBeenCalledWith('pending-1', { pollingIntervalMs: 1000, timeoutMs: 600_000 });
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('sends the number as the provider reads it: + and digits', async () => {
    const { fake } = renderWhatsAppSignIn();
    fireEvent.change(await openWhatsApp(), { target: { value: '+44 (7700) 900-123' } });
    continueWithWhatsApp();
    await screen.findByRole('status');
    expect(fake.sdk.notp.signIn).toHaveBeenCalledWith('+447700900123');
  });

  it('asks for the country code before sending anything', async () => {
    const { fake } = renderWhatsAppSignIn();
    const phone = await openWhatsApp();
    fireEvent.change(phone, { target: { value: '07700 900123' } });
    continueWithWhatsApp();
    expect(await screen.findByText('Enter the number with its country code, such as +44 7700 900123.')).toBeVisible();
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(fake.sdk.notp.signIn).not.toHaveBeenCalled();
  });

  it('asks for the number when the server cannot receive WhatsApp messages without it', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.notp.signIn.mockResolvedValue({ ok: false, code: 400, error: { errorCode: 'E011002', errorDescription: 'loginId: give the phone number' } });
    renderRoutes([{ path: paths.login.path, Component: LoginPage }], paths.login.getHref(), {
      sdk: fake.sdk,
      clientConfig: { ...testClientConfig, authMethods: ['password', 'whatsapp'] },
    });
    const phone = await openWhatsApp();
    continueWithWhatsApp();
    expect(await screen.findByText('Enter your phone number to sign in with WhatsApp here.')).toBeVisible();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(screen.queryByRole('link', { name: /Open WhatsApp/ })).not.toBeInTheDocument();
  });

  it('says so when the message did not arrive in time; starting again gives a new code and waits again', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.notp.waitForSession.mockResolvedValueOnce(timeoutResult);
    renderWhatsAppSignIn(fake);
    fireEvent.change(await openWhatsApp(), { target: { value: '+447700900123' } });
    continueWithWhatsApp();

    expect(await screen.findByRole('alert')).toHaveTextContent('Your WhatsApp message did not arrive in time. Start again to get a new code.');
    expect(screen.queryByText('Waiting for your WhatsApp message…')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));

    await waitFor(() => expect(screen.getByRole('link', { name: /Open WhatsApp/ })).toHaveAttribute('href', expect.stringContaining('ZZ22-33YY')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.sdk.notp.signIn).toHaveBeenLastCalledWith('+447700900123');
    expect(fake.sdk.notp.waitForSession).toHaveBeenLastCalledWith('pending-2', expect.anything());
  });

  it('ignores the end of a wait it no longer shows, and a different number starts afresh', async () => {
    const fake = createFakeAuthSdk();
    let endFirstWait: (result: AuthResult) => void = () => {};
    fake.sdk.notp.waitForSession.mockImplementationOnce(() => new Promise((resolve) => (endFirstWait = resolve)));
    renderWhatsAppSignIn(fake);
    await openWhatsApp();
    continueWithWhatsApp();
    await screen.findByRole('status');

    fireEvent.click(screen.getByRole('button', { name: 'Use a different number' }));
    await act(async () => endFirstWait(timeoutResult));

    expect(screen.getByRole('textbox', { name: 'Phone number (optional)' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves on to the app once the message has arrived', async () => {
    const fake = createFakeAuthSdk();
    fake.sdk.notp.waitForSession.mockImplementationOnce(async () => {
      // The real SDK publishes the session it polled for before it answers.
      fake.signIn();
      return { ok: true, code: 200, data: buildJwtResponse() };
    });
    const { router } = renderWhatsAppSignIn(fake);
    await openWhatsApp();
    continueWithWhatsApp();

    expect(await screen.findByRole('heading', { name: 'Home stub' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
