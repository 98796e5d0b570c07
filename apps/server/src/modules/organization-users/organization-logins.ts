import { type Role, isAdminRole } from '@vigil/contracts';
import { type Db, type Tx, organizations, people } from '@vigil/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { OrgScope } from '../../lib/scope.ts';
import { fieldError } from '../../lib/app-error.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { listMsspCompanies } from '../organizations/mssp-companies.service.ts';
import { LoginAddressTaken, loginDirectoryFor } from '../identity/login-directory.ts';

/** A person as their login in the authentication provider mirrors them. */
export type PersonLogin = { authUserId: string; email: string; firstName: string; lastName: string; role: Role };

/** Provider roles per tenant, as the demo seeds them: Superadmin, Admin, Manager; a plain user holds none. */
const providerRoles = (role: Role) => (role === 'User' ? [] : [role]);

// Only when someone else took the address between the service's check and the move, in the same
// instant: the services send addresses that sign in elsewhere down another path, answered as any
// other (see organization-users.service.ts), so this names no other organisation either.
const addressTakenMeanwhile = () =>
  fieldError('CONFLICT', 'body.email', 'This email address could not be given to this person just now; try again.');

/**
 * Keeps the provider's users in step with the people of the caller's current organisation: name,
 * email login id, tenant roles (an admin of a managed-service organisation is also a member of each
 * client, so the provider can select those tenants for them), and whether they may sign in.
 * New people get a login without a password: they sign in with an emailed code or link, or set one.
 *
 * Build this with the transaction of the change it follows. The logins go through the login
 * directory (identity/login-directory.ts): with the embedded provider its tables are in the same
 * database, so the logins commit or roll back with Vigil's rows; with another provider its management
 * API is called before the change commits (see remote-login-directory.ts for what that means).
 */
export const createLoginSync = (db: Db | Tx, tenant: Tenant) =>
  loginSync(db, {
    organizationId: tenant.organizationId,
    clients: async () => (tenant.viaManagedService ? [] : (await listMsspCompanies(db, tenant)).map((client) => ({ id: client.company_id, name: client.company_name }))),
  });

/**
 * The same for work done for an organisation by no signed-in person (a SCIM client): its people are
 * plain users, members of the organisation alone.
 */
export const createScopedLoginSync = (db: Db | Tx, scope: OrgScope) => loginSync(db, { organizationId: scope.organizationId, clients: async () => [] });

type LoginScope = {
  organizationId: string;
  /** Client organisations (of a managed-service provider) whose tenants its admins also join. */
  clients: () => Promise<{ id: string; name: string }[]>;
};

