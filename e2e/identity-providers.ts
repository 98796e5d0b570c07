import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Provider from 'oidc-provider';
import type { Page } from 'playwright-core';
import * as samlify from 'samlify';

// Real identity providers from npm for the browser to sign in at: samlify in the SAML IdP role and
// the certified oidc-provider. Nobody on the team wrote either; the product must work with both.

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', 'packages', 'auth-provider', 'src', 'test', name), 'utf8');
const listen = async (server: Server) => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A SAML identity provider whose user is whoever `signInAs` names (as if they had typed their
 * password there): it answers each AuthnRequest with a signed assertion, posted by the browser to
 * the service provider's ACS (HTTP-POST binding).
 */
export const startSamlIdentityProvider = async () => {
  samlify.setSchemaValidator({ validate: async () => 'skipped' });
  const server = createServer();
  const url = await listen(server);
  const idp = samlify.IdentityProvider({
    entityID: `${url}/metadata`,
    privateKey: fixture('idp-test-key.pem'),
    signingCert: fixture('idp-test-cert.pem'),
    singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: `${url}/sso` }],
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
  });
  const state = { user: '' };
  server.on('request', (request, response) => {
    void (async () => {
      const requested = new URL(request.url ?? '/', url);
      if (requested.pathname === '/metadata') return response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.getMetadata());
      // The request names its service provider (Issuer): its metadata is public at that address.
      const authnRequest = inflateRawSync(Buffer.from(requested.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(authnRequest)?.[1] ?? '';
      const sp = samlify.ServiceProvider({ metadata: await (await fetch(issuer)).text() });
      const { extract } = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(requested.searchParams) });
      const answer = (await idp.createLoginResponse(sp, { extract }, 'post', { email: state.user })) as { context: string; entityEndpoint: string };
      const relayState = requested.searchParams.get('RelayState') ?? '';
      response.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><title>Signing in</title><form method="post" action="${escapeHtml(answer.entityEndpoint)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(answer.context)}"><input type="hidden" name="RelayState" value="${escapeHtml(relayState)}"></form><script>document.forms[0].submit()</script>`,
      );
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  return {
    metadataXml: () => idp.getMetadata(),
    /** What an admin types into a form by hand: the entity id, sign-in URL and signing certificate. */
    values: { entityId: `${url}/metadata`, ssoUrl: `${url}/sso`, certificate: fixture('idp-test-cert.pem') },
    signInAs: (email: string) => void (state.user = email),
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
};

/**
 * An OpenID provider with its development sign-in and consent pages (any password works; the login
 * typed is the user, with a verified email). Its client is registered once the redirect URI is known.
 */
export const startOpenIdProvider = async () => {
  const server = createServer();
  const issuer = await listen(server);
  return {
    issuer,
    register: (client: { clientId: string; clientSecret: string; redirectUri: string }) => {
      const provider = new Provider(issuer, {
        clients: [{ client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: [client.redirectUri] }],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
        findAccount: async (_context, id) => ({ accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, given_name: 'Ida', family_name: 'Peer' }) }),
      });
      server.removeAllListeners('request');
      server.on('request', provider.callback());
    },
    /** The browser, sent to the provider's sign-in page, signs in there as `login` (any password) and consents. */
    signInAt: async (page: Page, login: string) => {
      await page.waitForURL((url) => url.origin === issuer, { timeout: 15_000 });
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
};
