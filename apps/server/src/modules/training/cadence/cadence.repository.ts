import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  type CadenceLastRun,
  type Db,
  type NewTrainingCadenceRuleRow,
  type TrainingCadenceRuleRow,
  type Tx,
  organizations,
  people,
  trainingAssignments,
  trainingCadenceRules,
  trainingModules,
} from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';

/** A rule with its module's English title, as the admin's list shows it. */
export type CadenceRuleWithTitle = { rule: TrainingCadenceRuleRow; moduleTitle: string };

const moduleTitle = sql<string>`${trainingModules.texts} -> 'en_us' ->> 'title'`;
const live = isNull(trainingCadenceRules.deletedAt);

/** Cadence rules and what the schedule reads; every query carries the scope's organisation. */
export const cadenceRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(trainingCadenceRules.organizationId, scope.organizationId);

  return {
    organizationTimeZone: async () =>
      (await db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, scope.organizationId)).limit(1))[0]?.timeZone ?? 'UTC',

    insert: async (values: Omit<NewTrainingCadenceRuleRow, 'organizationId'>) =>
      (await db.insert(trainingCadenceRules).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    /** A live (not deleted) rule of the organisation. */
    find: async (id: string, { lock = false }: { lock?: boolean } = {}) => {
      const query = db.select().from(trainingCadenceRules).where(and(inOrganization, live, eq(trainingCadenceRules.id, id))).limit(1);
      return (lock ? await query.for('update') : await query)[0];
    },

    /** A live rule a framework already asked for: the same module and cadence. */
    findForFramework: async (frameworkId: string, moduleId: string, cadence: TrainingCadenceRuleRow['cadence']) =>
      (
        await db
          .select()
          .from(trainingCadenceRules)
          .where(and(inOrganization, live, eq(trainingCadenceRules.frameworkId, frameworkId), eq(trainingCadenceRules.moduleId, moduleId), eq(trainingCadenceRules.cadence, cadence)))
          .limit(1)
      )[0],

    /** The organisation's live rules, oldest first, with their module's title. */
    list: async (ids?: readonly string[]): Promise<CadenceRuleWithTitle[]> =>
      db
        .select({ rule: trainingCadenceRules, moduleTitle })
        .from(trainingCadenceRules)
        .innerJoin(trainingModules, eq(trainingModules.id, trainingCadenceRules.moduleId))
        .where(and(inOrganization, live, ids ? inArray(trainingCadenceRules.id, [...ids]) : undefined))
        .orderBy(asc(trainingCadenceRules.createdAt), asc(trainingCadenceRules.id)),

    update: async (id: string, values: Partial<Omit<NewTrainingCadenceRuleRow, 'id' | 'organizationId'>>) =>
      (await db.update(trainingCadenceRules).set({ ...values, updatedAt: new Date() }).where(and(inOrganization, eq(trainingCadenceRules.id, id))).returning())[0]!,

    recordRun: async (id: string, lastRun: CadenceLastRun) => {
      await db.update(trainingCadenceRules).set({ lastRun }).where(and(inOrganization, eq(trainingCadenceRules.id, id)));
    },

    /** Start dates of these people (the audience's active members), for on-hire rules. */
    startDates: async (personIds: readonly string[]) => {
      const dates = new Map<string, string>();
      for (let start = 0; start < personIds.length; start += 5_000) {
        const rows = await db
          .select({ id: people.id, startDate: people.startDate })
          .from(people)
          .where(and(eq(people.organizationId, scope.organizationId), inArray(people.id, personIds.slice(start, start + 5_000)), sql`${people.startDate} is not null`));
        for (const row of rows) dates.set(row.id, row.startDate!);
      }
      return dates;
    },

    /** Which of these people already had an assignment from the rule for the period (any status). */
    periodHolders: async (ruleId: string, period: string, personIds: readonly string[]) => {
      const holders = new Set<string>();
      for (let start = 0; start < personIds.length; start += 5_000) {
        const rows = await db
          .select({ personId: trainingAssignments.personId })
          .from(trainingAssignments)
          .where(
            and(
              eq(trainingAssignments.organizationId, scope.organizationId),
              eq(trainingAssignments.cadenceRuleId, ruleId),
              eq(trainingAssignments.cadencePeriod, period),
              inArray(trainingAssignments.personId, personIds.slice(start, start + 5_000)),
            ),
          );
        for (const row of rows) holders.add(row.personId);
      }
      return holders;
    },

    /**
     * Open assignments falling due between two instants, counted per day of the time zone and module.
     */
    dueCounts: async (from: Date, until: Date, timeZone: string) =>
      db
        .select({
          date: sql<string>`to_char(${trainingAssignments.dueAt} at time zone ${timeZone}, 'YYYY-MM-DD')`.as('date'),
          moduleId: trainingAssignments.moduleId,
          moduleTitle: sql<string>`min(${moduleTitle})`,
          people: sql<number>`count(*)::int`,
        })
        .from(trainingAssignments)
        .innerJoin(trainingModules, eq(trainingModules.id, trainingAssignments.moduleId))
        .where(
          and(
            eq(trainingAssignments.organizationId, scope.organizationId),
            inArray(trainingAssignments.status, ['assigned', 'in_progress']),
            gte(trainingAssignments.dueAt, from),
            sql`${trainingAssignments.dueAt} < ${until}`,
          ),
        )
        .groupBy(sql`1`, trainingAssignments.moduleId)
        .orderBy(sql`1`, trainingAssignments.moduleId),

    /** Active people of these ids whose start date falls between two days (both included). */
    startDatesBetween: async (personIds: readonly string[], from: string, to: string) => {
      const dates = new Map<string, string>();
      for (let start = 0; start < personIds.length; start += 5_000) {
        const rows = await db
          .select({ id: people.id, startDate: people.startDate })
          .from(people)
          .where(and(eq(people.organizationId, scope.organizationId), inArray(people.id, personIds.slice(start, start + 5_000)), gte(people.startDate, from), lte(people.startDate, to)));
        for (const row of rows) dates.set(row.id, row.startDate!);
      }
      return dates;
    },
  };
};

export type CadenceRepository = ReturnType<typeof cadenceRepository>;

/**
 * Live, active rules of every organisation (or one), for the hourly run. Unscoped on purpose: the
 * job acts for each rule's own organisation, which the rule names.
 */
export const selectActiveRules = (db: Db, organizationId?: string) =>
  db
    .select({ id: trainingCadenceRules.id, organizationId: trainingCadenceRules.organizationId })
    .from(trainingCadenceRules)
    .where(and(live, isNull(trainingCadenceRules.pausedAt), organizationId ? eq(trainingCadenceRules.organizationId, organizationId) : undefined))
    .orderBy(asc(trainingCadenceRules.id));

/** Locks one rule for a run; another worker running it right now makes this answer nothing (skip locked). */
export const claimRule = async (tx: Tx, scope: OrgScope, id: string) =>
  (
    await tx
      .select()
      .from(trainingCadenceRules)
      .where(and(eq(trainingCadenceRules.organizationId, scope.organizationId), eq(trainingCadenceRules.id, id), live, isNull(trainingCadenceRules.pausedAt)))
      .for('update', { skipLocked: true })
  )[0];
