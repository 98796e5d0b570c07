import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { type SQL, and, eq, min, ne, sql } from 'drizzle-orm';
import { randomId, randomToken, sha256 } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { AuthError } from '../errors.ts';
import { type SecondFactors, hasSecondFactor, secondFactorsOf } from '../factors/second-factors.ts';
import { type KeyRing, signingAlgorithm } from '../keys/signing-keys.ts';
import { refreshTokens, signInPolicies } from '../schema/index.ts';
import { presentUser } from '../users/user.presenter.ts';
import { type TenantPolicies, enforceTenantPolicies, tenantPoliciesOf, tenantRequiresMfa } from './tenant-policy.ts';
import { type UserRow, usersRepository } from '../users/users.repository.ts';

export type SessionSettings = {
  projectId: string;
  sessionTtlSeconds: number;
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
};

/**
 * Who is on the other end: the address, the browser's user agent, where the host can tell the
 * address's country (ISO alpha-2), and the device id the browser sent as `fpData.vsid` (a hint, not
 * proof: any client can send any id). The event log keeps, and the host hears, only a keyed hash of it.
 */
export type ClientInfo = { ip?: string; userAgent?: string; country?: string; deviceId?: string };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * How long after signing in a session may change how the person signs in (a password, an
 * authenticator app, a passkey) without proving it is them again. Older sessions sign in again
 * first, so a stolen long-lived session cannot take the account over.
 */
export const recentSignInSeconds = 10 * 60;

/** Codes and links sent to an address: the same kind of factor whatever the channel. */
const emailChannels = ['email', 'sms', 'whatsapp'];

/**
 * Sessions: a short-lived ES384 session JWT and a rotating refresh JWT per sign-in (a "family").
 * Refresh tokens are stored by hash; a rotated token presented again revokes its family.
 */
