import { SAML, type CacheProvider, type Profile, ValidateInResponseTo } from '@node-saml/node-saml';
import { and, arrayContains, eq, gt, isNull, sql } from 'drizzle-orm';
import { domainProofsRepository } from './domain-proofs.ts';
import { isTrue } from '../oauth/oauth-providers.ts';
import * as oidc from 'openid-client';
import type { ProviderContext } from '../context.ts';
import { keyedHash, randomId, randomToken } from '../crypto.ts';
import { AuthError } from '../errors.ts';
import { cachedConfiguration, keepOutboundFetch, outboundOptions } from '../http/outbound.ts';
import { linkBase } from '../methods/verifications.ts';
import { samlAssertions, ssoCodes, ssoConnections, ssoIdentities, ssoRequests, userTenants } from '../schema/index.ts';
import { usersRepository } from '../users/users.repository.ts';
import { type SsoConnectionRow, clientSecretOf, serviceProviderUrls } from './sso-connections.ts';

const requestSeconds = 10 * 60;
const codeSeconds = 2 * 60;
/** How far the IdP's clock may be from ours when it dates an assertion. */
export const clockSkewMs = 3 * 60 * 1000;

/** What an identity provider said about who signed in. */
export type SsoIdentity = {
  subject: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  /** The IdP says the person proved a second factor there (SAML AuthnContext, OIDC amr/acr). */
  mfa: boolean;
};

/**
 * How identity providers say a sign-in used more than a password: SAML authentication contexts
 * (Entra ID's multipleauthn, REFEDS MFA, OASIS two-factor and smart-card classes) and the OIDC
 * `amr` value `mfa` or an MFA `acr`.
 */
const multiFactorContexts = new Set([
  'http://schemas.microsoft.com/claims/multipleauthn',
  'https://refeds.org/profile/mfa',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
]);

/** The text values anywhere inside an xml2js node (strings, `_` text, arrays, nested elements). */
const textsOf = (node: unknown): string[] =>
  typeof node === 'string' ? [node.trim()] : Array.isArray(node) ? node.flatMap(textsOf) : node && typeof node === 'object' ? Object.entries(node).flatMap(([key, value]) => (key === '$' ? [] : textsOf(value))) : [];

/**
 * The connection a sign-in goes to: by organisation (tenant id, optionally one `ssoId` of its
 * connections) or by the domain of an email address its connections claim.
 */
export const findConnection = async (context: ProviderContext, tenantOrEmail: string, ssoId?: string) => {
  const domain = tenantOrEmail.includes('@') ? tenantOrEmail.split('@').pop()!.trim().toLowerCase() : undefined;
  // A domain someone proved in DNS routes to the prover's connections only, whoever else claims it.
  const prover = domain ? await domainProofsRepository(context.db).proverOf(domain) : undefined;
  const conditions = [
    eq(ssoConnections.enabled, true),
    ...(domain ? [arrayContains(ssoConnections.domains, [domain]), ...(prover ? [eq(ssoConnections.tenantId, prover)] : [])] : [eq(ssoConnections.tenantId, tenantOrEmail)]),
    ...(ssoId ? [eq(ssoConnections.id, ssoId)] : []),
  ];
  return (await context.db.select().from(ssoConnections).where(and(...conditions)).orderBy(ssoConnections.createdAt).limit(1))[0];
};

export const connectionById = async (context: ProviderContext, id: string) => (await context.db.select().from(ssoConnections).where(eq(ssoConnections.id, id)).limit(1))[0];

/** Takes a pending request once (a replayed response finds it gone). */
const takeRequest = async (context: ProviderContext, id: string, connectionId: string) =>
  (
    await context.db
      .update(ssoRequests)
      .set({ consumedAt: new Date() })
      .where(and(eq(ssoRequests.id, id), eq(ssoRequests.connectionId, connectionId), isNull(ssoRequests.consumedAt), gt(ssoRequests.expiresAt, sql`now()`)))
      .returning()
  )[0];

