// @vitest-environment node
/**
 * Single sign-on with OpenID Connect against a real, certified OpenID provider started here
 * (`oidc-provider`, with its development login and consent pages), driven through the published
 * @descope/web-js-sdk's `sso` methods. The browser is played by following redirects with a cookie
 * jar, and by submitting the provider's own forms.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import createSdk from '@descope/web-js-sdk';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoStore } from './sso/sso-connections.ts';
import { readSsoTest, startSsoTest } from './sso/sso-sign-in.ts';
import { projectId, providerSecret, useProvider } from './test/provider-harness.ts';

const provider = useProvider();
const device = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
const appUrl = 'http://app.vigil.test';
let issuerServer: Server;
let issuer: string;
let tenantId: string;
let connectionId: string;
let member: { email: string; userId: string };

beforeAll(async () => {
  const admin = await provider.buildUser();
  tenantId = admin.tenantIds[0]!;
  const built = await provider.buildUser();
  await provider.management.setUserTenants(built.userId, { [tenantId]: ['User'] });
  member = built;
  const store = ssoStore(provider.database.db, providerSecret);
  issuerServer = createServer();
  await new Promise<void>((listening) => issuerServer.listen(0, '127.0.0.1', listening));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  const connection = await store.create(tenantId, { name: 'Example OIDC', protocol: 'oidc', domains: ['vigil.test'], oidcIssuer: issuer, oidcClientId: 'vigil-app', oidcClientSecret: 'a-long-client-secret-for-the-test-peer' });
  connectionId = connection.id;
  const openIdProvider = new Provider(issuer, {
    clients: [
      {
        client_id: 'vigil-app',
        client_secret: 'a-long-client-secret-for-the-test-peer',
        redirect_uris: [`${appUrl}/v1/sso/oidc/callback/${connectionId}`],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Whoever signs in on the development login page is who they say, with a verified email.
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified'), given_name: 'Ida', family_name: 'Peer' }),
    }),
  });
  issuerServer.on('request', openIdProvider.callback());
});
afterAll(() => new Promise<void>((closed) => issuerServer?.close(() => closed())));


/** A browser following redirects with a cookie jar, submitting the provider's login and consent forms as `login`. */
const browseAsIdpUser = async (start: string, login: string) => {
  const jar = new Map<string, string>();
  let url = start;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(appUrl)) return new URL(url);
    const form = /\/interaction\/[^/?]+$/.test(new URL(url).pathname) ? await fetch(url, { headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } }).then((r) => r.text()) : undefined;
    const body = form ? new URLSearchParams(form.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' }) : undefined;
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the OpenID provider stopped at ${url} with ${response.status}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
};

/** Our callback, as the browser reaches it from the provider's redirect. */
const returnToCallback = async (callback: URL) => {
  const response = await fetch(`${provider.baseUrl}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
};

describe('OpenID Connect single sign-on', () => {
  it('signs a member in with PKCE, state and nonce: code at the return address → session', async () => {
    const started = await device().sso.start(tenantId, `${appUrl}/login/sso/`);
    const authorize = new URL(started.data!.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const callback = await browseAsIdpUser(started.data!.url, member.email);
    expect(callback.pathname).toBe(`/v1/sso/oidc/callback/${connectionId}`);
    const landing = await returnToCallback(callback);
    const session = await device().sso.exchange(landing.searchParams.get('code')!);
    expect(session.data!.user?.userId).toBe(member.userId);
    expect(session.data!.claims?.amr).toEqual(['sso']);

    // The same callback again (a replayed code and state) is refused.
    expect((await returnToCallback(callback)).searchParams.get('err')).toBe('refused');
  });

  it('links accounts only by a verified email', async () => {
    const started = await device().sso.start(tenantId, `${appUrl}/login/sso/`);
    const landing = await returnToCallback(await browseAsIdpUser(started.data!.url, `unverified-${member.email}`));
    expect(landing.searchParams.get('err')).toBe('no-account');
  });

  it('makes a test sign-in that proves the connection and signs nobody in', async () => {
    const store = ssoStore(provider.database.db, providerSecret);
    expect(await startSsoTest(provider.app.authProvider, 'another-tenant', connectionId, `${appUrl}/sso-settings/`)).toBeUndefined();
    const url = await startSsoTest(provider.app.authProvider, tenantId, connectionId, `${appUrl}/sso-settings/`);
    expect(new URL(url!).searchParams.get('prompt')).toBe('login');
    const landing = await returnToCallback(await browseAsIdpUser(url!, member.email));
    expect(landing.pathname).toBe('/sso-settings/');
    const code = landing.searchParams.get('sso_test')!;
    // Another organisation cannot read it; its own can, once.
    expect(await readSsoTest(provider.app.authProvider, 'another-tenant', code)).toBeUndefined();
    expect(await readSsoTest(provider.app.authProvider, tenantId, code)).toEqual({ connectionId, subject: member.email, email: member.email, givenName: 'Ida', familyName: 'Peer' });
    expect(await readSsoTest(provider.app.authProvider, tenantId, code)).toBeUndefined();
    expect((await store.get(tenantId, connectionId))?.verifiedAt).toBeInstanceOf(Date);
  });
});
