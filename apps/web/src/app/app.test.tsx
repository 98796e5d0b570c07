import { buildPersonalRecord } from '../testing/builders';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { buildAuthUser } from '../testing/fake-auth-sdk';
import { App } from './app';

const clientConfig = {
  authProjectId: 'P2testproject',
  authBaseUrl: 'http://localhost:3000',
  authMethods: ['password', 'otp-email'],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// An unsigned JWT is enough: the SDK only decodes it.
const fakeJwt = (claims: Record<string, unknown>) =>
  [{ alg: 'none', typ: 'JWT' }, claims, 'sig'].map((part) => btoa(JSON.stringify(part)).replace(/=+$/, '')).join('.');

// These tests run the real web SDK; only the server is stubbed, at the fetch level.
describe('App', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the client configuration, then lands on sign-in without a stored session', async () => {
    const server = vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/client-config/' ? json(clientConfig) : json({}, 404),
    );
    vi.stubGlobal('fetch', server);

    render(<App />);

    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();
    expect(window.location.pathname).toBe('/login/');
    // No sign of an earlier sign-in in storage, so the SDK skips the try-refresh request.
    expect(server.mock.calls.map(([input]) => String(input))).toEqual(['/api/client-config/']);
  });

  it('says honestly that it cannot start when the configuration does not load', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500)));

    render(<App />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Vigil could not start' })).toBeVisible();
    expect(screen.getByText('Details: HTTP Error! Status: 500')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  it('keeps a stored session across a reload: one try-refresh, then the signed-in page', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 600;
    const sessionJwt = fakeJwt({ sub: 'U2ada', exp: expiresAt });
    // What the SDK left in storage after an earlier sign-in.
    localStorage.setItem('DSR', fakeJwt({ sub: 'U2ada', exp: expiresAt + 3600 }));
    localStorage.setItem('DSLI', String(expiresAt));
    window.history.replaceState(null, '', '/dashboard/insights/');
    const server = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/api/client-config/') return json(clientConfig);
      if (url.startsWith('http://localhost:3000/v1/auth/try-refresh')) {
        return json({ sessionJwt, sessionExpiration: expiresAt, claims: {}, user: buildAuthUser() });
      }
      if (url === '/api/personal_user_data/') {
        if (new Headers(init?.headers).get('Authorization') !== `Bearer ${sessionJwt}`) {
          return json({ error: { code: 'UNAUTHENTICATED', message: 'No session' } }, 401);
        }
        return json(buildPersonalRecord({ has_paid_access: false, start_timestamp: '2024-01-15T00:00:00.000Z' }));
      }
      return json({}, 404);
    });
    vi.stubGlobal('fetch', server);

    render(<App />);

    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeVisible();
    expect(window.location.pathname).toBe('/dashboard/insights/');
    const refreshes = server.mock.calls.filter(([input]) => String(input).includes('/v1/auth/'));
    expect(refreshes).toHaveLength(1);
  });
});