/**
 * node-saml's request-id cache over `sso_requests`: the request was saved before the redirect;
 * `getAsync` answers only for a live one of this connection, and the response's InResponseTo must
 * name it.
 */
const requestCache = (context: ProviderContext, connectionId: string, seen: { requestId?: string }): CacheProvider => ({
  saveAsync: async (key, value) => ({ value, createdAt: Date.now() }),
  // node-saml reads the value as the time the request was made, to check its age.
  getAsync: async (key) => {
    const [row] = await context.db
      .select({ createdAt: ssoRequests.createdAt })
      .from(ssoRequests)
      .where(and(eq(ssoRequests.id, key), eq(ssoRequests.connectionId, connectionId), isNull(ssoRequests.consumedAt), gt(ssoRequests.expiresAt, sql`now()`)));
    if (!row) return null;
    seen.requestId = key;
    return row.createdAt.toISOString();
  },
  removeAsync: async (key) => key,
});

const samlFor = (context: ProviderContext, connection: SsoConnectionRow, options: { forceAuthn?: boolean; requestId?: string; seen?: { requestId?: string } } = {}) => {
  const urls = serviceProviderUrls(context.settings.publicUrl, connection.id);
  if (!connection.samlIdpSsoUrl || !connection.samlIdpCertificates.length) throw new AuthError('badRequest', 'This SAML connection has no IdP sign-in URL or certificate yet');
  return new SAML({
    issuer: urls.entityId,
    callbackUrl: urls.acsUrl,
    entryPoint: connection.samlIdpSsoUrl,
    idpCert: connection.samlIdpCertificates,
    ...(connection.samlIdpEntityId ? { idpIssuer: connection.samlIdpEntityId } : {}),
    audience: urls.entityId,
    // Assertions must be signed by the IdP's certificate; an unsigned one is refused whatever the response says.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: clockSkewMs,
    maxAssertionAgeMs: 10 * 60 * 1000,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: requestSeconds * 1000,
    cacheProvider: requestCache(context, connection.id, options.seen ?? {}),
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    forceAuthn: options.forceAuthn ?? false,
    generateUniqueId: () => options.requestId ?? randomId('_r'),
  });
};

const oidcFor = (context: ProviderContext, connection: SsoConnectionRow) => {
  if (!connection.oidcIssuer || !connection.oidcClientId) throw new AuthError('badRequest', 'This OpenID Connect connection has no issuer or client id yet');
  const issuer = new URL(connection.oidcIssuer);
  const clientId = connection.oidcClientId;
  return cachedConfiguration(`sso:${connection.id}:${connection.updatedAt.getTime()}`, () =>
    oidc.discovery(issuer, clientId, clientSecretOf(context.secret, connection), undefined, outboundOptions(context, issuer)).then((found) => keepOutboundFetch(context, found)),
  );
};

/**
 * Starts a sign-in at the connection's identity provider: the request (its id, PKCE verifier,
 * nonce and where to come back) is kept in the database for the response, on any server.
 * @returns the IdP address the browser goes to.
 */
