// @vitest-environment node
/**
 * Social sign-in (contract §2.8) against a real, certified OpenID provider started here
 * (`oidc-provider`) standing in for Google (OpenID Connect), GitHub (plain OAuth 2.0 with its
 * profile API) and Apple (an answer posted back, form_post), driven through the published
 * @descope/web-js-sdk's `oauth` methods. The browser is played with a cookie jar.
 */
import createSdk from '@descope/web-js-sdk';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProviderConfig, OAuthProviderName } from './oauth/oauth-providers.ts';
import { ssoStore } from './sso/sso-connections.ts';
import { startOpenIdPeer } from './test/openid-peer.ts';
import { projectId, providerSecret, useProvider } from './test/provider-harness.ts';

const appUrl = 'http://app.vigil.test';
// Filled once the peer listens; the provider reads it at each request.
const oauthProviders: Partial<Record<OAuthProviderName, OAuthProviderConfig>> = {};
const provider = useProvider({ oauthProviders });
// A deployment where anyone may sign up: social sign-in may make accounts, and must not adopt a squatter's.
const openProvider = useProvider({ oauthProviders, selfSignUp: true });
const secretOf = (name: string) => `${name}-client-secret-of-the-test-peer`;
const oneTapRedirect = 'http://one-tap.test/callback';
let peer: Awaited<ReturnType<typeof startOpenIdPeer>>;
let member: { email: string; userId: string };

