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

/**
 * Verifies a session JWT: signature by a key of the set, expiry with 5 s tolerance, issuer, and
 * that it is a session token (`drn: DS`), not a refresh token.
 * @throws AppError UNAUTHENTICATED with a reason a client developer can act on.
 */
export const createSessionVerifier =
  ({ projectId, keys }: { projectId: string; keys: JWTVerifyGetKey }): SessionVerifier =>
  async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, { algorithms: ['ES384', 'ES256', 'RS256'], clockTolerance: 5 }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHENTICATED', 'The session has expired');
      if (error instanceof joseErrors.JOSEError) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      // The key set could not be fetched: the provider is down or unreachable, not the caller's fault.
      throw new AppError('SERVICE_UNAVAILABLE', 'The authentication provider could not be reached; try again shortly');
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
