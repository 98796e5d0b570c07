// @vitest-environment node
/**
 * Single sign-on with OpenID Connect against a real, certified OpenID provider started here
 * (`oidc-provider`, with its development login and consent pages), driven through the published
 * @descope/web-js-sdk's `sso` methods. The browser is played by following redirects with a cookie
 * jar, and by submitting the provider's own forms.
 */
import createSdk from '@descope/web-js-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ssoDomainProofs } from './schema/index.ts';
import { ssoStore } from './sso/sso-connections.ts';
import { readSsoTest, startSsoTest } from './sso/sso-sign-in.ts';
import { startOpenIdPeer } from './test/openid-peer.ts';
import { projectId, providerSecret, useProvider } from './test/provider-harness.ts';

const provider = useProvider();
const device = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
const appUrl = 'http://app.vigil.test';
let peer: Awaited<ReturnType<typeof startOpenIdPeer>>;
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
  // The connection's id is in the redirect URI the peer registers: made first, pointed at the peer once it listens.
  const connection = await store.create(tenantId, { name: 'Example OIDC', protocol: 'oidc', domains: ['vigil.test'], oidcIssuer: 'http://127.0.0.1:1', oidcClientId: 'vigil-app', oidcClientSecret: 'a-long-client-secret-for-the-test-peer' });
  connectionId = connection.id;
  peer = await startOpenIdPeer([
    {
      client_id: 'vigil-app',
      client_secret: 'a-long-client-secret-for-the-test-peer',
      redirect_uris: [`${appUrl}/v1/sso/oidc/callback/${connectionId}`],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ]);
  issuer = peer.issuer;
  await store.update(tenantId, connectionId, { oidcIssuer: issuer });
});
afterAll(() => peer?.close());

/** The browser signing in at the peer as `login`, until it is sent back to the app. */
const browseAsIdpUser = async (start: string, login: string) => (await peer.browse(start, login, appUrl)).url;

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

  it('counts a second factor the identity provider asked for: the session owes none here', async () => {
    // The member's own sign-in policy asks every session for a second factor.
    await provider.management.setSignInPolicy(member.userId, { requireMfa: true, sessionMaxSeconds: null, reason: 'test' });
    try {
      const withoutMfa = await device().sso.start(tenantId, `${appUrl}/login/sso/`);
      const plain = await device().sso.exchange((await returnToCallback(await browseAsIdpUser(withoutMfa.data!.url, member.email))).searchParams.get('code')!);
      expect(plain.data!.claims).toMatchObject({ amr: ['sso'], mfa_required: true });
      const withMfa = await device().sso.start(tenantId, `${appUrl}/login/sso/`);
      const confirmed = await device().sso.exchange((await returnToCallback(await browseAsIdpUser(withMfa.data!.url, `${member.email}+mfa`))).searchParams.get('code')!);
      expect(confirmed.data!.claims?.amr).toEqual(['sso', 'mfa']);
      expect(confirmed.data!.claims?.mfa_required).toBeUndefined();
    } finally {
      await provider.management.setSignInPolicy(member.userId, null);
    }
  });

  it('links accounts only by a verified email', async () => {
    const started = await device().sso.start(tenantId, `${appUrl}/login/sso/`);
    const landing = await returnToCallback(await browseAsIdpUser(started.data!.url, `unverified-${member.email}`));
    expect(landing.searchParams.get('err')).toBe('no-account');
  });

  it('trusts the address of an IdP that does not say it is verified (Entra ID) at a domain the organization proved in DNS', async () => {
    // The peer vouches for no address of a login that starts "unverified".
    const colleague = await provider.buildUser();
    const address = `unverified-${colleague.email}`;
    expect(await provider.management.changeUserEmail(colleague.userId, address)).toBe(true);
    await provider.management.setUserTenants(colleague.userId, { [tenantId]: ['User'] });
    const signIn = async () => {
      const started = await device().sso.start(tenantId, `${appUrl}/login/sso/`);
      return returnToCallback(await browseAsIdpUser(started.data!.url, address));
    };
    expect((await signIn()).searchParams.get('err')).toBe('no-account');
    await provider.database.db.insert(ssoDomainProofs).values({ domain: 'vigil.test', tenantId, provedAt: new Date() });
    try {
      const landing = await signIn();
      expect(landing.searchParams.has('code'), landing.href).toBe(true);
    } finally {
      await provider.database.db.delete(ssoDomainProofs).where(eq(ssoDomainProofs.domain, 'vigil.test'));
    }
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
