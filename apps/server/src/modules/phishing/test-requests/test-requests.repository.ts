import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import { type Db, type Tx, campaigns, phishingTemplates, testRequests } from '@vigil/db';
import { afterKey } from '../../../lib/keyset.ts';
import type { OrgScope } from '../../../lib/scope.ts';

export type TestRequestRow = typeof testRequests.$inferSelect;

/**
 * The only file writing custom test requests. Reads name the draft campaign and template beside
 * each request, joined within the same organisation.
 */
export const testRequestsRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(testRequests.organizationId, scope.organizationId);
  const withDrafts = () =>
    db
      .select({
        request: testRequests,
        sortKey: sql<string>`${testRequests.createdAt}::text`,
        campaign: { id: campaigns.id, name: campaigns.name, status: campaigns.status },
        template: { id: phishingTemplates.id, texts: phishingTemplates.texts, status: phishingTemplates.status },
      })
      .from(testRequests)
      .leftJoin(campaigns, and(eq(campaigns.id, testRequests.campaignId), eq(campaigns.organizationId, scope.organizationId)))
      .leftJoin(phishingTemplates, and(eq(phishingTemplates.id, testRequests.templateId), eq(phishingTemplates.organizationId, scope.organizationId)));

  return {
    insert: async (values: Omit<typeof testRequests.$inferInsert, 'organizationId' | 'id'>) =>
      (await db.insert(testRequests).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    update: async (id: string, values: Partial<Omit<typeof testRequests.$inferInsert, 'organizationId' | 'id'>>) =>
      (await db.update(testRequests).set(values).where(and(inOrganization, eq(testRequests.id, id))).returning())[0],

    find: async (id: string) => (await withDrafts().where(and(inOrganization, eq(testRequests.id, id))).limit(1))[0],

    /** Newest first, keyed by (created_at, id) read as the database's own text. */
    list: async (after: readonly [string, string] | undefined, limit: number) => {
      const conditions: SQL[] = [inOrganization];
      if (after) conditions.push(afterKey([testRequests.createdAt, testRequests.id], after, 'desc'));
      return withDrafts()
        .where(and(...conditions))
        .orderBy(desc(testRequests.createdAt), desc(testRequests.id))
        .limit(limit);
    },
  };
};

export type TestRequestWithDrafts = NonNullable<Awaited<ReturnType<ReturnType<typeof testRequestsRepository>['find']>>>;
