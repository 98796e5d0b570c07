import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, type Tx, organizations, people, trainingModuleRequests } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

type NewRequest = Omit<typeof trainingModuleRequests.$inferInsert, 'organizationId' | 'id'>;

/** Custom module requests; every query carries the scope's organisation. */
export const moduleRequestsRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(trainingModuleRequests.organizationId, scope.organizationId);
  const withRequester = {
    request: trainingModuleRequests,
    requestedBy: sql<string | null>`nullif(trim(coalesce(${people.firstName}, '') || ' ' || coalesce(${people.lastName}, '')), '')`,
  };
  const select = () =>
    db
      .select(withRequester)
      .from(trainingModuleRequests)
      .leftJoin(people, and(eq(people.organizationId, trainingModuleRequests.organizationId), eq(people.id, trainingModuleRequests.requestedByPersonId)));

  return {
    insert: async (values: NewRequest) => (await db.insert(trainingModuleRequests).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    find: async (id: string) => (await select().where(and(inOrganization, eq(trainingModuleRequests.id, id))).limit(1))[0],

    /** The newest requests first (an organisation asks for a handful a year: one page holds them). */
    list: async (limit: number) => select().where(inOrganization).orderBy(desc(trainingModuleRequests.createdAt), desc(trainingModuleRequests.id)).limit(limit),

    updateStatus: async (id: string, status: (typeof trainingModuleRequests.$inferSelect)['status']) =>
      (await db.update(trainingModuleRequests).set({ status, updatedAt: new Date() }).where(and(inOrganization, eq(trainingModuleRequests.id, id))).returning())[0],

    organizationName: async () => (await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, scope.organizationId)).limit(1))[0]?.name ?? '',
  };
};