export const createSessions = (
  db: AuthDb,
  keys: KeyRing,
  settings: SessionSettings,
  log: { warn: (o: object, m: string) => void },
  /** Told when a rotated refresh token comes back: the family is revoked and the attempt recorded. */
  onReuse: (userId: string) => Promise<void> = async () => undefined,
) => {
  const userData = usersRepository(db);

  /** The person's sign-in policy (adaptive controls), read at every sign-in and refresh. */
  const policyOf = async (userId: string) => (await db.select().from(signInPolicies).where(eq(signInPolicies.userId, userId)).limit(1))[0];
  /**
   * A session from one factor needs a second while the policy asks for it, or while the person has
   * set one up (an authenticator app or a passkey): what they set up is asked for at every sign-in.
   * An organisation's "MFA required" leaves single sign-on to its identity provider, which asks for
   * its own factors.
   */
  const needsMfa = (policy: { requireMfa: boolean } | undefined, factors: SecondFactors, tenantPolicies: TenantPolicies, amr: readonly string[]) =>
    (Boolean(policy?.requireMfa) || hasSecondFactor(factors) || (tenantRequiresMfa(tenantPolicies) && !amr.includes('sso'))) && !amr.includes('mfa');

  const sign = async (claims: Record<string, unknown>, subject: string, expiresAt: number) => {
    const { kid, privateKey } = await keys.signingKey();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: signingAlgorithm, kid, typ: 'JWT' })
      .setIssuer(settings.projectId)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  };

  /**
   * The contract's JWTResponse (§2.2) for a user, a refresh token and the tenant they selected.
   * Beside the contract's claims the session token carries `sid` (OIDC's session id claim), the
   * refresh family it belongs to: the application needs it to mark "this session" in a person's
   * list of sessions and to end all the others. SDKs ignore claims they do not know.
   */
  const respond = async (
    user: UserRow,
    familyId: string,
    refreshJwt: string,
    refreshExpiresAt: number,
    selectedTenant: string | null,
    amr: string[],
    /** The person's sign-in policy as the caller read it (sign-in and refresh read it already). */
    policy: { requireMfa: boolean } | undefined,
    firstSeen = false,
  ) => {
    const [loginIds, tenants, factors, tenantPolicies] = await Promise.all([
      userData.listLoginIds(user.id),
      userData.listTenants(user.id),
      secondFactorsOf(db, user.id),
      tenantPoliciesOf(db, user.id),
    ]);
    const sessionExpiration = nowSeconds() + settings.sessionTtlSeconds;
    const tenantClaims = Object.fromEntries(tenants.map((t) => [t.tenantId, { roles: t.roleNames, permissions: [] }]));
    const dct = selectedTenant && selectedTenant in tenantClaims ? selectedTenant : undefined;
    const sessionJwt = await sign(
      { drn: 'DS', amr, roles: user.roleNames, permissions: [], tenants: tenantClaims, ...(dct ? { dct } : {}), sid: familyId, ...(needsMfa(policy, factors, tenantPolicies, amr) ? { mfa_required: true } : {}) },
      user.id,
      sessionExpiration,
    );
    return {
      sessionJwt,
      refreshJwt,
      sessionExpiration,
      cookieExpiration: refreshExpiresAt,
      cookiePath: '/',
      claims: decodeJwt(sessionJwt),
      user: presentUser(user, loginIds, tenants, factors),
      firstSeen,
    };
  };

  const mintRefresh = async (
    user: UserRow,
    family: { familyId: string; familyExpiresAt: Date; selectedTenant: string | null; amr: string[] },
    client: ClientInfo,
  ) => {
    const expiresAt = Math.min(nowSeconds() + settings.refreshIdleSeconds, Math.floor(family.familyExpiresAt.getTime() / 1000));
    const refreshJwt = await sign({ drn: 'DSR', jti: randomToken(16) }, user.id, expiresAt);
    await db.insert(refreshTokens).values({
      tokenHash: sha256(refreshJwt),
      familyId: family.familyId,
      userId: user.id,
      selectedTenant: family.selectedTenant,
      amr: family.amr,
      familyExpiresAt: family.familyExpiresAt,
      expiresAt: new Date(expiresAt * 1000),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { refreshJwt, expiresAt };
  };

  /** Ends every family with a token matching `which`: all its tokens, rotated ones too, stop working. */
  const revokeFamilies = (which: SQL, reason: string) =>
    db
      .update(refreshTokens)
      .set({ status: 'revoked', revokedAt: new Date(), revokedReason: reason })
      .where(and(which, sql`${refreshTokens.status} <> 'revoked'`));
  const revokeFamily = (familyId: string, reason: string) => revokeFamilies(eq(refreshTokens.familyId, familyId), reason);

  /** Checks a refresh JWT's signature and that it is the family's current token. */
  const verifyRefresh = async (refreshJwt: string) => {
    try {
      const { payload } = await jwtVerify(refreshJwt, keys.resolveKey, { issuer: settings.projectId, clockTolerance: 5 });
      if (payload.drn !== 'DSR') throw new Error('not a refresh token');
    } catch {
      throw new AuthError('unauthorized', 'The refresh token is not valid or has expired');
    }
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshJwt))).limit(1);
    if (!row || row.status === 'revoked') throw new AuthError('sessionRevoked', 'The session has ended; sign in again');
    if (row.status === 'rotated') {
      await revokeFamily(row.familyId, 'refresh token reused');
      log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reuse detected: session family revoked');
      await onReuse(row.userId);
      throw new AuthError('sessionRevoked', 'The session has ended; sign in again');
    }
    const user = await userData.findById(row.userId);
    if (!user || user.status !== 'enabled') throw new AuthError('sessionRevoked', 'The session has ended; sign in again');
    return { row, user };
  };

  return {
    /** A session for a machine holding an access key: no refresh token, it exchanges the key again. */
    signForAccessKey: async (key: { id: string; roleNames: string[]; tenantRoles: Record<string, string[]> }, selectedTenant?: string) => {
      const expiration = nowSeconds() + settings.sessionTtlSeconds;
      const tenants = Object.fromEntries(Object.entries(key.tenantRoles).map(([id, roles]) => [id, { roles, permissions: [] }]));
      const dct = selectedTenant && selectedTenant in tenants ? selectedTenant : undefined;
      const sessionJwt = await sign({ drn: 'DS', amr: ['access_key'], roles: key.roleNames, permissions: [], tenants, ...(dct ? { dct } : {}) }, key.id, expiration);
      return { keyId: key.id, sessionJwt, expiration };
    },
    /**
     * Refuses a sign-in by a method an organisation of the person's does not allow; sign-in routes
     * call it before they record a success, and `start` calls it again.
     * @throws AuthError ssoRequired or methodNotAllowed.
     */
    enforceSignInPolicy: async (user: UserRow, amr: readonly string[]) => enforceTenantPolicies(await tenantPoliciesOf(db, user.id), user.roleNames, amr),
    /** A new sign-in: a new family and its first tokens (no longer than the person's policy allows). */
    start: async (user: UserRow, amr: string[], client: ClientInfo, selectedTenant: string | null = null, firstSeen = false) => {
      enforceTenantPolicies(await tenantPoliciesOf(db, user.id), user.roleNames, amr);
      const policy = await policyOf(user.id);
      const family = {
        familyId: randomId('F'),
        familyExpiresAt: new Date((nowSeconds() + Math.min(settings.refreshAbsoluteSeconds, policy?.sessionMaxSeconds ?? Infinity)) * 1000),
        selectedTenant,
        amr,
      };
      const refresh = await mintRefresh(user, family, client);
      return respond(user, family.familyId, refresh.refreshJwt, refresh.expiresAt, selectedTenant, amr, policy, firstSeen);
    },
    verifyRefresh,
    /**
     * Rotates: the presented token becomes `rotated` (atomically, so two racing refreshes cannot
     * both succeed) and a new one of the same family is issued.
     */
    refresh: async (refreshJwt: string, client: ClientInfo, selectTenant?: string) => {
      const { user, row } = await verifyRefresh(refreshJwt);
      // A shorter lifetime set after the sign-in applies at the next refresh.
      const policy = await policyOf(user.id);
      if (policy?.sessionMaxSeconds) {
        const [first] = await db.select({ at: min(refreshTokens.createdAt) }).from(refreshTokens).where(eq(refreshTokens.familyId, row.familyId));
        if ((first?.at ?? new Date(0)).getTime() + policy.sessionMaxSeconds * 1000 <= Date.now()) {
          await revokeFamily(row.familyId, 'session lifetime of the sign-in policy');
          throw new AuthError('sessionRevoked', 'The session has ended; sign in again');
        }
      }
      const [rotated] = await db
        .update(refreshTokens)
        .set({ status: 'rotated', rotatedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, sha256(refreshJwt)), eq(refreshTokens.status, 'active')))
        .returning();
      if (!rotated) {
        // Another refresh rotated this token between our check and our update: a reuse. Checking
        // again sees it as rotated, revokes the family and throws.
        await verifyRefresh(refreshJwt);
        throw new AuthError('sessionRevoked', 'The session has ended; sign in again');
      }
      const selectedTenant = selectTenant ?? rotated.selectedTenant;
      const next = await mintRefresh(user, { ...rotated, selectedTenant }, client);
      return { user, response: await respond(user, rotated.familyId, next.refreshJwt, next.expiresAt, selectedTenant, rotated.amr, policy) };
    },
    /**
     * A second factor confirmed for a signed-in family: a new family whose methods add `method` and
     * `mfa` (so a policy asking for MFA is met), the old one ended. Refused for a family that is not
     * the user's or has ended.
     */
    stepUp: async (user: UserRow, familyId: string, method: string, client: ClientInfo, { newFactor = false } = {}) => {
      const [current] = await db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, user.id), eq(refreshTokens.status, 'active')))
        .limit(1);
      if (!current) throw new AuthError('sessionRevoked', 'The session has ended; sign in again');
      const factors = await secondFactorsOf(db, user.id);
      // A second factor is another factor: the same app, passkey or recovery code twice is still one
      // (a newly set-up app confirming itself is another). Once the person has an app or a passkey,
      // a code sent by email or SMS does not stand in for it: whoever holds the mailbox would not need it.
      if (!newFactor && current.amr.includes(method) && !emailChannels.includes(method)) {
        throw new AuthError('badRequest', 'This session signed in with this factor already: confirm it with another one');
      }
      if (emailChannels.includes(method) && hasSecondFactor(factors)) {
        throw new AuthError('secondFactorRequired', 'Confirm it is you with your authenticator app, a passkey or a recovery code');
      }
      const amr = [...new Set([...current.amr, method, 'mfa'])];
      const family = { familyId: randomId('F'), familyExpiresAt: current.familyExpiresAt, selectedTenant: current.selectedTenant, amr };
      const refresh = await mintRefresh(user, family, client);
      await revokeFamily(familyId, 'stepped up with a second factor');
      return respond(user, family.familyId, refresh.refreshJwt, refresh.expiresAt, current.selectedTenant, amr, await policyOf(user.id));
    },
    /**
     * Whether a session of the person, signed in with `amr`, still owes a second factor (it carries
     * `mfa_required`): such a session may only confirm one, nothing else.
     */
    owesSecondFactor: async (user: UserRow, amr: readonly string[]) => {
      const [policy, factors, tenantPolicies] = await Promise.all([policyOf(user.id), secondFactorsOf(db, user.id), tenantPoliciesOf(db, user.id)]);
      return needsMfa(policy, factors, tenantPolicies, amr);
    },
    revokeFamily,
    revokeFamilyOf: async (refreshJwt: string, reason: string) => {
      const { row } = await verifyRefresh(refreshJwt);
      await revokeFamily(row.familyId, reason);
      return row.userId;
    },
    revokeAllForUser: (userId: string, reason: string) => revokeFamilies(eq(refreshTokens.userId, userId), reason),
    /** Ends every session of the user but the one named (the one asking). */
    revokeOthersForUser: (userId: string, keepFamilyId: string, reason: string) =>
      revokeFamilies(and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId))!, reason),
    /**
     * Refuses a family that signed in (or stepped up) more than `recentSignInSeconds` ago: its first
     * token counts, refreshes and tenant switches do not renew it.
     * @throws AuthError recentSignInRequired, saying what to do first.
     */
    requireRecentSignIn: async (familyId: string, change: string) => {
      const [first] = await db.select({ at: min(refreshTokens.createdAt) }).from(refreshTokens).where(eq(refreshTokens.familyId, familyId));
      if (Date.now() - (first?.at ?? new Date(0)).getTime() > recentSignInSeconds * 1000) {
        throw new AuthError('recentSignInRequired', `This session signed in more than ${recentSignInSeconds / 60} minutes ago: sign in again, then ${change}`);
      }
    },
  };
};

export type Sessions = ReturnType<typeof createSessions>;
