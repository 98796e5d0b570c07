import { createHash } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';
import * as oidc from 'openid-client';

/**
 * Who the peer's development login page signs in: the login typed is the subject and the address,
 * verified unless it starts with "unverified"; a login ending in "+mfa" says a second factor was
 * proved (`amr: mfa`), as Entra ID and Okta say it, and signs in the address without it.
 */
const claimsOf = (login: string) => {
  const mfa = login.endsWith('+mfa');
  const id = mfa ? login.slice(0, -'+mfa'.length) : login;
  return { sub: id, email: id, email_verified: !id.startsWith('unverified'), given_name: 'Ida', family_name: 'Peer', name: 'Ida Peer', amr: mfa ? ['pwd', 'mfa'] : ['pwd'] };
};

/** Where the browser ended up: a redirect to the app, or a form the peer posts to it (form_post). */
export type Landing = { url: URL; form?: Record<string, string> };

/**
 * A real, certified OpenID provider (`oidc-provider`, with its development login and consent
 * pages) on a loopback port, standing in for an identity provider's published endpoints. It also
 * answers GitHub's profile API (`/user`, `/user/emails`) for its access tokens, so a plain OAuth 2.0
 * provider can be played by the same peer.
 */
export const startOpenIdPeer = async (clients: ClientMetadata[]) => {
  const server: Server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const peer = new Provider(issuer, {
    clients,
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    responseTypes: ['code'],
    // GitHub's own scopes, for the plain OAuth 2.0 requests it stands in for.
    scopes: ['openid', 'offline_access', 'read:user', 'user:email'],
    findAccount: async (_context, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
  });
  const handle = peer.callback();
  server.on('request', async (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/user' || path === '/user/emails') {
      const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const found = token ? await peer.AccessToken.find(token) : undefined;
      response.setHeader('content-type', 'application/json');
      if (!found) {
        response.statusCode = 401;
        return response.end(JSON.stringify({ message: 'Bad credentials' }));
      }
      const claims = claimsOf(found.accountId);
      // GitHub's shapes: a numeric id and login on /user; every address with its flags on /user/emails.
      return response.end(
        JSON.stringify(
          path === '/user'
            ? { id: Number.parseInt(createHash('sha256').update(found.accountId).digest('hex').slice(0, 12), 16), login: found.accountId.split('@')[0], name: claims.name, email: null }
            : [{ email: claims.email, primary: true, verified: claims.email_verified, visibility: 'private' }],
        ),
      );
    }
    return handle(request, response);
  });

  const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  /**
   * A browser following redirects with a cookie jar, submitting the peer's login form as `login`
   * and its consent form, until it reaches `appUrl` (by a redirect or by a form the peer posts).
   */
  const browse = async (start: string, login: string, appUrl: string): Promise<Landing> => {
    const jar = new Map<string, string>();
    let url = start;
    for (let step = 0; step < 12; step++) {
      if (url.startsWith(appUrl)) return { url: new URL(url) };
      const onInteraction = /\/interaction\/[^/?]+$/.test(new URL(url).pathname);
      const page = onInteraction ? await fetch(url, { headers: { cookie: cookieHeader(jar) } }).then((r) => r.text()) : undefined;
      const body = page ? new URLSearchParams(page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' }) : undefined;
      const response = await fetch(url, { method: body ? 'POST' : 'GET', redirect: 'manual', headers: { cookie: cookieHeader(jar), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, body });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
      const location = response.headers.get('location');
      if (!location) {
        // form_post: the peer answers a page whose form posts the code to the app.
        const html = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (action?.startsWith(appUrl)) {
          const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
          return { url: new URL(action), form: fields };
        }
        throw new Error(`the OpenID peer stopped at ${url} with ${response.status}`);
      }
      url = new URL(location, url).toString();
    }
    throw new Error('too many redirects');
  };

  /** An ID token the peer issues to `client` for `login` with `nonce`: what Google One Tap or a native app would hold. */
  const idTokenFor = async (client: { clientId: string; clientSecret: string; redirectUri: string }, login: string, nonce: string) => {
    const configuration = await oidc.discovery(new URL(issuer), client.clientId, client.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const start = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: client.redirectUri,
      scope: 'openid email profile',
      nonce,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const landing = await browse(start.toString(), login, client.redirectUri);
    const tokens = await oidc.authorizationCodeGrant(configuration, landing.url, { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
    return tokens.id_token!;
  };

  return { issuer, browse, idTokenFor, close: () => new Promise<void>((closed) => server.close(() => closed())) };
};
