import { type SQL, and, asc, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
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
  // Every other simulation's lures sent since a day: what "today" is compared on.
  const sentSince = (baselineId: string, since: Date): SQL => and(eq(r.organizationId, scope.organizationId), ne(r.campaignId, baselineId), gte(r.sentAt, since))!;
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

    recentOverall: async (baselineId: string, since: Date) => {
      const [row] = await db.select(counts).from(r).where(sentSince(baselineId, since));
      return row ?? { recipients: 0, delivered: 0, failed: 0, reported: 0 };
    },

    recentByDepartment: async (baselineId: string, since: Date) =>
      db
        .select({ departmentId: r.departmentId, name: departments.name, ...counts })
        .from(r)
        .leftJoin(departments, and(eq(departments.organizationId, r.organizationId), eq(departments.id, r.departmentId)))
        .where(sentSince(baselineId, since))
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