export const startSso = async (context: ProviderContext, connection: SsoConnectionRow, options: { redirectUrl?: string; forceAuthn?: boolean; loginHint?: string; test?: boolean }) => {
  const redirectUrl = linkBase(context, options.redirectUrl, '/login/sso/');
  const id = connection.protocol === 'saml' ? randomId('_r') : randomToken(24);
  const codeVerifier = connection.protocol === 'oidc' ? oidc.randomPKCECodeVerifier() : undefined;
  const nonce = connection.protocol === 'oidc' ? oidc.randomNonce() : undefined;
  await context.db.insert(ssoRequests).values({ id, connectionId: connection.id, redirectUrl, codeVerifier, nonce, test: options.test ?? false, expiresAt: new Date(Date.now() + requestSeconds * 1000) });
  if (connection.protocol === 'saml') return samlFor(context, connection, { forceAuthn: options.forceAuthn, requestId: id }).getAuthorizeUrlAsync(id, undefined, {});
  let configuration: oidc.Configuration;
  try {
    configuration = await oidcFor(context, connection);
  } catch (error) {
    // Down, refused by the outbound guard, or not an OpenID provider: the admin can act on that.
    throw new AuthError('badRequest', `The identity provider could not be reached at ${connection.oidcIssuer}: ${error instanceof Error ? error.message : 'no answer'}`);
  }
  return oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: serviceProviderUrls(context.settings.publicUrl, connection.id).oidcRedirectUri,
      scope: 'openid email profile',
      state: id,
      nonce: nonce!,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier!),
      code_challenge_method: 'S256',
      ...(options.loginHint ? { login_hint: options.loginHint } : {}),
      ...(options.forceAuthn ? { prompt: 'login' } : {}),
    })
    .toString();
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Checks a SAML response posted to the ACS: signed assertion by the IdP's certificate, our audience,
 * dates within the clock skew, InResponseTo one of our live requests (taken once), and an assertion
 * id never seen before.
 */
export const finishSaml = async (context: ProviderContext, connection: SsoConnectionRow, body: Record<string, string>) => {
  const seen: { requestId?: string } = {};
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(context, connection, { seen }).validatePostResponseAsync(body));
  } catch (error) {
    throw new AuthError('unauthorized', `SAMLResponse: refused (${error instanceof Error ? error.message : 'invalid'})`);
  }
  const request = seen.requestId ? await takeRequest(context, seen.requestId, connection.id) : undefined;
  if (!profile || !request) throw new AuthError('unauthorized', 'SAMLResponse: not an answer to a sign-in started here, or answered already');
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string }; AuthnStatement?: { AuthnContext?: unknown }[] } } | undefined;
  const assertionId = assertion?.Assertion?.$?.ID;
  const [fresh] = assertionId
    ? await context.db.insert(samlAssertions).values({ id: `${connection.id}:${assertionId}`, expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) }).onConflictDoNothing().returning()
    : [];
  if (!fresh) throw new AuthError('unauthorized', 'SAMLResponse: this assertion was used already');
  const email = text(profile.email) ?? text(profile.mail) ?? (profile.nameIDFormat?.endsWith(':emailAddress') ? text(profile.nameID) : undefined);
  const identity: SsoIdentity = {
    subject: profile.nameID,
    email,
    // The organisation's own IdP speaks for its people's addresses.
    emailVerified: Boolean(email),
    givenName: text(profile['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname']) ?? text(profile.givenName) ?? text(profile.firstName),
    familyName: text(profile['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname']) ?? text(profile.surname) ?? text(profile.lastName),
    // The assertion's authentication context, or Entra ID's authnmethodsreferences attribute.
    mfa: [...textsOf(assertion?.Assertion?.AuthnStatement?.map((statement) => statement.AuthnContext)), ...textsOf(profile['http://schemas.microsoft.com/claims/authnmethodsreferences'])].some((value) => multiFactorContexts.has(value)),
  };
  return { request, identity };
};

const googleIssuer = 'https://accounts.google.com';

/**
 * Google's issuer signs in every Google account: only an account of the organisation's Workspace
 * (its hosted domain, the `hd` claim, among the connection's domains) may use a Google connection.
 * @returns why the sign-in is refused, or undefined
 */
export const googleWorkspaceRefusal = (connection: Pick<SsoConnectionRow, 'oidcIssuer' | 'domains'>, hd: unknown) => {
  if (connection.oidcIssuer?.replace(/\/+$/, '') !== googleIssuer) return undefined;
  const hostedDomain = typeof hd === 'string' ? hd.toLowerCase() : undefined;
  if (hostedDomain && connection.domains.includes(hostedDomain)) return undefined;
  return `hd: ${hostedDomain ?? 'a Google account outside any Workspace'} is not a domain of this connection`;
};

