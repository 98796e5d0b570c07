import { and, count, eq, isNotNull } from 'drizzle-orm';
import { type Db, departmentAdminScopes, departments, people } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

/**
 * People of the caller's current organisation. The caller's own person is looked up in their home
 * organisation, which differs only for a managed-service operator acting in a client organisation.
 */
export const peopleRepository = (db: Db, tenant: Tenant) => {
  const inOrg = eq(people.organizationId, tenant.organizationId);
  return {
    findCaller: async () =>
      (
        await db
          .select()
          .from(people)
          .where(and(eq(people.organizationId, tenant.homeOrganizationId), eq(people.id, tenant.personId)))
          .limit(1)
      )[0],
    /** Renames the caller's own person (in their home organisation). */
    updateCallerNames: async (names: { firstName: string; lastName: string }) =>
      (
        await db
          .update(people)
          .set({ ...names, updatedAt: new Date() })
          .where(and(eq(people.organizationId, tenant.homeOrganizationId), eq(people.id, tenant.personId)))
          .returning()
      )[0],
    /** Departments a department admin may view, within the current organisation. */
    listDepartmentViews: async (personId: string) =>
      db
        .select({ id: departments.id, name: departments.name })
        .from(departmentAdminScopes)
        .innerJoin(
          departments,
          and(
            eq(departments.organizationId, departmentAdminScopes.organizationId),
            eq(departments.id, departmentAdminScopes.departmentId),
          ),
        )
        .where(and(eq(departmentAdminScopes.organizationId, tenant.organizationId), eq(departmentAdminScopes.personId, personId)))
        .orderBy(departments.name),
    /** Who signs in as whom: provider user id → the person's email and name. */
    listLogins: async () =>
      db
        .select({ authUserId: people.authUserId, email: people.email, firstName: people.firstName, lastName: people.lastName })
        .from(people)
        .where(and(inOrg, isNotNull(people.authUserId))),
    countActive: async () =>
      (await db.select({ value: count() }).from(people).where(and(inOrg, eq(people.isActive, true))))[0]?.value ?? 0,
    countActiveDirectReports: async (managerId: string) =>
      (
        await db
          .select({ value: count() })
          .from(people)
          .where(and(inOrg, eq(people.managerId, managerId), eq(people.isActive, true)))
      )[0]?.value ?? 0,
  };
};
