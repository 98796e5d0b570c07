import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

/**
 * A local Google for the directory-sync tests, speaking the published APIs the sync uses:
 * - OAuth 2.0 token endpoint, JWT-bearer grant (RFC 7523, as Google takes it for service accounts):
 *   the assertion's signature is checked against the service account's public key, its `aud` is
 *   Google's token URL, its `scope` must be granted to the client by domain-wide delegation and
 *   its `sub` must be a user of the account. Errors in RFC 6749 §5.2 shape, with Google's texts.
 * - Admin SDK Directory API v1: users.list (customer or domain, maxResults up to 500, pageToken
 *   paging with opaque tokens, projection, viewType, the orgUnitPath search clause) and
 *   orgunits.list, answering the published JSON (admin#directory#users, admin#directory#orgUnits).
 */

export type FakeGoogleUser = {
  id: string;
  primaryEmail: string;
  name: { givenName: string; familyName: string; fullName?: string };
  suspended?: boolean;
  archived?: boolean;
  orgUnitPath: string;
  isEnrolledIn2Sv?: boolean;
  relations?: { type: string; value: string; customType?: string }[];
  organizations?: { title?: string; department?: string; primary?: boolean; type?: string }[];
  phones?: { value: string; type: string; primary?: boolean }[];
  externalIds?: { value: string; type: string }[];
  languages?: { languageCode?: string; customLanguage?: string; preference?: string }[];
};

export type FakeServiceAccount = { json: string; clientEmail: string; clientId: string; publicKeyPem: string };

/** A service account key file as Google Cloud hands it out (a fresh RSA key). */
export const makeServiceAccount = (clientEmail = 'vigil-sync@vigil-test.iam.gserviceaccount.com', clientId = '103456789012345678901'): FakeServiceAccount => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyId = randomBytes(20).toString('hex');
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'vigil-test',
    private_key_id: privateKeyId,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: clientId,
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, clientEmail, clientId, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

const googleTokenAudience = 'https://oauth2.googleapis.com/token';