/** Completes an OpenID Connect sign-in: the state names our request (taken once); PKCE, nonce and the ID token are checked by openid-client. */
export const finishOidc = async (context: ProviderContext, connection: SsoConnectionRow, callbackUrl: URL) => {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const request = await takeRequest(context, state, connection.id);
  if (!request) throw new AuthError('unauthorized', 'state: not a sign-in started here, or answered already');
  let claims: (oidc.IDToken & Partial<oidc.UserInfoResponse>) | undefined;
  try {
    const configuration = await oidcFor(context, connection);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, { pkceCodeVerifier: request.codeVerifier!, expectedState: state, expectedNonce: request.nonce! });
    claims = tokens.claims();
    // Some providers put the email and names only behind the userinfo endpoint, for the same subject.
    if (claims && !claims.email) claims = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) };
  } catch (error) {
    throw new AuthError('unauthorized', `code: refused by the identity provider or not valid (${error instanceof Error ? error.message : 'invalid'})`);
  }
  if (!claims) throw new AuthError('unauthorized', 'id_token: missing');
  const refusal = googleWorkspaceRefusal(connection, claims.hd);
  if (refusal) throw new AuthError('unauthorized', refusal);
  const identity: SsoIdentity = {
    subject: claims.sub,
    email: text(claims.email),
    // Entra ID does not send email_verified: xms_edov (the domain owner verified the address) stands for it.
    emailVerified: isTrue(claims.email_verified) || isTrue((claims as Record<string, unknown>).xms_edov),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    mfa: (Array.isArray(claims.amr) && claims.amr.includes('mfa')) || (typeof claims.acr === 'string' && multiFactorContexts.has(claims.acr)),
  };
  return { request, identity };
};

/**
 * Who signs in: the account this connection's subject is already linked to; else a member of the
 * connection's organisation whose verified email is at one of the connection's domains (then
 * linked); else, with just-in-time provisioning, a newcomer of a domain the organisation proved in
 * DNS, whom the host creates.
 * Only someone who belongs to the connection's organisation alone may sign in through it: an
 * organisation's identity provider must never vouch for a person another organisation also holds
 * (a managed-service operator, say), whose session would reach that organisation too. Membership
 * is checked at every sign-in, so leaving the organisation ends single sign-on at once.
 */
export const resolveSsoUser = async (context: ProviderContext, connection: SsoConnectionRow, identity: SsoIdentity) => {
  const users = usersRepository(context.db);
  const refused = () => new AuthError('unauthorized', `${identity.email ?? identity.subject} has no account in this organization that single sign-on may use; ask your administrator`);
  const onlyHere = async (userId: string) => {
    const memberships = await context.db.select({ tenantId: userTenants.tenantId }).from(userTenants).where(eq(userTenants.userId, userId));
    return memberships.length === 1 && memberships[0]!.tenantId === connection.tenantId;
  };
  const [linked] = await context.db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.connectionId, connection.id), eq(ssoIdentities.subject, identity.subject)));
  let userId = linked?.userId;
  const domain = identity.email?.split('@').pop()!.toLowerCase();
  // An address counts when the IdP vouches for it, or when the organisation proved its domain in DNS
  // (it holds both the domain and the IdP: Entra ID, say, sends no email_verified unless told to).
  // Looked up only for someone not linked yet: a linked sign-in (the usual one) costs no proof query.
  const proved = !userId && Boolean(domain && connection.domains.includes(domain) && (await domainProofsRepository(context.db).isProvedBy(connection.tenantId, domain)));
  if (!userId && identity.email && (identity.emailVerified || proved) && domain && connection.domains.includes(domain)) {
    const user = await users.findByLoginId(identity.email);
    if (user) userId = user.id;
    // A newcomer gets an account only at a domain the organisation proved it holds: a claim alone
    // would let any organisation's IdP mint accounts for another company's addresses.
    else if (connection.jitProvisioning && context.provisionSsoUser && proved) {
      userId = await context.provisionSsoUser({ tenantId: connection.tenantId, connectionId: connection.id, email: identity.email, givenName: identity.givenName ?? '', familyName: identity.familyName ?? '' });
    }
  }
  if (!userId || !(await onlyHere(userId))) throw refused();
  if (!linked) await context.db.insert(ssoIdentities).values({ connectionId: connection.id, subject: identity.subject, userId }).onConflictDoNothing();
  await context.db.update(ssoIdentities).set({ lastSignInAt: new Date() }).where(and(eq(ssoIdentities.connectionId, connection.id), eq(ssoIdentities.subject, identity.subject)));
  const user = await users.findById(userId);
  if (!user || user.status !== 'enabled') throw new AuthError('unauthorized', 'This account cannot sign in; ask your administrator');
  return user;
};

