import { type SQL, and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { type Db, campaignRecipients, campaigns, departments, phishingTemplates } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';
import { baselineVectors } from './baseline-lures.ts';

const r = campaignRecipients;
// Clicked a link or worse: any way of falling for the lure.
const failed = sql`(${r.clickedAt} is not null or ${r.attachmentOpenedAt} is not null or ${r.qrScannedAt} is not null or ${r.repliedAt} is not null or ${r.calledAt} is not null or ${r.submittedAt} is not null)`;
const counts = {
  recipients: sql<number>`count(*)::int`,
  delivered: sql<number>`(count(*) filter (where ${r.sentAt} is not null))::int`,
  failed: sql<number>`(count(*) filter (where ${r.sentAt} is not null and ${failed}))::int`,
  reported: sql<number>`(count(*) filter (where ${r.sentAt} is not null and ${r.reportedAt} is not null))::int`,
};

/** The organisation's initial-testing campaign and its results, counted in the database. */
export const initialTestingRepository = (db: Db, scope: OrgScope) => {
  const ofCampaign = (campaignId: string): SQL => and(eq(r.organizationId, scope.organizationId), eq(r.campaignId, campaignId))!;
  // Every later simulation's lures sent in the window: what "today" is compared on. Initial testings
  // (this one, or one cancelled before it) are the baseline, not today.
  const sentSince = (since: Date, until: Date): SQL =>
    and(
      eq(r.organizationId, scope.organizationId),
      gte(r.sentAt, since),
      lt(r.sentAt, until),
      sql`${r.campaignId} not in (select ${campaigns.id} from ${campaigns} where ${campaigns.organizationId} = ${scope.organizationId} and ${campaigns.kind} = 'initial-testing')`,
    )!;
  return {
    /** Built-in lures, active, sent by mail: what the baseline's set is chosen from. */
    builtinMailLures: async () =>
      db
        .select({ id: phishingTemplates.id, difficulty: phishingTemplates.difficulty, category: phishingTemplates.category, vector: phishingTemplates.vector })
        .from(phishingTemplates)
        .where(
          and(
            isNull(phishingTemplates.organizationId),
            eq(phishingTemplates.status, 'active'),
            isNull(phishingTemplates.archivedAt),
            inArray(phishingTemplates.vector, [...baselineVectors]),
          ),
        ),

    /** The newest initial-testing campaign that was not cancelled. */
    findBaselineCampaign: async () =>
      (
        await db
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.organizationId, scope.organizationId), eq(campaigns.kind, 'initial-testing'), ne(campaigns.status, 'cancelled')))
          .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
          .limit(1)
      )[0],

    overall: async (campaignId: string) => {
      const [row] = await db
        .select({ ...counts, settled: sql<number>`(count(*) filter (where ${r.state} not in ('scheduled', 'queued', 'sending')))::int` })
        .from(r)
        .where(ofCampaign(campaignId));
      return row ?? { recipients: 0, delivered: 0, failed: 0, reported: 0, settled: 0 };
    },

    byDepartment: async (campaignId: string) =>
      db
        .select({ departmentId: r.departmentId, name: departments.name, ...counts })
        .from(r)
        .leftJoin(departments, and(eq(departments.organizationId, r.organizationId), eq(departments.id, r.departmentId)))
        .where(ofCampaign(campaignId))
        .groupBy(r.departmentId, departments.name)
        .orderBy(sql`${departments.name} asc nulls last`),

    recentOverall: async (since: Date, until: Date) => {
      const [row] = await db.select(counts).from(r).where(sentSince(since, until));
      return row ?? { recipients: 0, delivered: 0, failed: 0, reported: 0 };
    },

    recentByDepartment: async (since: Date, until: Date) =>
      db
        .select({ departmentId: r.departmentId, name: departments.name, ...counts })
        .from(r)
        .leftJoin(departments, and(eq(departments.organizationId, r.organizationId), eq(departments.id, r.departmentId)))
        .where(sentSince(since, until))
        .groupBy(r.departmentId, departments.name)
        .orderBy(sql`${departments.name} asc nulls last`),

    byDifficulty: async (campaignId: string) =>
      db
        .select({ difficulty: phishingTemplates.difficulty, ...counts })
        .from(r)
        .innerJoin(phishingTemplates, eq(phishingTemplates.id, r.templateId))
        .where(ofCampaign(campaignId))
        .groupBy(phishingTemplates.difficulty)
        .orderBy(asc(phishingTemplates.difficulty)),
  };
};
