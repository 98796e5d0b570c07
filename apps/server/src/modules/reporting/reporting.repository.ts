import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { type Db, type Tx, campaignRecipients, organizations, people, reportSchedules, trainingAssignments } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';

const failedAt = or(
  isNotNull(campaignRecipients.clickedAt),
  isNotNull(campaignRecipients.submittedAt),
  isNotNull(campaignRecipients.attachmentOpenedAt),
  isNotNull(campaignRecipients.qrScannedAt),
  isNotNull(campaignRecipients.repliedAt),
  isNotNull(campaignRecipients.calledAt),
);

/** Reads for reports (across the phishing and training tables, read only) and the report schedules. */
export const reportingRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(reportSchedules.organizationId, scope.organizationId);
  return {
    /** Lures sent in [from, to) by month of sending: sent, people who fell for one, entered details, reported. */
    simulationsByMonth: async (from: Date, to: Date) =>
      db
        .select({
          month: sql<string>`to_char(${campaignRecipients.sentAt} at time zone 'UTC', 'YYYY-MM')`,
          campaigns: sql<number>`count(distinct ${campaignRecipients.campaignId})::int`,
          sent: sql<number>`count(*)::int`,
          failed: sql<number>`count(*) filter (where ${failedAt})::int`,
          submitted: sql<number>`count(${campaignRecipients.submittedAt})::int`,
          reported: sql<number>`count(${campaignRecipients.reportedAt})::int`,
        })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.organizationId, scope.organizationId), gte(campaignRecipients.sentAt, from), lt(campaignRecipients.sentAt, to)))
        .groupBy(sql`1`)
        .orderBy(sql`1`),
    /** Distinct campaigns with a lure sent in [from, to). */
    campaignsIn: async (from: Date, to: Date) =>
      (
        await db
          .select({ n: sql<number>`count(distinct ${campaignRecipients.campaignId})::int` })
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.organizationId, scope.organizationId), gte(campaignRecipients.sentAt, from), lt(campaignRecipients.sentAt, to)))
      )[0]?.n ?? 0,
    /** Assignments of active people: assigned and completed in [from, to), open and overdue now. */
    training: async (from: Date, to: Date) =>
      (
        await db
          .select({
            assigned: sql<number>`count(*) filter (where ${trainingAssignments.assignedAt} >= ${from} and ${trainingAssignments.assignedAt} < ${to})::int`,
            completed: sql<number>`count(*) filter (where ${trainingAssignments.completedAt} >= ${from} and ${trainingAssignments.completedAt} < ${to})::int`,
            open: sql<number>`count(*) filter (where ${trainingAssignments.status} in ('assigned', 'in_progress'))::int`,
            overdue: sql<number>`count(*) filter (where ${trainingAssignments.status} in ('assigned', 'in_progress') and ${trainingAssignments.dueAt} < ${to})::int`,
          })
          .from(trainingAssignments)
          .innerJoin(people, and(eq(people.organizationId, trainingAssignments.organizationId), eq(people.id, trainingAssignments.personId), eq(people.isActive, true)))
          .where(eq(trainingAssignments.organizationId, scope.organizationId))
      )[0] ?? { assigned: 0, completed: 0, open: 0, overdue: 0 },

    organizationName: async () => (await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, scope.organizationId)).limit(1))[0]?.name ?? '',
    listSchedules: () => db.select().from(reportSchedules).where(inOrganization).orderBy(asc(reportSchedules.createdAt), asc(reportSchedules.id)),
    findSchedule: async (id: string) => (await db.select().from(reportSchedules).where(and(inOrganization, eq(reportSchedules.id, id))).limit(1))[0],
    insertSchedule: async (values: { frequency: 'weekly' | 'monthly'; days: number; recipientIds: string[]; createdByPersonId: string | null }) =>
      (await db.insert(reportSchedules).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,
    updateSchedule: async (id: string, values: { frequency: 'weekly' | 'monthly'; days: number; recipientIds: string[] }) =>
      (await db.update(reportSchedules).set({ ...values, updatedAt: new Date() }).where(and(inOrganization, eq(reportSchedules.id, id))).returning())[0],
    deleteSchedule: async (id: string) => (await db.delete(reportSchedules).where(and(inOrganization, eq(reportSchedules.id, id))).returning({ id: reportSchedules.id }))[0],
    /** The organisation's active admins among `ids`, with what a report's email needs. */
    activeAdmins: async (ids: readonly string[]) =>
      ids.length === 0
        ? []
        : db
            .select({ id: people.id, firstName: people.firstName, lastName: people.lastName, email: people.email })
            .from(people)
            .where(and(eq(people.organizationId, scope.organizationId), inArray(people.id, [...ids]), eq(people.isActive, true), inArray(people.role, ['Admin', 'Superadmin']))),
  };
};

/** Every schedule across organisations (or one organisation's), for the delivery job. */
export const selectAllSchedules = (db: Db, organizationId?: string) =>
  db
    .select()
    .from(reportSchedules)
    .where(organizationId ? eq(reportSchedules.organizationId, organizationId) : undefined)
    .orderBy(asc(reportSchedules.id));

/**
 * Claims `period` of a schedule for delivery: true for exactly one caller, however many workers try
 * at once (the row moves only while it still names another period).
 */
export const claimSchedulePeriod = async (db: Db, id: string, period: string, at: Date) =>
  (
    await db
      .update(reportSchedules)
      .set({ lastPeriod: period, lastSentAt: at })
      .where(and(eq(reportSchedules.id, id), sql`${reportSchedules.lastPeriod} is distinct from ${period}`))
      .returning({ id: reportSchedules.id })
  ).length > 0;