/** A one-time code for the return URL: a sign-in's (exchanged for a session) or a test's (read by the settings page). */
export const issueSsoCode = async (context: ProviderContext, connectionId: string, outcome: { userId: string; mfa: boolean } | { testResult: Record<string, string> }) => {
  const code = randomToken(32);
  await context.db.insert(ssoCodes).values({
    codeHash: keyedHash(context.secret, code),
    connectionId,
    ...('userId' in outcome ? { userId: outcome.userId, identityProviderMfa: outcome.mfa } : { testResult: outcome.testResult }),
    expiresAt: new Date(Date.now() + codeSeconds * 1000),
  });
  return code;
};

/** Takes a code once, within its two minutes. */
export const takeSsoCode = async (context: ProviderContext, code: string) =>
  (
    await context.db
      .update(ssoCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(ssoCodes.codeHash, keyedHash(context.secret, code)), isNull(ssoCodes.consumedAt), gt(ssoCodes.expiresAt, sql`now()`)))
      .returning()
  )[0];

/** The SP metadata an admin gives their IdP: entity id, ACS (HTTP-POST), signed assertions wanted. */
export const serviceProviderMetadata = (context: ProviderContext, connection: SsoConnectionRow) => {
  const urls = serviceProviderUrls(context.settings.publicUrl, connection.id);
  return new SAML({ issuer: urls.entityId, callbackUrl: urls.acsUrl, idpCert: 'unused-for-metadata', wantAssertionsSigned: true, identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' }).generateServiceProviderMetadata(null);
};

/**
 * An admin's test sign-in from the SSO settings: a real round trip to the IdP that proves the
 * connection (and marks it verified) without signing anyone in. Only the connection's own
 * organisation can start or read it.
 * @returns the IdP address to open, or undefined when the organisation has no such connection.
 */
export const startSsoTest = async (context: ProviderContext, tenantId: string, connectionId: string, redirectUrl: string) => {
  const connection = await connectionById(context, connectionId);
  if (!connection || connection.tenantId !== tenantId) return undefined;
  return startSso(context, connection, { redirectUrl, forceAuthn: true, test: true });
};

/** What the IdP said in a test sign-in, read once by the organisation that made it. */
export const readSsoTest = async (context: ProviderContext, tenantId: string, code: string) => {
  const [row] = await context.db
    .select({ connectionId: ssoCodes.connectionId, tenantId: ssoConnections.tenantId })
    .from(ssoCodes)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoCodes.connectionId))
    .where(eq(ssoCodes.codeHash, keyedHash(context.secret, code)));
  if (!row || row.tenantId !== tenantId) return undefined;
  const taken = await takeSsoCode(context, code);
  const said = taken?.testResult;
  return said ? { connectionId: row.connectionId, subject: said.subject ?? '', email: said.email ?? '', givenName: said.givenName ?? '', familyName: said.familyName ?? '' } : undefined;
};
