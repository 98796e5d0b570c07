import { type JWTVerifyGetKey, createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from './app-error.ts';

/** The claims of a session JWT we rely on (auth-provider-contract.md §4 and §7). */
export type SessionClaims = {
  sub: string;
  /** The current tenant, set by the provider's tenant/select. */
  dct?: string;
  tenants?: Record<string, { roles?: string[]; permissions?: string[] }>;
  roles?: string[];
  /** The embedded provider's session (refresh family) id; other providers may leave it out. */
  sid?: string;
  /** Set by the embedded provider while the person's sign-in policy asks for a second factor this session has not given. */
  mfa_required?: boolean;
  /** How the person signed in (`pwd`, `email`, `totp`, `webauthn`, `mfa`…). */
  amr?: string[];
  /** When the person signed in (epoch seconds; OIDC's claim), when the provider says. */
  auth_time?: number;
};

/** The provider's published keys, fetched when an unknown `kid` appears and cached. */
export const remoteSessionKeys = (authBaseUrl: string, projectId: string): JWTVerifyGetKey =>
  createRemoteJWKSet(new URL(`${authBaseUrl}/v2/keys/${encodeURIComponent(projectId)}`), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: 30_000,
    timeoutDuration: 5_000,
  });

/** As Descope's backend SDKs do: the issuer is the project id, or a URL whose last or second-to-last segment is. */
const issuerNamesProject = (issuer: string | undefined, projectId: string) => {
  if (!issuer) return false;
  if (issuer === projectId) return true;
  const segments = issuer.split('/').filter(Boolean);
  return segments.at(-1) === projectId || segments.at(-2) === projectId;
};

export type SessionVerifier = (token: string) => Promise<SessionClaims>;

/** How long a key id the provider did not publish is refused without asking again. */
export const unknownKeyMemoryMs = 60_000;

/** The key set could not be read: the provider is down or unreachable, not the caller's fault. */
class KeySetUnavailable extends Error {}

/**
 * The key lookup as the verifier needs it. A token naming no key, or a key the provider does not
 * publish, is the caller's problem (jose's JWKSNoMatchingKey, a 401); any other failure to get a
 * key is the provider's (503). An unknown key id is remembered for `unknownKeyMemoryMs` so forged
 * tokens cannot drive a database read or JWKS fetch each; at most `maxEntries` are remembered,
 * and a key published by a rotation is found once its entry expires.
 */
const guardKeyLookup = (keys: JWTVerifyGetKey, { now, maxEntries }: { now: () => number; maxEntries: number }): JWTVerifyGetKey => {
  // Insertion order makes the first key the oldest entry.
  const unknownUntil = new Map<string, number>();
  return async (header, token) => {
    const { kid } = header;
    if (!kid) throw new joseErrors.JWKSNoMatchingKey('The token names no signing key');
    const until = unknownUntil.get(kid);
    if (until !== undefined) {
      if (until > now()) throw new joseErrors.JWKSNoMatchingKey();
      unknownUntil.delete(kid);
    }
    try {
      return await keys(header, token);
    } catch (error) {
      if (error instanceof joseErrors.JWKSNoMatchingKey) {
        unknownUntil.set(kid, now() + unknownKeyMemoryMs);
        if (unknownUntil.size > maxEntries) unknownUntil.delete(unknownUntil.keys().next().value!);
        throw error;
      }
      if (error instanceof joseErrors.JWKSMultipleMatchingKeys) throw error;
      throw new KeySetUnavailable('The key set could not be read', { cause: error });
    }
  };
};

/**
 * Verifies a session JWT: signature by a key of the set, expiry with 5 s tolerance, issuer, and
 * that it is a session token (`drn: DS`), not a refresh token.
 * @throws AppError UNAUTHENTICATED with a reason a client developer can act on, or
 *   SERVICE_UNAVAILABLE when the provider's keys cannot be read.
 */
export const createSessionVerifier = ({
  projectId,
  keys,
  now = Date.now,
  unknownKeyIdsMax = 1_000,
}: {
  projectId: string;
  keys: JWTVerifyGetKey;
  now?: () => number;
  unknownKeyIdsMax?: number;
}): SessionVerifier => {
  const lookUpKey = guardKeyLookup(keys, { now, maxEntries: unknownKeyIdsMax });
  return async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, lookUpKey, { algorithms: ['ES384', 'ES256', 'RS256'], clockTolerance: 5 }));
    } catch (error) {
      if (error instanceof KeySetUnavailable) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The authentication provider could not be reached; try again shortly');
      }
      if (error instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHENTICATED', 'The session has expired');
      if (error instanceof joseErrors.JWKSNoMatchingKey) {
        throw new AppError('UNAUTHENTICATED', 'The session token was not signed by a key of the authentication provider');
      }
      throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
    }
    if (!issuerNamesProject(payload.iss, projectId)) {
      throw new AppError('UNAUTHENTICATED', 'The session token was issued for another project');
    }
    if (payload.drn !== undefined && payload.drn !== 'DS') {
      throw new AppError('UNAUTHENTICATED', 'A refresh token is not a session token');
    }
    if (typeof payload.sub !== 'string' || !payload.sub) {
      throw new AppError('UNAUTHENTICATED', 'The session token names no user');
    }
    return payload as SessionClaims;
  };
};

/**
 * Remembers verified session tokens until they expire, so a page that makes several API calls pays
 * for one signature check (about 1.3 ms for ES384) rather than one per call. Session JWTs are
 * stateless in the contract (revocation acts on refresh tokens), so a cached answer is the answer a
 * fresh check would give until `exp`. Failures are not cached: a fixed clock or key set may pass later.
 */
export const cacheVerifiedSessions = (
  verify: SessionVerifier,
  { maxEntries = 5_000, now = Date.now }: { maxEntries?: number; now?: () => number } = {},
): SessionVerifier => {
  // A Map keeps insertion order, which makes it a small LRU: a hit moves the entry to the end.
  const verified = new Map<string, { claims: SessionClaims; expiresAtMs: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit) {
      verified.delete(token);
      if (hit.expiresAtMs > now()) {
        verified.set(token, hit);
        return hit.claims;
      }
    }
    const claims = await verify(token);
    const exp = (claims as { exp?: unknown }).exp;
    if (typeof exp === 'number') {
      verified.set(token, { claims, expiresAtMs: exp * 1000 });
      if (verified.size > maxEntries) verified.delete(verified.keys().next().value!);
    }
    return claims;
  };
};