export const startFakeGoogleWorkspace = async (options: { serviceAccount: FakeServiceAccount; admins: string[]; domain: string }) => {
  const state = {
    users: [] as FakeGoogleUser[],
    orgUnits: [] as { name: string; orgUnitPath: string; parentOrgUnitPath: string }[],
    /** Scopes the Admin console granted to the service account's client id (domain-wide delegation). */
    grantedScopes: new Set(['https://www.googleapis.com/auth/admin.directory.user.readonly', 'https://www.googleapis.com/auth/admin.directory.orgunit.readonly']),
    admins: new Set(options.admins.map((email) => email.toLowerCase())),
    /** Every subject a token was asked for, and every users.list call's query. */
    tokenRequests: [] as { sub: string | undefined; scope: string }[],
    listCalls: [] as Record<string, string>[],
  };
  const tokens = new Map<string, { sub: string; expiresAt: number }>();
  const pageTokens = new Map<string, number>();
  const publicKey = await importSPKI(options.serviceAccount.publicKeyPem, 'RS256');

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };
  const apiError = (response: ServerResponse, code: number, message: string, reason: string) =>
    send(response, code, { error: { code, message, errors: [{ message, domain: 'global', reason }] } });
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return send(response, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' + form.get('grant_type') });
    let claims: Record<string, unknown>;
    try {
      claims = (await jwtVerify(form.get('assertion') ?? '', publicKey, { algorithms: ['RS256'], audience: googleTokenAudience, issuer: options.serviceAccount.clientEmail })).payload;
    } catch {
      return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    const scope = String(claims.scope ?? '');
    state.tokenRequests.push({ sub: claims.sub as string | undefined, scope });
    const scopes = scope.split(' ').filter(Boolean);
    if (claims.sub !== undefined && !scopes.every((item) => state.grantedScopes.has(item))) {
      return send(response, 401, { error: 'unauthorized_client', error_description: 'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.' });
    }
    const sub = String(claims.sub ?? '').toLowerCase();
    if (!state.admins.has(sub) && !state.users.some((user) => user.primaryEmail.toLowerCase() === sub)) {
      return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid email or User ID' });
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, { sub, expiresAt: Date.now() + 3_600_000 });
    return send(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  };

  const authorised = (request: IncomingMessage, response: ServerResponse) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = bearer ? tokens.get(bearer) : undefined;
    if (!grant || grant.expiresAt < Date.now()) {
      apiError(response, 401, 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', 'authError');
      return undefined;
    }
    if (!state.admins.has(grant.sub)) {
      apiError(response, 403, 'Not Authorized to access this resource/api', 'forbidden');
      return undefined;
    }
    return grant;
  };

  const inOrgUnit = (path: string, scope: string) => scope === '/' || path === scope || path.startsWith(`${scope}/`);

  const usersList = (url: URL, response: ServerResponse) => {
    const query = Object.fromEntries(url.searchParams);
    state.listCalls.push(query);
    const customer = url.searchParams.get('customer');
    const domain = url.searchParams.get('domain');
    if (!customer && !domain) return apiError(response, 400, 'Bad Request', 'badRequest');
    if (customer && customer !== 'my_customer' && customer !== 'C0fake123') return apiError(response, 400, 'Bad Request', 'badRequest');
    if (domain && domain !== options.domain) return apiError(response, 404, 'Domain not found.', 'notFound');
    const maxResults = Number(url.searchParams.get('maxResults') ?? 100);
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 500) return apiError(response, 400, 'Invalid Input: maxResults', 'invalid');
    const search = url.searchParams.get('query');
    const orgUnit = search ? /^orgUnitPath='((?:[^'\\]|\\.)*)'$/.exec(search)?.[1]?.replace(/\\(.)/g, '$1') : undefined;
    if (search && orgUnit === undefined) return apiError(response, 400, 'Invalid Input: query', 'invalid');
    const matching = state.users.filter((user) => (orgUnit ? inOrgUnit(user.orgUnitPath, orgUnit) : true));
    const pageToken = url.searchParams.get('pageToken');
    let start = 0;
    if (pageToken) {
      const offset = pageTokens.get(pageToken);
      if (offset === undefined) return apiError(response, 400, 'Invalid Input: pageToken', 'invalid');
      start = offset;
    }
    const users = matching.slice(start, start + maxResults).map((user) => ({
      kind: 'admin#directory#user',
      etag: `"${user.id}/${Buffer.from(JSON.stringify(user)).toString('base64url').slice(0, 16)}"`,
      customerId: 'C0fake123',
      isAdmin: state.admins.has(user.primaryEmail.toLowerCase()),
      isDelegatedAdmin: false,
      isEnforcedIn2Sv: false,
      isEnrolledIn2Sv: user.isEnrolledIn2Sv ?? false,
      suspended: user.suspended ?? false,
      archived: user.archived ?? false,
      includeInGlobalAddressList: true,
      creationTime: '2024-01-15T09:00:00.000Z',
      ...user,
      name: { ...user.name, fullName: user.name.fullName ?? `${user.name.givenName} ${user.name.familyName}` },
      emails: [{ address: user.primaryEmail, primary: true }],
    }));
    const next = start + maxResults < matching.length ? randomBytes(18).toString('base64url') : undefined;
    if (next) pageTokens.set(next, start + maxResults);
    return send(response, 200, { kind: 'admin#directory#users', etag: `"${randomBytes(8).toString('hex')}"`, users, ...(next ? { nextPageToken: next } : {}) });
  };

  const orgUnitsList = (customerId: string, url: URL, response: ServerResponse) => {
    if (customerId !== 'my_customer' && customerId !== 'C0fake123') return apiError(response, 400, 'Bad Request', 'badRequest');
    const type = url.searchParams.get('type') ?? 'children';
    const units = state.orgUnits.filter((unit) => type !== 'children' || unit.parentOrgUnitPath === '/');
    return send(response, 200, {
      kind: 'admin#directory#orgUnits',
      etag: `"${randomBytes(8).toString('hex')}"`,
      organizationUnits: units.map((unit, index) => ({ kind: 'admin#directory#orgUnit', orgUnitId: `id:03ph8a2z${index}`, ...unit, parentOrgUnitId: 'id:03ph8a2z', blockInheritance: false })),
    });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    (async () => {
      if (request.method === 'POST' && url.pathname === '/token') return token(request, response);
      if (request.method !== 'GET' || !authorised(request, response)) return !response.headersSent && apiError(response, 405, 'Method not allowed', 'badRequest');
      if (url.pathname === '/admin/directory/v1/users') return usersList(url, response);
      const orgUnits = /^\/admin\/directory\/v1\/customer\/([^/]+)\/orgunits$/.exec(url.pathname);
      if (orgUnits) return orgUnitsList(decodeURIComponent(orgUnits[1]!), url, response);
      return apiError(response, 404, 'Not Found', 'notFound');
    })().catch((error: unknown) => send(response, 500, { error: { code: 500, message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    baseUrl,
    /** The configuration that points the product at this server. */
    env: { GOOGLE_DIRECTORY_URL: baseUrl, GOOGLE_TOKEN_URL: `${baseUrl}/token` },
    /** Adds org units for every path (and its parents). */
    addOrgUnits: (...paths: string[]) => {
      for (const path of paths) {
        const parts = path.split('/').filter(Boolean);
        for (let depth = 1; depth <= parts.length; depth++) {
          const orgUnitPath = `/${parts.slice(0, depth).join('/')}`;
          if (!state.orgUnits.some((unit) => unit.orgUnitPath === orgUnitPath)) {
            state.orgUnits.push({ name: parts[depth - 1]!, orgUnitPath, parentOrgUnitPath: depth === 1 ? '/' : `/${parts.slice(0, depth - 1).join('/')}` });
          }
        }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeGoogleWorkspace = Awaited<ReturnType<typeof startFakeGoogleWorkspace>>;
