import { type SQL, and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  type Campaign,
  type Db,
  type Tx,
  campaignRecipients,
  campaignDepartmentStats,
  campaignStats,
  campaigns,
  departments,
  landingPages,
  organizations,
  people,
  phishingTemplates,
  sendingProfiles,
} from '@vigil/db';
import type { Audience } from '@vigil/contracts';
import { afterKey } from '../../../lib/keyset.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import { now } from '../../../lib/clock.ts';

/** A person an audience reaches, with what scheduling and personalising their lure needs. */
export type AudienceMember = {
  id: string;
  email: string;
  departmentId: string | null;
  managerId: string | null;
  timeZone: string | null;
  preferredLanguage: string | null;
};

export type NewRecipient = typeof campaignRecipients.$inferInsert;

/**
 * The only file touching campaigns, their recipients and stats. Every query carries the scope's
 * organisation; templates and landing pages are read only where the organisation may use them
 * (its own, or built-in).
 */
export const campaignsRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(campaigns.organizationId, scope.organizationId);
  const usableBy = (organizationColumn: typeof phishingTemplates.organizationId | typeof landingPages.organizationId) =>
    or(isNull(organizationColumn), eq(organizationColumn, scope.organizationId))!;

  return {
    find: async (id: string, { lock = false } = {}) => {
      const query = db.select().from(campaigns).where(and(inOrganization, eq(campaigns.id, id))).limit(1);
      return (lock ? await query.for('update') : await query)[0];
    },

    insert: async (values: Omit<typeof campaigns.$inferInsert, 'organizationId'>) =>
      (await db.insert(campaigns).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    update: async (id: string, values: Partial<typeof campaigns.$inferInsert>) =>
      (await db.update(campaigns).set({ ...values, updatedAt: now() }).where(and(inOrganization, eq(campaigns.id, id))).returning())[0],

    delete: async (id: string) => db.delete(campaigns).where(and(inOrganization, eq(campaigns.id, id))),

    /** Newest first, keyed by (created_at, id) read as the database's own text. */
    list: async (filter: { status?: Campaign['status'] }, after: readonly [string, string] | undefined, limit: number) => {
      const conditions: SQL[] = [inOrganization];
      if (filter.status) conditions.push(eq(campaigns.status, filter.status));
      if (after) conditions.push(afterKey([campaigns.createdAt, campaigns.id], after, 'desc'));
      return db
        .select({ campaign: campaigns, sortKey: sql<string>`${campaigns.createdAt}::text` })
        .from(campaigns)
        .where(and(...conditions))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(limit);
    },

    /** The ids among `ids` of templates the organisation may send: active, not archived, its own or built-in. */
    usableTemplates: async (ids: readonly string[]) =>
      db
        .select({ id: phishingTemplates.id, difficulty: phishingTemplates.difficulty, vector: phishingTemplates.vector, texts: phishingTemplates.texts })
        .from(phishingTemplates)
        .where(and(inArray(phishingTemplates.id, [...ids]), usableBy(phishingTemplates.organizationId), isNull(phishingTemplates.archivedAt), eq(phishingTemplates.status, 'active'))),

    /**
     * Every active template the organisation may send by mail (its own and built-in): the set of an
     * adaptive programme that names none. Text messages and callbacks need a phone or a number, so they are left out.
     */
    sendableLibrary: async () =>
      (
        await db
          .select({ id: phishingTemplates.id })
          .from(phishingTemplates)
          .where(and(usableBy(phishingTemplates.organizationId), isNull(phishingTemplates.archivedAt), eq(phishingTemplates.status, 'active'), notInArray(phishingTemplates.vector, ['sms', 'callback'])))
          .orderBy(phishingTemplates.id)
      ).map((row) => row.id),

    usableLandingPage: async (id: string) =>
      (await db.select({ id: landingPages.id }).from(landingPages).where(and(eq(landingPages.id, id), usableBy(landingPages.organizationId), isNull(landingPages.archivedAt))).limit(1))[0],

    activeSendingProfile: async (id: string) =>
      (
        await db
          .select({ id: sendingProfiles.id })
          .from(sendingProfiles)
          .where(and(eq(sendingProfiles.organizationId, scope.organizationId), eq(sendingProfiles.id, id), isNull(sendingProfiles.archivedAt)))
          .limit(1)
      )[0],

    organizationTimeZone: async () =>
      (await db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, scope.organizationId)).limit(1))[0]?.timeZone ?? 'UTC',

    /** How many of `ids` are departments (or people) of the organisation: the rest are unknown here. */
    countKnown: async (kind: 'departments' | 'people', ids: readonly string[]) => {
      const table = kind === 'departments' ? departments : people;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(and(eq(table.organizationId, scope.organizationId), inArray(table.id, [...ids])));
      return row?.count ?? 0;
    },

    /**
     * The active people an audience holds now. A manager's audience is their whole reporting line
     * (everyone under them, at any depth), not the manager.
     */
    audienceMembers: async (audience: Audience): Promise<AudienceMember[]> => {
      const columns = {
        id: people.id,
        email: people.email,
        departmentId: people.departmentId,
        managerId: people.managerId,
        timeZone: people.timeZone,
        preferredLanguage: people.preferredLanguage,
      };
      const active = and(eq(people.organizationId, scope.organizationId), eq(people.isActive, true));
      const ids = audience.ids ?? [];
      if (audience.kind === 'organization') return db.select(columns).from(people).where(active).orderBy(people.id);
      if (audience.kind === 'departments') return db.select(columns).from(people).where(and(active, inArray(people.departmentId, ids))).orderBy(people.id);
      if (audience.kind === 'people') return db.select(columns).from(people).where(and(active, inArray(people.id, ids))).orderBy(people.id);
      // Everyone under the manager at any depth, in one statement (a recursive query as the filter).
      const reportingLine = sql`${people.id} in (
        with recursive reports(id) as (
          select id from people where organization_id = ${scope.organizationId} and manager_id = ${ids[0]!}
          union
          select p.id from people p join reports r on p.manager_id = r.id where p.organization_id = ${scope.organizationId}
        )
        select id from reports)`;
      return db.select(columns).from(people).where(and(active, reportingLine)).orderBy(people.id);
    },

    insertRecipients: async (rows: readonly Omit<NewRecipient, 'organizationId'>[]) => {
      for (let start = 0; start < rows.length; start += 1_000) {
        await db.insert(campaignRecipients).values(rows.slice(start, start + 1_000).map((row) => ({ ...row, organizationId: scope.organizationId })));
      }
    },

    /** The campaign's projections, once its recipients are in: the funnel, and each department's recipients. */
    createStats: async (campaignId: string, recipients: number) => {
      await db.insert(campaignStats).values({ campaignId, organizationId: scope.organizationId, recipients }).onConflictDoNothing();
      await db
        .insert(campaignDepartmentStats)
        .select(
          db
            .select({
              organizationId: campaignRecipients.organizationId,
              campaignId: campaignRecipients.campaignId,
              departmentId: campaignRecipients.departmentId,
              recipients: sql<number>`count(*)::int`.as('recipients'),
              sent: sql<number>`0`.as('sent'),
              opened: sql<number>`0`.as('opened'),
              clicked: sql<number>`0`.as('clicked'),
              submitted: sql<number>`0`.as('submitted'),
              reported: sql<number>`0`.as('reported'),
            })
            .from(campaignRecipients)
            .where(and(eq(campaignRecipients.organizationId, scope.organizationId), eq(campaignRecipients.campaignId, campaignId)))
            .groupBy(campaignRecipients.organizationId, campaignRecipients.campaignId, campaignRecipients.departmentId),
        )
        .onConflictDoNothing();
    },

    stats: async (campaignIds: readonly string[]) =>
      campaignIds.length === 0
        ? []
        : db.select().from(campaignStats).where(and(eq(campaignStats.organizationId, scope.organizationId), inArray(campaignStats.campaignId, [...campaignIds]))),

    /** Recipients per state, for the given campaigns. */
    stateCounts: async (campaignIds: readonly string[]) =>
      campaignIds.length === 0
        ? []
        : db
            .select({ campaignId: campaignRecipients.campaignId, state: campaignRecipients.state, count: sql<number>`count(*)::int` })
            .from(campaignRecipients)
            .where(and(eq(campaignRecipients.organizationId, scope.organizationId), inArray(campaignRecipients.campaignId, [...campaignIds])))
            .groupBy(campaignRecipients.campaignId, campaignRecipients.state),

    /** Puts every not-yet-sent recipient of a campaign in `to` (cancel: cancelled). Returns how many moved. */
    moveUnsent: async (campaignId: string, from: readonly ('scheduled' | 'queued')[], to: 'cancelled') =>
      (
        await db
          .update(campaignRecipients)
          .set({ state: to, stateChangedAt: now() })
          .where(and(eq(campaignRecipients.organizationId, scope.organizationId), eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.state, [...from])))
          .returning({ id: campaignRecipients.id })
      ).length,
  };
};

export type CampaignsRepository = ReturnType<typeof campaignsRepository>;
