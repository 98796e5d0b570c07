import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountSessions } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeAuthSdk, type FakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { AccountSettings } from './account-settings';

const profile = { firstName: 'Owen', lastName: 'Fletcher', email: 'owen.fletcher@northwind-logistics.example' };

const sessions: AccountSessions = {
  canTellCurrent: true,
  sessions: [
    {
      id: 'Fphone',
      current: false,
      ip: '203.0.113.4',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      signedInAt: '2026-03-01T08:00:00.000Z',
      lastActiveAt: '2026-03-02T08:00:00.000Z',
      expiresAt: '2026-03-03T08:00:00.000Z',
    },
    {
      id: 'Flaptop',
      current: true,
      ip: '198.51.100.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
      signedInAt: '2026-03-01T07:00:00.000Z',
      lastActiveAt: '2026-03-02T07:00:00.000Z',
      expiresAt: '2026-03-03T07:00:00.000Z',
    },
  ],
};

const history = {
  total: 1,
  page: 1,
  page_size: 10,
  entries: [{ id: 'H1', time: '2026-03-02T07:00:00.000Z', method: 'password', success: false, reason: 'wrong password', ip: '198.51.100.7', userAgent: 'curl/8', newDevice: true }],
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const serve = (handlers: Record<string, Handler>) => {
  const answers: Record<string, Handler> = {
    'GET /api/account/profile/': () => json(profile),
    'GET /api/account/sessions/': () => json(sessions),
    'GET /api/account/login-history/?page=1&page_size=10': () => json(history),
    'GET /api/account/factors/': () => json({ authenticatorApp: null, passkeys: [], recoveryCodesLeft: 0 }),
    ...handlers,
  };
  const server = vi.fn<typeof fetch>(async (input, init) => {
    const handler = answers[`${init?.method ?? 'GET'} ${String(input)}`];
    return handler ? handler(init) : json({ error: { code: 'NOT_FOUND', message: `No route ${String(input)}` } }, 404);
  });
  vi.stubGlobal('fetch', server);
  return server;
};

const renderPage = (fake: FakeAuthSdk = createFakeAuthSdk()) => {
  const onProfileChanged = vi.fn();
  // As after a reload: the first try-refresh restores the session and the provider's user.
  fake.sdk.refresh.mockImplementation(async () => {
    fake.signIn(undefined, 'session.jwt');
    return { ok: true, code: 200 };
  });
  renderRoutes([{ path: '/', Component: () => <AccountSettings onProfileChanged={onProfileChanged} /> }], '/', { sdk: fake.sdk });
  return { onProfileChanged, fake };
};

describe('AccountSettings: profile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the names to edit and the email read-only', async () => {
    serve({});
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Owen');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Fletcher');
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email).toHaveValue(profile.email);
    expect(email).toHaveAttribute('readonly');
  });

  it('refuses an empty name on its field and sends nothing', async () => {
    const server = serve({});
    renderPage();
    const first = await screen.findByRole('textbox', { name: 'First name' });
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(first).toHaveAccessibleDescription('Enter your first name.'));
    expect(server.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("puts the server's problem on its field", async () => {
    serve({
      'PATCH /api/account/profile/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'body.lastName', problem: 'must be at most 80 characters' }] } }, 400),
    });
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Owain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription('must be at most 80 characters'));
  });

  it('saves the names and tells the page so the user menu can refresh', async () => {
    serve({ 'PATCH /api/account/profile/': (init) => json({ ...profile, ...JSON.parse(String(init?.body)) }) });
    const { onProfileChanged } = renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Owain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    const section = screen.getByRole('region', { name: 'Profile' });
    expect(await within(section).findByRole('status')).toHaveTextContent('Your name is saved.');
    expect(onProfileChanged).toHaveBeenCalledOnce();
  });
});

describe('AccountSettings: password', () => {
  afterEach(() => vi.unstubAllGlobals());

  const fill = (current: string, next: string, confirm = next) => {
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: current } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('checks length and the repeat before asking the provider', async () => {
    serve({});
    const { fake } = renderPage();
    await screen.findByRole('textbox', { name: 'First name' });
    fill('old password here', 'short', 'shorter');
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Use at least 12 characters.'));
    expect(screen.getByLabelText(/^Repeat the new password/)).toHaveAccessibleDescription('The two new passwords are not the same.');
    expect(fake.sdk.httpClient.post).not.toHaveBeenCalled();
  });

  it('shows a wrong current password on the current password field', async () => {
    serve({});
    const fake = createFakeAuthSdk();
    fake.sdk.httpClient.post.mockResolvedValue(json({ errorCode: 'E061004', errorDescription: 'Wrong login id or password' }, 401));
    renderPage(fake);
    await screen.findByRole('textbox', { name: 'First name' });
    fill('not it at all', 'lantern orchard fjord');
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('This is not your current password.'));
    expect(fake.sdk.httpClient.post).toHaveBeenCalledWith('/v1/auth/password/replace', {
      loginId: 'ada@example.com',
      oldPassword: 'not it at all',
      newPassword: 'lantern orchard fjord',
      keepOtherSessions: false,
    });
  });

  it("shows the provider's refusal of the new password on its field", async () => {
    serve({});
    const fake = createFakeAuthSdk();
    fake.sdk.httpClient.post.mockResolvedValue(
      json({ errorCode: 'E062901', errorDescription: 'newPassword: This password is too common; choose another' }, 400),
    );
    renderPage(fake);
    await screen.findByRole('textbox', { name: 'First name' });
    fill('my current password', 'password1234');
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('This password cannot be used: This password is too common; choose another'),
    );
  });

  it('changes the password, empties the form and reloads the sessions and the history only', async () => {
    const server = serve({});
    const fake = createFakeAuthSdk();
    renderPage(fake);
    await screen.findByRole('table', { name: 'Your active sessions' });
    await screen.findByTestId('login-history-table');
    const calls = (path: string) => server.mock.calls.filter(([input]) => String(input).startsWith(path)).length;
    expect(calls('/api/account/sessions/')).toBe(1);
    expect(calls('/api/account/login-history/')).toBe(1);

    fill('my current password', 'lantern orchard fjord');
    expect(await screen.findByTestId('password-changed')).toHaveTextContent('Your password is changed. Your other sessions are signed out.');
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');

    await waitFor(() => expect(calls('/api/account/sessions/')).toBe(2));
    await waitFor(() => expect(calls('/api/account/login-history/')).toBe(2));
    expect(calls('/api/account/profile/')).toBe(1);
    expect(fake.sdk.password.policy).toHaveBeenCalledOnce();
  });

  it('signs the other sessions out unless the person unticks the box', async () => {
    serve({});
    const fake = createFakeAuthSdk();
    renderPage(fake);
    await screen.findByRole('textbox', { name: 'First name' });
    const signOutOthers = screen.getByRole('checkbox', { name: 'Sign out of my other sessions' });
    expect(signOutOthers).toBeChecked();
    fireEvent.click(signOutOthers);
    fill('my current password', 'lantern orchard fjord');
    expect(await screen.findByTestId('password-changed')).toHaveTextContent('Your password is changed. Your other sessions stay signed in.');
    expect(fake.sdk.httpClient.post).toHaveBeenCalledWith('/v1/auth/password/replace', expect.objectContaining({ keepOtherSessions: true }));
    // The form starts again from the safe default.
    expect(signOutOthers).toBeChecked();
  });
});

