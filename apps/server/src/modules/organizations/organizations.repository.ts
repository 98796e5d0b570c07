import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, departments, organizations, people } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

const clientColumns = {
  id: organizations.id,
  name: organizations.name,
  domain: organizations.domain,
  pictureFileName: organizations.pictureFileName,
  hasPaidAccess: organizations.hasPaidAccess,
  isDmiCompleted: organizations.isDmiCompleted,
  isInitialTestingCompleted: organizations.isInitialTestingCompleted,
  isScimCompleted: organizations.isScimCompleted,
  isSsoCompleted: organizations.isSsoCompleted,
  isWatchtowerCompleted: organizations.isWatchtowerCompleted,
  isBraCompleted: organizations.isBraCompleted,
  primaryAdminEmail: people.email,
};

/**
 * The caller's current organisation, and the client organisations managed by their home
 * organisation (managed-service view). Nothing else is reachable from here.
 */
export const organizationsRepository = (db: Db, tenant: Tenant) => {
  const managedByHome = eq(organizations.managedByOrganizationId, tenant.homeOrganizationId);
  const selectClients = () =>
    db
      .select(clientColumns)
      .from(organizations)
      .leftJoin(
        people,
        and(eq(people.organizationId, organizations.id), eq(people.id, organizations.primaryAdminPersonId)),
      );
  return {
    updateCurrent: async (values: Partial<typeof organizations.$inferInsert>) =>
      (
        await db
          .update(organizations)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(organizations.id, tenant.organizationId))
          .returning()
      )[0],
    findCurrent: async () =>
      (await db.select().from(organizations).where(eq(organizations.id, tenant.organizationId)).limit(1))[0],
    listClients: async () =>
      selectClients().where(managedByHome).orderBy(asc(organizations.name), asc(organizations.id)),
    findClient: async (id: string) =>
      (await selectClients().where(and(managedByHome, eq(organizations.id, id))).limit(1))[0],
    countClientMembers: async (id: string) => {
      const [peopleCount] = await db
        .select({ value: count() })
        .from(people)
        .innerJoin(organizations, eq(organizations.id, people.organizationId))
        .where(and(managedByHome, eq(people.organizationId, id), eq(people.isActive, true)));
      const [departmentCount] = await db
        .select({ value: count() })
        .from(departments)
        .innerJoin(organizations, eq(organizations.id, departments.organizationId))
        .where(and(managedByHome, eq(departments.organizationId, id)));
      return { people: peopleCount?.value ?? 0, departments: departmentCount?.value ?? 0 };
    },
  };
};

export type ClientOrganization = Awaited<ReturnType<ReturnType<typeof organizationsRepository>['listClients']>>[number];
