import { and, eq, sql } from 'drizzle-orm';
import { refreshTokens } from '@vigil/auth-provider/schema';
import { isAdminRole } from '@vigil/contracts';
import { type Db, organizations, people } from '@vigil/db';
import { AppError } from './app-error.ts';
import type { SessionClaims } from './session-verifier.ts';
import type { Tenant } from './tenant.ts';

/**
 * Finds who the verified session belongs to and which organisation it acts in. The organisation
 * comes only from the token's current tenant (`dct`); a managed-service admin may act in a client
 * organisation of their own organisation, and in no other.
 * A session the provider has ended (signed out, ended from account settings, or by a password
 * change or reset) stops reading the API at once, not only at its next renewal: the token's `sid`
 * names its sign-in, which is looked up in the same query as the person. (A provider elsewhere keeps
 * its sessions to itself; its tokens then end at their expiry.)
 * @throws AppError UNAUTHENTICATED when no active person has this login or the session was ended, FORBIDDEN for a tenant they may not use.
 */
export const resolveTenant = async (db: Db, claims: SessionClaims): Promise<Tenant> => {
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
    })
    .from(people)
    .where(eq(people.authUserId, claims.sub))
    .limit(1);
  if (!person || !person.isActive) {
    throw new AppError('UNAUTHENTICATED', 'This login has no active account in Vigil');
  }
  if (person.sessionEnded) throw new AppError('UNAUTHENTICATED', 'This session has ended: sign in again');
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