/** A browser: the SDK with a fetch that keeps the cookies the provider sets (the sign-in's binding). */
const browser = (on = provider) => {
  const cookies = new Map<string, string>();
  const keepCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [name, ...value] = cookie.split(';')[0]!.split('=');
      cookies.set(name!, value.join('='));
    }
    return response;
  };
  const sdk = createSdk({ projectId, baseUrl: on.baseUrl, persistTokens: false, autoRefresh: false, fetch: keepCookies } as Parameters<typeof createSdk>[0]);
  /** The browser reaching our callback, from the peer's redirect or its posted form. */
  const land = async ({ url, form }: { url: URL; form?: Record<string, string> }) => {
    const response = await fetch(`${on.baseUrl}${url.pathname}${url.search}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  };
  return { sdk, cookies, land };
};

beforeAll(async () => {
  member = await provider.buildUser();
  peer = await startOpenIdPeer(
    (['google', 'github', 'apple'] as const).map((name) => ({
      client_id: `${name}-client`,
      client_secret: secretOf(name),
      redirect_uris: [`${appUrl}/v1/oauth/callback/${name}`, ...(name === 'google' ? [oneTapRedirect] : [])],
      token_endpoint_auth_method: 'client_secret_post',
    })),
  );
  oauthProviders.google = { clientId: 'google-client', clientSecret: secretOf('google'), issuer: peer.issuer };
  oauthProviders.apple = { clientId: 'apple-client', clientSecret: secretOf('apple'), issuer: peer.issuer };
  oauthProviders.github = {
    clientId: 'github-client',
    clientSecret: secretOf('github'),
    issuer: peer.issuer,
    authorizationUrl: `${peer.issuer}/auth`,
    tokenUrl: `${peer.issuer}/token`,
    profileUrl: `${peer.issuer}/user`,
  };
});
afterAll(() => peer?.close());

describe('social sign-in in the browser', () => {
  it('signs a person in with Google (OpenID Connect): PKCE, nonce, a state bound to the browser, a one-time code', async () => {
    const { sdk, land } = browser();
    const started = await sdk.oauth.start('google', `${appUrl}/login/oauth/`);
    expect(started.ok).toBe(true);
    const authorize = new URL(started.data!.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${peer.issuer}/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/v1/oauth/callback/google`);

    const answer = await peer.browse(started.data!.url, member.email, appUrl);
    const landing = await land(answer);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${appUrl}/login/oauth/`);
    const session = await sdk.oauth.exchange(landing.searchParams.get('code')!);
    expect(session.data!.user?.userId).toBe(member.userId);
    expect(session.data!.claims?.amr).toEqual(['oauth']);
    // The code works once; the provider's answer replayed finds its sign-in gone.
    expect((await sdk.oauth.exchange(landing.searchParams.get('code')!)).error?.errorCode).toBe('E061102');
    expect((await land(answer)).searchParams.get('err')).toBe('refused');
  });

  it('refuses the answer, or its code, in a browser that did not start the sign-in (a login CSRF)', async () => {
    const victim = browser();
    const attacker = browser();
    const started = await attacker.sdk.oauth.start('google', `${appUrl}/login/oauth/`);
    const answer = await peer.browse(started.data!.url, member.email, appUrl);
    expect((await victim.land(answer)).searchParams.get('err')).toBe('refused');
    // The attacker finishes in their own browser and sends the victim the link with the code: it signs nobody in.
    const again = await attacker.sdk.oauth.start('google', `${appUrl}/login/oauth/`);
    const code = (await attacker.land(await peer.browse(again.data!.url, member.email, appUrl))).searchParams.get('code')!;
    expect((await victim.sdk.oauth.exchange(code)).error?.errorCode).toBe('E061102');
  });

  it('where anyone may sign up: makes an account for a new verified address, and never adopts one whose address was not proved', async () => {
    const newcomer = `nadia.${randomUUID().slice(0, 6)}@vigil.test`;
    const first = browser(openProvider);
    const started = await first.sdk.oauth.start('google', `${appUrl}/login/oauth/`);
    const made = await first.sdk.oauth.exchange((await first.land(await peer.browse(started.data!.url, newcomer, appUrl))).searchParams.get('code')!);
    expect(made.data!.user?.email).toBe(newcomer);
    expect(made.data!.user?.verifiedEmail).toBe(true);

    // A squatter signs up with the victim's address and a password of their own, never proving the address.
    const victimAddress = `victim.${randomUUID().slice(0, 6)}@vigil.test`;
    expect((await first.sdk.password.signUp(victimAddress, 'squatter chose this long password 77')).ok).toBe(true);
    const victim = browser(openProvider);
    const victimStart = await victim.sdk.oauth.start('google', `${appUrl}/login/oauth/`);
    expect((await victim.land(await peer.browse(victimStart.data!.url, victimAddress, appUrl))).searchParams.get('err')).toBe('no-account');
  });

  it('links accounts only by an address the provider verified, and makes none while self sign-up is closed', async () => {
    for (const login of [`unverified-${member.email}`, `stranger.${randomUUID().slice(0, 6)}@vigil.test`]) {
      const { sdk, land } = browser();
      const started = await sdk.oauth.start('google', `${appUrl}/login/oauth/`);
      expect((await land(await peer.browse(started.data!.url, login, appUrl))).searchParams.get('err')).toBe('no-account');
    }
  });

  it('signs in with GitHub (plain OAuth 2.0): the verified primary address comes from its profile API', async () => {
    const { sdk, land } = browser();
    const started = await sdk.oauth.start('github', `${appUrl}/login/oauth/`, undefined, undefined, member.email);
    const authorize = new URL(started.data!.url);
    expect(authorize.searchParams.get('scope')).toBe('read:user user:email');
    expect(authorize.searchParams.get('login_hint')).toBe(member.email);
    const landing = await land(await peer.browse(started.data!.url, member.email, appUrl));
    const session = await sdk.oauth.exchange(landing.searchParams.get('code')!);
    expect(session.data!.user?.userId).toBe(member.userId);
  });

  it('signs in with Apple, whose answer is posted back (form_post)', async () => {
    const { sdk, land } = browser();
    const started = await sdk.oauth.start('apple', `${appUrl}/login/oauth/`);
    expect(new URL(started.data!.url).searchParams.get('response_mode')).toBe('form_post');
    const answer = await peer.browse(started.data!.url, member.email, appUrl);
    expect(answer.form?.code).toBeTruthy();
    const session = await sdk.oauth.exchange((await land(answer)).searchParams.get('code')!);
    expect(session.data!.user?.userId).toBe(member.userId);
  });

  it('is refused where the organisation requires single sign-on or does not allow social sign-in', async () => {
    const store = ssoStore(provider.database.db, providerSecret);
    for (const policy of [{ requireSso: true, requireMfa: false, allowedMethods: ['password'] }, { requireSso: false, requireMfa: false, allowedMethods: ['password', 'email'] }]) {
      const person = await provider.buildUser();
      await provider.management.setUserTenants(person.userId, { [person.tenantIds[0]!]: ['User'] });
      await store.setPolicy(person.tenantIds[0]!, policy);
      const { sdk, land } = browser();
      const started = await sdk.oauth.start('google', `${appUrl}/login/oauth/`);
      expect((await land(await peer.browse(started.data!.url, person.email, appUrl))).searchParams.get('err')).toBe('policy');
    }
  });

  it('refuses a provider this deployment did not set up, and a return address outside the app', async () => {
    const { sdk } = browser();
    const unset = await sdk.oauth.start('slack', `${appUrl}/login/oauth/`);
    expect(unset.error?.errorDescription).toMatch(/^provider: signing in with slack is not set up/);
    const elsewhere = await sdk.oauth.start('google', 'https://evil.example/steal');
    expect(elsewhere.error?.errorDescription).toMatch(/^redirectUrl: must be an address of this application/);
  });
});

describe('ID tokens a browser or an app brings (One Tap, native sign-in)', () => {
  const googleClient = { clientId: 'google-client', clientSecret: secretOf('google'), redirectUri: oneTapRedirect };

  it('One Tap: the client id, then an ID token with its nonce becomes a code or a session, once', async () => {
    const { sdk } = browser();
    expect((await sdk.oauth.getOneTapClientId('google')).data).toEqual({ clientId: 'google-client' });
    const nonce = randomUUID();
    const idToken = await peer.idTokenFor(googleClient, member.email, nonce);
    expect((await sdk.oauth.verifyOneTapIDToken('google', idToken, 'another-nonce')).error?.errorDescription).toBe('nonce: does not match the ID token');
    const verified = await sdk.oauth.verifyOneTapIDToken('google', idToken, nonce);
    const session = await sdk.oauth.exchange(verified.data!.code);
    expect(session.data!.user?.userId).toBe(member.userId);
    // The same token again is a replay.
    expect((await sdk.oauth.exchangeOneTapIDToken('google', idToken, nonce)).error?.errorDescription).toBe('idToken: used already');
    const fresh = randomUUID();
    expect((await sdk.oauth.exchangeOneTapIDToken('google', await peer.idTokenFor(googleClient, member.email, fresh), fresh)).data?.user?.userId).toBe(member.userId);
  });

  it('refuses an ID token issued to another client', async () => {
    const { sdk } = browser();
    const nonce = randomUUID();
    // Issued to the Apple app: its audience is not Google's client id here.
    const appleClient = { clientId: 'apple-client', clientSecret: secretOf('apple'), redirectUri: `${appUrl}/v1/oauth/callback/apple` };
    const idToken = await peer.idTokenFor(appleClient, member.email, nonce);
    expect((await sdk.oauth.exchangeOneTapIDToken('google', idToken, nonce)).error?.errorDescription).toMatch(/^idToken: not valid/);
  });

  it('native: start gives the client id and a nonce; finish with the ID token signs in, once', async () => {
    const { sdk } = browser();
    const started = await sdk.oauth.startNative('google', {}, false);
    const { clientId, stateId, nonce } = started.data as { clientId: string; stateId: string; nonce: string };
    expect(clientId).toBe('google-client');
    const idToken = await peer.idTokenFor(googleClient, member.email, nonce);
    const session = (await sdk.oauth.finishNative('google', stateId, undefined, undefined, idToken)) as { data?: { user?: { userId: string } } };
    expect(session.data?.user?.userId).toBe(member.userId);
    const again = (await sdk.oauth.finishNative('google', stateId, undefined, undefined, idToken)) as { error?: { errorDescription: string } };
    expect(again.error?.errorDescription).toBe('stateId: not a sign-in started here, or finished already');
  });
});
