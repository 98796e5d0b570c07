import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The provider keeps its own tables in their own schema, so it can run beside any application or alone. */
export const auth = pgSchema('auth');

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** ES384 signing keys; the private half is encrypted with the provider's secret. */
export const signingKeys = auth.table('signing_keys', {
  kid: text().primaryKey(),
  algorithm: text().notNull(),
  publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  privateJwkEncrypted: text().notNull(),
  createdAt: createdAt(),
  /** No longer signs; still published until every token it signed has expired. */
  retiredAt: timestamp({ withTimezone: true }),
});

export const tenants = auth.table('tenants', {
  id: text().primaryKey(),
  name: text().notNull(),
  isDisabled: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const users = auth.table(
  'users',
  {
    id: text().primaryKey(),
    email: text(),
    phone: text(),
    name: text().notNull().default(''),
    givenName: text().notNull().default(''),
    familyName: text().notNull().default(''),
    picture: text().notNull().default(''),
    verifiedEmail: boolean().notNull().default(false),
    verifiedPhone: boolean().notNull().default(false),
    status: text({ enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    roleNames: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * Values the host keeps on the user through the management API (Descope's custom attributes),
     * never set by the person: Vigil marks the logins it makes with the organisation they are for.
     */
    customAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    passwordHash: text(),
    failedPasswordAttempts: integer().notNull().default(0),
    lockedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`), uniqueIndex('users_phone_idx').on(t.phone)],
);

/** Every identifier a user signs in with (email, phone), normalised: one user per login id. */
export const loginIds = auth.table(
  'login_ids',
  {
    loginId: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const userTenants = auth.table(
  'user_tenants',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    roleNames: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index().on(t.tenantId)],
);

/**
 * Refresh tokens, by the hash of the token. A family is one sign-in: each refresh rotates to a new
 * token of the family, and presenting a rotated one again revokes the whole family.
 */
export const refreshTokens = auth.table(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    familyId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['active', 'rotated', 'revoked'] }).notNull().default('active'),
    selectedTenant: text(),
    amr: text().array().notNull().default(sql`'{}'::text[]`),
    familyExpiresAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index().on(t.familyId), index().on(t.userId, t.status)],
);

/**
 * A code or link sent to someone: only an HMAC of its secret is kept. Single use, short-lived,
 * bound to the login id (and, for links, the pending reference) it was issued for.
 */
export const verifications = auth.table(
  'verifications',
  {
    id: text().primaryKey(),
    /** `notp`: a WhatsApp sign-in, confirmed by the person's message to the business number (no migration: a text column). */
    kind: text({ enum: ['otp', 'magiclink', 'enchantedlink', 'password-reset', 'notp'] }).notNull(),
    /** For updates: the new email or phone the code or link confirms. */
    targetValue: text(),
    channel: text().notNull(),
    loginId: text().notNull(),
    /** Null when nobody has this login id: the answer looks the same, nothing is sent. */
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    pendingRefHash: text(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    /** Enchanted link: set when the link is opened; WhatsApp (notp): when the message arrives. Read once by the polling browser. */
    verifiedAt: timestamp({ withTimezone: true }),
    /** A second factor (`loginOptions.mfa`): the signed-in session family the code steps up. */
    stepUpFamilyId: text(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.loginId, t.kind), uniqueIndex('verifications_pending_ref_idx').on(t.pendingRefHash)],
);

/**
 * A per-person sign-in policy the application sets (adaptive controls): read at every sign-in and
 * refresh. `requireMfa`: a session from one factor is marked as needing a second (claim
 * `mfa_required`) until the person confirms a code (`loginOptions.mfa`); `sessionMaxSeconds`: a
 * session ends that long after its sign-in, whatever the project's lifetime.
 */
export const signInPolicies = auth.table('sign_in_policies', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requireMfa: boolean().notNull().default(false),
  sessionMaxSeconds: integer(),
  /** Why, in the application's words (shown to admins, never to the person's sign-in page). */
  reason: text().notNull().default(''),
  updatedAt: createdAt(),
});

/** Every sign-in attempt, success or failure: the user's history and the organisation's login log. */
export const authEvents = auth.table(
  'auth_events',
  {
    id: text().primaryKey(),
    userId: text(),
    loginId: text(),
    tenantId: text(),
    event: text().notNull(),
    method: text().notNull(),
    success: boolean().notNull(),
    reason: text(),
    ip: text(),
    userAgent: text(),
    city: text(),
    country: text(),
    /** The browser's device id (the SDK's `fpData.vsid`) as a keyed hash: equal for the same device, useless anywhere else. */
    deviceId: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.tenantId, t.createdAt)],
);

/**
 * Keys for machines (integrations, scripts): exchanged for a session token. Only a hash of the
 * secret is kept; the key is shown once, when it is made. Expiring and revocable.
 */
export const accessKeys = auth.table(
  'access_keys',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    secretHash: text().notNull(),
    /** Tenant id → role names the key's sessions carry. */
    tenantRoles: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    roleNames: text().array().notNull().default(sql`'{}'::text[]`),
    createdBy: text(),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_keys_secret_hash_idx').on(t.secretHash)],
);

/**
 * Messages the embedded deployment does not send anywhere (no SMTP, no SMS provider configured):
 * superadmins read them here. They hold the code or link they deliver, like any mailbox.
 */
export const outboxMessages = auth.table(
  'outbox_messages',
  {
    id: text().primaryKey(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/**
 * Attempt counters, one fixed window per key (an IP or a login id, per route), in the database so
 * that every server counts towards one limit.
 */
export const rateLimitWindows = auth.table('rate_limit_windows', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetsAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A person's authenticator app (TOTP, RFC 6238). The shared secret is encrypted with the provider's
 * secret. `pendingSecretEncrypted` is a new secret being set up: it replaces the active one only
 * when a code from it is confirmed. `lastUsedStep` is the 30-second step of the last code accepted,
 * so each code works once.
 */
export const totpSecrets = auth.table('totp_secrets', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text(),
  pendingSecretEncrypted: text(),
  lastUsedStep: integer(),
  confirmedAt: timestamp({ withTimezone: true }),
  updatedAt: createdAt(),
});

/** One-time recovery codes for when the authenticator app or passkey is lost: only a keyed hash is kept, each works once. */
export const recoveryCodes = auth.table(
  'recovery_codes',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), uniqueIndex('recovery_codes_hash_idx').on(t.codeHash)],
);

/** A passkey (WebAuthn credential) of a person: its public key, signature counter and how it travels. */
export const passkeys = auth.table(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn user handle the authenticator keeps with it (base64url), one per person. */
    userHandle: text().notNull(),
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: text().array().notNull().default(sql`'{}'::text[]`),
    /** What the person calls it ("Work laptop"); defaults to the browser and system that made it. */
    name: text().notNull().default(''),
    deviceType: text().notNull().default('singleDevice'),
    backedUp: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.userHandle)],
);

/**
 * A WebAuthn ceremony between its start and finish: the challenge the browser must sign, for whom
 * and what for. In the database, so the finish may reach another server than the start.
 */
export const webauthnTransactions = auth.table('webauthn_transactions', {
  id: text().primaryKey(),
  kind: text({ enum: ['signup', 'signin', 'update'] }).notNull(),
  userId: text().references(() => users.id, { onDelete: 'cascade' }),
  loginId: text().notNull().default(''),
  displayName: text().notNull().default(''),
  userHandle: text(),
  challenge: text().notNull(),
  origin: text().notNull(),
  /** update with `mfa`: the finish answers a stepped-up session; signin with a token: the family to step up. */
  mfa: boolean().notNull().default(false),
  stepUpFamilyId: text(),
  userAgent: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});


/**
 * An organisation's single sign-on connection to its identity provider: SAML (the IdP's entity id,
 * sign-in URL and signing certificates) or OpenID Connect (issuer, client id and an encrypted
 * secret). People signing in through it are known by (connection, subject) in `sso_identities`.
 */
export const ssoConnections = auth.table(
  'sso_connections',
  {
    id: text().primaryKey(),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    protocol: text({ enum: ['saml', 'oidc'] }).notNull(),
    name: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Email domains whose people this connection signs in (home-realm discovery from an address). */
    domains: text().array().notNull().default(sql`'{}'::text[]`),
    samlIdpEntityId: text(),
    samlIdpSsoUrl: text(),
    /** PEM certificates the IdP signs with (two during a rollover). */
    samlIdpCertificates: text().array().notNull().default(sql`'{}'::text[]`),
    oidcIssuer: text(),
    oidcClientId: text(),
    oidcClientSecretEncrypted: text(),
    /** Makes an account (and the host's person) for a newcomer the IdP vouches for. */
    jitProvisioning: boolean().notNull().default(false),
    /** When a test sign-in last succeeded: the connection is known to work. */
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index().on(t.tenantId)],
);

/**
 * An email domain an organisation proved it controls, by a DNS TXT record only it could compute.
 * One organisation per domain (a newer proof moves it: DNS says who holds the domain now). Routing
 * by address prefers the prover's connections, and just-in-time provisioning trusts only these.
 */
export const ssoDomainProofs = auth.table(
  'sso_domain_proofs',
  {
    domain: text().primaryKey(),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    provedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.tenantId)],
);

/** Who a connection's subject (SAML NameID, OIDC `sub`) is here: the account it signs in. */
export const ssoIdentities = auth.table(
  'sso_identities',
  {
    connectionId: text()
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.subject] }), index().on(t.userId)],
);

/**
 * A sign-in sent to an identity provider and not yet back: its id is the SAML request id (checked
 * against InResponseTo) or the OIDC `state`; it keeps the PKCE verifier, the nonce and where to
 * return. Taken once, so a replayed response finds nothing.
 */
export const ssoRequests = auth.table('sso_requests', {
  id: text().primaryKey(),
  connectionId: text()
    .notNull()
    .references(() => ssoConnections.id, { onDelete: 'cascade' }),
  redirectUrl: text().notNull(),
  codeVerifier: text(),
  nonce: text(),
  /** An admin's test sign-in from the SSO settings: it proves the connection and signs nobody in. */
  test: boolean().notNull().default(false),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/** SAML assertions already accepted, by id, until they expire: a replayed assertion is refused. */
export const samlAssertions = auth.table('saml_assertions', {
  id: text().primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The one-time code an SSO sign-in leaves in the return URL (`?code=`), exchanged once by
 * `saml/exchange` for a session; for a test sign-in, for what the IdP said.
 */
export const ssoCodes = auth.table('sso_codes', {
  codeHash: text().primaryKey(),
  connectionId: text()
    .notNull()
    .references(() => ssoConnections.id, { onDelete: 'cascade' }),
  userId: text().references(() => users.id, { onDelete: 'cascade' }),
  /** A test sign-in's finding: the subject, email and names the IdP sent. */
  testResult: jsonb().$type<Record<string, string>>(),
  /** The identity provider said the person proved a second factor there: the session counts as MFA. */
  identityProviderMfa: boolean().notNull().default(false),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  consumedAt: timestamp({ withTimezone: true }),
});

/**
 * An organisation's sign-in policy, enforced by the provider at every sign-in: single sign-on
 * required (admins keep a password as break-glass), a second factor required, and which other
 * first factors are allowed.
 */
export const tenantSignInPolicies = auth.table('tenant_sign_in_policies', {
  tenantId: text()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  requireSso: boolean().notNull().default(false),
  requireMfa: boolean().notNull().default(false),
  /** First factors allowed besides SSO: password, email (codes and links), passkey, social (Google, Microsoft, GitHub…). */
  allowedMethods: text().array().notNull().default(sql`'{password,email,passkey,social}'::text[]`),
  updatedAt: createdAt(),
});

/**
 * A social sign-in (OAuth 2.0 / OpenID Connect at Google, GitHub, Microsoft…) sent to the provider
 * and not yet back: `id` is the `state`; it keeps the PKCE verifier, the nonce, where to return and
 * a hash of the secret the starting browser holds in a cookie, so only that browser may finish it.
 * Native sign-ins (`native/start`) keep their nonce here too. Taken once.
 */
export const oauthRequests = auth.table('oauth_requests', {
  id: text().primaryKey(),
  provider: text().notNull(),
  kind: text({ enum: ['web', 'native'] }).notNull().default('web'),
  redirectUrl: text(),
  codeVerifier: text(),
  nonce: text(),
  browserBindingHash: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/** Who a social provider's subject is here, once linked through a verified email: the account it signs in. */
export const oauthIdentities = auth.table(
  'oauth_identities',
  {
    provider: text().notNull(),
    subject: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    createdAt: createdAt(),
    lastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index().on(t.userId)],
);

/** The one-time code a social sign-in leaves in the return URL (`?code=`), or One Tap's verify answers; exchanged once. */
export const oauthCodes = auth.table('oauth_codes', {
  codeHash: text().primaryKey(),
  provider: text().notNull(),
  /** The starting browser's binding (as on the request): only that browser may exchange the code. Null for One Tap's. */
  browserBindingHash: text(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  consumedAt: timestamp({ withTimezone: true }),
});

/** ID tokens already accepted directly (One Tap, native sign-in), by hash until they expire: a replayed one is refused. */
export const usedIdTokens = auth.table('used_id_tokens', {
  tokenHash: text().primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A running sign-in flow (`/v1/flow/start`, `/v1/flow/next`): which screen it waits on, what it
 * has learnt so far (the login id, the person once a first factor is proved, the methods used) and
 * the hash of the nonce the next call must bring. Kept in the database, so any server continues it.
 */
export const flowExecutions = auth.table('flow_executions', {
  id: text().primaryKey(),
  flowId: text().notNull(),
  stepId: text().notNull(),
  state: jsonb().$type<Record<string, unknown>>().notNull(),
  /** The sequence number of the last nonce handed out, and the keyed hash of that nonce. */
  nonceSequence: integer().notNull().default(0),
  nonceHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export const authSchema = {
  signingKeys,
  tenants,
  users,
  loginIds,
  userTenants,
  refreshTokens,
  verifications,
  authEvents,
  accessKeys,
  outboxMessages,
  rateLimitWindows,
  totpSecrets,
  recoveryCodes,
  passkeys,
  webauthnTransactions,
  ssoConnections,
  ssoIdentities,
  ssoRequests,
  samlAssertions,
  ssoCodes,
  tenantSignInPolicies,
  oauthRequests,
  oauthIdentities,
  oauthCodes,
  usedIdTokens,
  flowExecutions,
};
