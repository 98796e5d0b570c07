import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

/**
 * The two token endpoints the reported-phish mailbox uses, as their providers publish them, plus
 * RFC 7662 introspection so a test IMAP server (Dovecot's oauth2 passdb) accepts the tokens issued:
 *
 * - Microsoft identity platform v2.0: `POST /{tenant}/oauth2/v2.0/token`, form body with
 *   grant_type=client_credentials, client_id, client_secret, scope; answers
 *   `{ token_type: "Bearer", expires_in, ext_expires_in, access_token }` or
 *   `{ error, error_description, error_codes }` with 400/401.
 * - Google OAuth 2.0 for service accounts: `POST /token`, form body with
 *   grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer and assertion (an RS256 JWT with iss,
 *   scope, aud, iat, exp and, for domain-wide delegation, sub); answers `{ access_token, expires_in, token_type }`.
 */

export type MicrosoftApp = { tenantId: string; clientId: string; clientSecret: string; mailbox: string };
export type GoogleServiceAccount = { clientEmail: string; publicKeyPem: string; delegatedMailboxes: string[] };
type Issued = { username: string; provider: 'microsoft' | 'google' };

const readForm = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

export const startFakeOAuthServer = async ({ microsoft, google }: { microsoft: MicrosoftApp; google: GoogleServiceAccount }) => {
  const issued = new Map<string, Issued>();
  const requests: { path: string; form: Record<string, string> }[] = [];
  const issue = (username: string, provider: Issued['provider']) => {
    const token = `${provider}-${randomBytes(24).toString('base64url')}`;
    issued.set(token, { username, provider });
    return token;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const form = await readForm(request);
      requests.push({ path: url.pathname, form: Object.fromEntries(form) });
      if (request.method !== 'POST') return json(response, 405, { error: 'invalid_request' });

      const microsoftPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
      if (microsoftPath) {
        if (form.get('grant_type') !== 'client_credentials') return json(response, 400, { error: 'unsupported_grant_type', error_description: 'AADSTS70003: The app requested an unsupported grant type.' });
        if (decodeURIComponent(microsoftPath[1]!) !== microsoft.tenantId) return json(response, 400, { error: 'invalid_request', error_description: `AADSTS90002: Tenant '${microsoftPath[1]}' not found.` });
        if (form.get('client_id') !== microsoft.clientId || form.get('client_secret') !== microsoft.clientSecret) {
          return json(response, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.', error_codes: [7000215] });
        }
        if (form.get('scope') !== 'https://outlook.office365.com/.default') return json(response, 400, { error: 'invalid_scope', error_description: 'AADSTS70011: The provided value for the input parameter scope is not valid.' });
        return json(response, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: issue(microsoft.mailbox, 'microsoft') });
      }

      if (url.pathname === '/token') {
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(response, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
        try {
          const { payload } = await jwtVerify(form.get('assertion') ?? '', await importSPKI(google.publicKeyPem, 'RS256'), { issuer: google.clientEmail });
          if (payload.scope !== 'https://mail.google.com/') return json(response, 400, { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience provided.' });
          if (typeof payload.sub !== 'string' || !google.delegatedMailboxes.includes(payload.sub)) {
            return json(response, 401, { error: 'unauthorized_client', error_description: 'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.' });
          }
          return json(response, 200, { access_token: issue(payload.sub, 'google'), expires_in: 3599, token_type: 'Bearer' });
        } catch {
          return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        }
      }

      if (url.pathname === '/introspect') {
        const found = issued.get(form.get('token') ?? '');
        return json(response, 200, found ? { active: true, username: found.username } : { active: false });
      }
      return json(response, 404, { error: 'not_found' });
    })().catch(() => json(response, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    /** What the fake was asked, in order (secrets included: only tests read it). */
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
