import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { type AuthManagement, hashPassword } from '@vigil/auth-provider';
import { type Role, isAdminRole } from '@vigil/contracts';
import { type Db, organizations, people } from '@vigil/db';
import { demoManagedServiceId } from './demo-seed.ts';

/** A stable number in [0, 1) from an id: the same people are picked on every seed. */
const shareOf = (id: string) => {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash / 2 ** 32;
};

/** Provider roles per tenant: Superadmin, Admin, Manager; a plain user holds none. */
const providerRoles = (role: Role) => (role === 'User' ? [] : [role]);

/**
 * Gives every active demo person a login with the demo password, in the provider. Organisations
 * become tenants; a managed-service admin is also a member of each client organisation, so the
 * provider can select those tenants for them. One hash is shared, so this takes a second, not minutes.
 */
export const seedDemoLogins = async (db: Db, management: AuthManagement, password: string) => {
  // The demo's organisations only: the managed-service provider and its clients (a database that
  // holds other organisations too, as a test's does, keeps their logins as they are).
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name, managedBy: organizations.managedByOrganizationId })
    .from(organizations)
    .where(or(eq(organizations.id, demoManagedServiceId), eq(organizations.managedByOrganizationId, demoManagedServiceId)));
  await management.upsertTenants(orgs.map(({ id, name }) => ({ id, name })));
  const clientsOf = new Map<string, string[]>();
  for (const org of orgs) if (org.managedBy) clientsOf.set(org.managedBy, [...(clientsOf.get(org.managedBy) ?? []), org.id]);

  const everyone = await db
    .select()
    .from(people)
    .where(and(isNotNull(people.authUserId), eq(people.isActive, true), inArray(people.organizationId, orgs.map((org) => org.id))));
  const passwordHash = await hashPassword(password);
  // About a third of the people with a work phone confirmed it for sign-in codes: their second factor.
  const usedPhones = new Set<string>();
  const confirmedPhone = (person: (typeof everyone)[number]) => {
    if (!person.phone || usedPhones.has(person.phone) || shareOf(person.id) >= 0.35) return {};
    usedPhones.add(person.phone);
    return { phone: person.phone, verifiedPhone: true };
  };
  await management.upsertUsers(
    everyone.map((person) => {
      const roles = providerRoles(person.role);
      const clients = isAdminRole(person.role) ? (clientsOf.get(person.organizationId) ?? []) : [];
      return {
        userId: person.authUserId!,
        email: person.email,
        givenName: person.firstName,
        familyName: person.lastName,
        passwordHash,
        ...confirmedPhone(person),
        tenants: Object.fromEntries([[person.organizationId, roles], ...clients.map((id) => [id, roles])]),
      };
    }),
  );
  return everyone.length;
};

/** True once the demo operator has a login: then nothing is left to seed. */
export const demoLoginsPresent = async (management: AuthManagement, db: Db) => {
  const [operator] = await db.select({ authUserId: people.authUserId }).from(people).where(and(eq(people.organizationId, demoManagedServiceId), eq(people.role, 'Superadmin'))).limit(1);
  return operator?.authUserId ? (await management.countUsers([operator.authUserId])) > 0 : true;
};
