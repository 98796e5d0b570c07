import { and, eq, sql } from 'drizzle-orm';
import { refreshTokens } from '@vigil/auth-provider/schema';
import { isAdminRole } from '@vigil/contracts';
import { type Db, adaptiveControlFirings, organizations, people } from '@vigil/db';
import { AppError } from './app-error.ts';
import type { SessionClaims } from './session-verifier.ts';
import type { Tenant } from './tenant.ts';

/** Adaptive controls (or the provider's policy) ask for a second factor this session has not given. */
export const secondFactorRequired = () =>
  new AppError('MFA_REQUIRED', 'Before you go on, confirm it is you with your second sign-in step: an authenticator app, a passkey or a code sent to your email');

/**
 * Whether a session's `amr` shows a second factor: the provider's `mfa` mark, or two different
 * methods (a password and an authenticator app, say).
 */
export const provesSecondFactor = (amr: readonly string[] | undefined) => Boolean(amr && (amr.includes('mfa') || new Set(amr).size >= 2));

export type ResolveOptions = {
  /**
   * Check the person's adaptive controls against the session itself: for a provider elsewhere,
   * whose management API takes no sign-in policy (the embedded provider enforces its own at every
   * sign-in and refresh). MFA: the session's `amr` must show a second factor. Session length: only
   * a token that says when its sign-in happened (`auth_time`) can be held to it; others end when a
   * policy tightens (see LoginDirectory.setSignInPolicy).
   */
  enforceSignInPolicy?: boolean;
  now?: () => number;
};

// The open firings of the person the query reads (adaptive-controls.engine.ts merges them the same way).
const openFiring = sql`from ${adaptiveControlFirings} where ${adaptiveControlFirings.organizationId} = ${people.organizationId} and ${adaptiveControlFirings.personId} = ${people.id} and ${adaptiveControlFirings.liftedAt} is null`;

/**
 * Finds who the verified session belongs to and which organisation it acts in. The organisation
 * comes only from the token's current tenant (`dct`); a managed-service admin may act in a client
 * organisation of their own organisation, and in no other.
 * A session the provider has ended (signed out, ended from account settings, or by a password
 * change or reset) stops reading the API at once, not only at its next renewal: the token's `sid`
 * names its sign-in, which is looked up in the same query as the person. (A provider elsewhere keeps
 * its sessions to itself; its tokens then end at their expiry.)
 * @throws AppError UNAUTHENTICATED when no active person has this login or the session was ended (or,
 *   with `enforceSignInPolicy`, is older than the person's policy allows); MFA_REQUIRED when the
 *   policy asks for a second factor the session has not given; FORBIDDEN for a tenant they may not use.
 */
export const resolveTenant = async (db: Db, claims: SessionClaims, { enforceSignInPolicy = false, now = Date.now }: ResolveOptions = {}): Promise<Tenant> => {
  const sessionId = typeof claims.sid === 'string' && claims.sid ? claims.sid : undefined;
  const [person] = await db
    .select({
      id: people.id,
      organizationId: people.organizationId,
      email: people.email,
      role: people.role,
      isActive: people.isActive,
      sessionEnded: sessionId
        ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionId} and ${refreshTokens.status} = 'revoked')`
        : sql<boolean>`false`,
      requireMfa: enforceSignInPolicy ? sql<boolean>`exists (select 1 ${openFiring} and ${adaptiveControlFirings.applied}->'requireMfa' = 'true'::jsonb)` : sql<boolean>`false`,
      sessionMaxMinutes: enforceSignInPolicy
        ? sql<number | null>`(select min((${adaptiveControlFirings.applied}->>'sessionMaxMinutes')::numeric) ${openFiring} and jsonb_typeof(${adaptiveControlFirings.applied}->'sessionMaxMinutes') = 'number')`.mapWith(
            (value: string | number | null) => (value === null ? null : Number(value)),
          )
        : sql<null>`null`,
    })
    .from(people)
    .where(eq(people.authUserId, claims.sub))
    .limit(1);
  if (!person || !person.isActive) {
    throw new AppError('UNAUTHENTICATED', 'This login has no active account in Vigil');
  }
  if (person.sessionEnded) throw new AppError('UNAUTHENTICATED', 'This session has ended: sign in again');
  if (person.requireMfa && !provesSecondFactor(claims.amr)) throw secondFactorRequired();
  if (person.sessionMaxMinutes !== null && typeof claims.auth_time === 'number' && now() / 1000 - claims.auth_time > person.sessionMaxMinutes * 60) {
    throw new AppError('UNAUTHENTICATED', 'Your organization allows you shorter sessions for now: sign in again');
  }
  const home: Tenant = {
    organizationId: person.organizationId,
    personId: person.id,
    homeOrganizationId: person.organizationId,
    authUserId: claims.sub,
    email: person.email,
    role: person.role,
    viaManagedService: false,
    ...(sessionId ? { sessionId } : {}),
  };
  const selected = claims.dct;
  if (!selected || selected === person.organizationId) return home;

  const forbidden = new AppError('FORBIDDEN', 'The session has selected an organisation this account may not use');
  // The provider must have issued the session for that tenant, and Vigil must agree the caller manages it.
  if (claims.tenants && !(selected in claims.tenants)) throw forbidden;
  if (!isAdminRole(person.role)) throw forbidden;
  const [client] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, selected), eq(organizations.managedByOrganizationId, person.organizationId)))
    .limit(1);
  if (!client) throw forbidden;
  return { ...home, organizationId: client.id, viaManagedService: true };
};