describe('AccountSettings: sessions and history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists this session first, marked, and signs another one out', async () => {
    const server = serve({ 'DELETE /api/account/sessions/Fphone/': () => json({ revokedSessions: 1 }) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your active sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(rows[0]).toHaveTextContent('This session');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iOS');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out the session of Safari on iOS/ }));
    const section = screen.getByRole('region', { name: 'Active sessions' });
    expect(await within(section).findByRole('status')).toHaveTextContent('The session is signed out.');
    expect(server.mock.calls.some(([url, init]) => url === '/api/account/sessions/Fphone/' && init?.method === 'DELETE')).toBe(true);
  });

  it('signs out all the others at once', async () => {
    serve({ 'POST /api/account/sessions/revoke-others/': () => json({ revokedSessions: 1 }) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const section = screen.getByRole('region', { name: 'Active sessions' });
    expect(await within(section).findByRole('status')).toHaveTextContent('1 other session is signed out.');
  });

  it('shows the sign-in history with its outcome', async () => {
    serve({});
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your sign-in attempts' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Password');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('wrong password');
    expect(row).toHaveTextContent('curl/8');
    // The first attempt from a device Vigil had not seen is marked.
    expect(within(row!).getByText('New device')).toBeVisible();
  });
});

describe('AccountSettings: two-step verification', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sets up an authenticator app from this session, confirms its first code and shows recovery codes once', async () => {
    let factors = { authenticatorApp: null as null | { confirmedAt: string }, passkeys: [], recoveryCodesLeft: 0 };
    serve({ 'GET /api/account/factors/': () => json(factors) });
    const fake = createFakeAuthSdk();
    const codes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', 'aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq'];
    fake.sdk.httpClient.post.mockImplementation(async () => new Response(JSON.stringify({ codes }), { status: 200 }));
    fake.sdk.totp.verify.mockImplementation(async () => {
      factors = { authenticatorApp: { confirmedAt: '2026-11-28T10:00:00.000Z' }, passkeys: [], recoveryCodesLeft: 10 };
      return { ok: true, code: 200 };
    });
    renderPage(fake);
    const section = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(section).findByText(/Two-step verification is off/)).toBeVisible();

    fireEvent.click(within(section).getByRole('button', { name: 'Set up authenticator app' }));
    expect(await within(section).findByRole('img', { name: 'QR code to add your Vigil account to an authenticator app' })).toBeVisible();
    expect(within(section).getByRole('textbox', { name: 'Key to type into the app' })).toHaveValue('JBSW Y3DP EHPK 3PXP');
    expect(fake.sdk.totp.update).toHaveBeenCalledWith(expect.any(String), 'refresh.jwt');

    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(within(section).getByText('Enter the six-digit code from the app.')).toBeVisible();
    expect(fake.sdk.totp.verify).not.toHaveBeenCalled();
    fireEvent.change(within(section).getByRole('textbox', { name: 'Code from the app' }), { target: { value: '123 456' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));

    const list = await within(section).findByRole('list', { name: 'Your new recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    expect(fake.sdk.totp.verify).toHaveBeenCalledWith(expect.any(String), '123456', undefined, 'refresh.jwt');
    expect(fake.sdk.httpClient.post).toHaveBeenCalledWith('/v1/auth/recovery-codes/generate', expect.any(Object), { token: 'refresh.jwt' });
    expect(await within(section).findByText(/On since/)).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Sign out other sessions' })).toBeVisible();
  });

  it('says to sign in again when the session is too old to change factors', async () => {
    serve({});
    const fake = createFakeAuthSdk();
    fake.sdk.totp.update.mockResolvedValue({ ok: false, code: 403, error: { errorCode: 'E064003', errorDescription: 'sign in again' } });
    renderPage(fake);
    const section = await screen.findByRole('region', { name: 'Two-step verification' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Set up authenticator app' }));
    expect(await within(section).findByText(/changes like this need a recent sign-in/)).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Sign in again' })).toBeVisible();
  });
});