const loginSync = (db: Db | Tx, scope: LoginScope) => {
  const directory = loginDirectoryFor(db);
  // A remote provider chooses the user id of a login it creates: the person then holds that id
  // (their session tokens carry it), and this sync answers to the id the caller knew them by.
  const providerIds = new Map<string, string>();
  const idOf = (authUserId: string) => providerIds.get(authUserId) ?? authUserId;
  const adoptProviderIds = async (made: Map<string, string>) => {
    for (const [asked, given] of made) {
      if (asked === given) continue;
      const [holder] = await db.select({ id: people.id }).from(people).where(eq(people.authUserId, given)).limit(1);
      if (holder) throw addressTakenMeanwhile();
      await db
        .update(people)
        .set({ authUserId: given })
        .where(and(eq(people.organizationId, scope.organizationId), eq(people.authUserId, asked)));
      providerIds.set(asked, given);
    }
  };

  let tenantsReady: Promise<string[]> | undefined;
  // The provider must know the organisation (and its clients) as tenants before anyone joins them.
  const prepareTenants = () =>
    (tenantsReady ??= (async () => {
      const [organization] = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, scope.organizationId)).limit(1);
      const clients = await scope.clients();
      await directory.upsertTenants([...(organization ? [organization] : []), ...clients]);
      return clients.map((client) => client.id);
    })());

  const membershipsFor = (role: Role, clients: string[]) =>
    Object.fromEntries([
      [scope.organizationId, providerRoles(role)],
      ...(isAdminRole(role) ? clients.map((id) => [id, providerRoles(role)]) : []),
    ]);

  /**
   * Emails (lower case) of these people that another provider user already signs in with: an email
   * is one login across every organisation, so it cannot be given to a second person.
   */
  const findEmailsTakenByOthers = async (candidates: { email: string; authUserId: string | null }[]) => {
    const owners = await directory.findUsersByEmail(candidates.map((c) => c.email));
    // A remote login no person holds, that Vigil made for this organisation, was left by an attempt
    // whose local change rolled back (the provider cannot join the transaction): the retry adopts it.
    // One Vigil did not make (registered at the provider by whoever typed the address) stays taken.
    const ownerIds = [...new Set(owners.values())];
    const held =
      directory.kind === 'remote' && ownerIds.length
        ? new Set((await db.select({ authUserId: people.authUserId }).from(people).where(inArray(people.authUserId, ownerIds))).map((row) => row.authUserId))
        : undefined;
    const unheld = held ? ownerIds.filter((id) => !held.has(id)) : [];
    const adoptable = unheld.length ? await directory.findMadeFor(unheld, scope.organizationId) : new Set<string>();
    return new Set(
      candidates
        .filter((c) => {
          const owner = owners.get(c.email.trim().toLowerCase());
          return owner !== undefined && owner !== (c.authUserId && idOf(c.authUserId)) && !adoptable.has(owner);
        })
        .map((c) => c.email.trim().toLowerCase()),
    );
  };

  return {
    findEmailsTakenByOthers,
    /**
     * Creates or updates these logins. `rolesChanged` replaces their tenant memberships with exactly
     * what the role gives (a demoted admin leaves the client tenants); `emailChanged` moves the login
     * id to the new address first, so the old one stops signing in.
     * The tenants are prepared even when there is no login to write, so adding someone who gets
     * none costs the same reads as adding anyone else.
     * @throws AppError CONFLICT (body.email) when a new address already signs in as someone else:
     *   callers check first (`findEmailsTakenByOthers`) and give such a person no login.
     */
    syncLogins: async (logins: PersonLogin[], { rolesChanged = false, emailChanged = false } = {}) => {
      const clients = await prepareTenants();
      if (!logins.length) return;
      if (emailChanged && (await findEmailsTakenByOthers(logins)).size) throw addressTakenMeanwhile();
      if (emailChanged) {
        for (const login of logins) {
          // False for a user the provider does not have yet (created just below) or, should someone
          // have taken the address since the check above, for a taken address.
          if (!(await directory.changeLoginEmail(idOf(login.authUserId), login.email)) && (await directory.countUsers([idOf(login.authUserId)]))) {
            throw addressTakenMeanwhile();
          }
        }
      }
      const made = await directory
        .upsertLogins(
          logins.map((login) => ({
            userId: idOf(login.authUserId),
            email: login.email,
            givenName: login.firstName,
            familyName: login.lastName,
            tenants: membershipsFor(login.role, clients),
            organizationId: scope.organizationId,
          })),
        )
        .catch((error: unknown) => {
          if (error instanceof LoginAddressTaken) throw addressTakenMeanwhile();
          throw error;
        });
      await adoptProviderIds(made);
      if (rolesChanged) for (const login of logins) await directory.setLoginTenants(idOf(login.authUserId), membershipsFor(login.role, clients));
    },
    /** Ends every session of the login and stops it signing in. */
    disableLogin: (authUserId: string) => directory.disableLogin(idOf(authUserId)),
    /**
     * Parts a person from their login when their address moves to one that signs in as someone
     * else: the login stops signing in (its sessions end) and leaves every tenant, as the old
     * address would stop working had the login moved with it.
     */
    detachLogin: async (authUserId: string) => {
      await directory.disableLogin(idOf(authUserId));
      await directory.setLoginTenants(idOf(authUserId), {});
    },
    enableLogin: (authUserId: string) => directory.enableLogin(idOf(authUserId)),
  };
};

export type LoginSync = ReturnType<typeof createLoginSync>;
