import { type SQL, and, asc, eq, gte, ilike, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, type Tx, complianceSettings, departments, organizations, people, policyAcknowledgements, policyVersions, trainingAssignments, trainingModules } from '@vigil/db';
import type { ComplianceStatus } from '@vigil/contracts';
import type { OrgScope } from '../../lib/scope.ts';
import type { ComplianceClock } from './compliance-status.ts';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const openStatuses = ['assigned', 'in_progress'] as const;

/** What the people query needs to judge: the framework's modules, the clock, and now. */
export type StatusQuery = Readonly<{ moduleIds: readonly string[]; clock: ComplianceClock; now: Date }>;
export type PeopleFilter = Readonly<{ status?: ComplianceStatus; search?: string }>;

export type PersonStatusRow = {
  personId: string;
  sortKey: string;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  startDate: string | null;
  required: number;
  passed: number;
  open: number;
  pastDue: number;
  status: ComplianceStatus;
  nextDueAt: Date | null;
  lastCompletedAt: Date | null;
};

export type EvidenceRow = {
  sortKey: string;
  assignmentId: string;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  isActive: boolean;
  moduleTitle: string;
  moduleVersion: number | null;
  currentModuleVersion: number;
  status: string;
  reason: string;
  assignedAt: Date;
  dueAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
  score: number | null;
  attempts: number;
  certificateId: string | null;
};

/**
 * Compliance reads over people and their training assignments, and the organisation's settings;
 * every query carries the scope's organisation.
 */
export const complianceRepository = (db: Db | Tx, scope: OrgScope) => {
  const organizationId = scope.organizationId;

  /**
   * One row per active person with the facts of complianceStatusOf (compliance-status.ts), each
   * required module counted once, and the status worked out by the same rule in SQL so the list
   * can be filtered and paged by it.
   */
  const peopleWithStatus = ({ moduleIds, clock, now }: StatusQuery) => {
    const periodStart = new Date(`${clock.periodStart}T00:00:00Z`);
    const isOpen = inArray(trainingAssignments.status, [...openStatuses]);
    const perModule = db
      .select({
        personId: sql<string>`${people.id}`.as('person_id'),
        passed: sql<boolean>`coalesce(bool_or(${trainingAssignments.status} = 'completed' and ${trainingAssignments.completedAt} >= ${periodStart}), false)`.as('passed'),
        open: sql<boolean>`coalesce(bool_or(${isOpen}), false)`.as('open'),
        pastDue: sql<boolean>`coalesce(bool_or(${isOpen} and ${trainingAssignments.dueAt} < ${now}), false)`.as('past_due'),
        nextDueAt: sql<Date | null>`min(${trainingAssignments.dueAt}) filter (where ${isOpen})`.as('next_due_at'),
        lastCompletedAt: sql<Date | null>`max(${trainingAssignments.completedAt}) filter (where ${trainingAssignments.status} = 'completed' and ${trainingAssignments.completedAt} >= ${periodStart})`.as('last_completed_at'),
      })
      .from(people)
      .innerJoin(trainingModules, inArray(trainingModules.id, [...moduleIds]))
      .leftJoin(
        trainingAssignments,
        and(eq(trainingAssignments.organizationId, people.organizationId), eq(trainingAssignments.personId, people.id), eq(trainingAssignments.moduleId, trainingModules.id)),
      )
      .where(and(eq(people.organizationId, organizationId), eq(people.isActive, true)))
      .groupBy(people.id, trainingModules.id)
      .as('per_module');

    const perPerson = db
      .select({
        personId: perModule.personId,
        required: sql<number>`count(*)::int`.as('required'),
        passed: sql<number>`(count(*) filter (where ${perModule.passed}))::int`.as('passed_count'),
        open: sql<number>`(count(*) filter (where not ${perModule.passed} and ${perModule.open}))::int`.as('open_count'),
        pastDue: sql<number>`(count(*) filter (where not ${perModule.passed} and ${perModule.pastDue}))::int`.as('past_due_count'),
        nextDueAt: sql<Date | null>`min(${perModule.nextDueAt}) filter (where not ${perModule.passed})`.as('next_due'),
        lastCompletedAt: sql<Date | null>`max(${perModule.lastCompletedAt})`.as('last_completed'),
      })
      .from(perModule)
      .groupBy(perModule.personId)
      .as('per_person');

    // complianceStatusOf in SQL; keep the two in step (the routes test compares them person by person).
    const lapsedNewHire = sql`(${people.startDate} is not null and ${perPerson.passed} = 0 and ${people.startDate} >= ${clock.periodStart}::date and ${people.startDate} + ${clock.newHireWindowDays}::int < ${clock.today}::date)`;
    const status = sql<ComplianceStatus>`case
      when ${perPerson.passed} >= ${perPerson.required} then 'compliant'
      when ${perPerson.pastDue} > 0 or ${lapsedNewHire} then 'overdue'
      when ${perPerson.passed} + ${perPerson.open} < ${perPerson.required} then 'missing'
      else 'in_progress' end`;
    const sortKey = sql<string>`lower(${people.lastName} || ' ' || ${people.firstName} || ' ' || ${people.email})`;

    const select = (conditions: SQL[]) =>
      db
        .select({
          personId: people.id,
          sortKey,
          firstName: people.firstName,
          lastName: people.lastName,
          email: people.email,
          department: departments.name,
          startDate: people.startDate,
          required: perPerson.required,
          passed: perPerson.passed,
          open: perPerson.open,
          pastDue: perPerson.pastDue,
          status,
          nextDueAt: perPerson.nextDueAt,
          lastCompletedAt: perPerson.lastCompletedAt,
        })
        .from(perPerson)
        .innerJoin(people, and(eq(people.organizationId, organizationId), eq(people.id, perPerson.personId)))
        .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
        .where(and(...conditions));

    return { select, status, sortKey };
  };

  return {
    /** Active people by status (a framework with no modules counts nobody). */
    countByStatus: async (query: StatusQuery): Promise<Record<ComplianceStatus, number>> => {
      const counts: Record<ComplianceStatus, number> = { compliant: 0, in_progress: 0, overdue: 0, missing: 0 };
      if (query.moduleIds.length === 0) return counts;
      const rows = await peopleWithStatus(query).select([]);
      for (const row of rows) counts[row.status] += 1;
      return counts;
    },

    /** A page of active people with their status, by name, after the key (sort key, id). */
    listPeople: async (query: StatusQuery, filter: PeopleFilter, after: readonly [string, string] | undefined, limit: number): Promise<PersonStatusRow[]> => {
      if (query.moduleIds.length === 0) return [];
      const built = peopleWithStatus(query);
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(sql`${built.status} = ${filter.status}`);
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(or(ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern), ilike(people.email, pattern))!);
      }
      if (after) conditions.push(sql`(${built.sortKey}, ${people.id}) > (${after[0]}, ${after[1]})`);
      return (await built
        .select(conditions)
        .orderBy(built.sortKey, asc(people.id))
        .limit(limit)) as PersonStatusRow[];
    },

    /**
     * Passed and failed assignments of these modules finished in [from, to), people who are no
     * longer active included (their records are evidence too), oldest first after the key.
     */
    // Why the evidence outlives a person's removal: removing someone from the organisation
    // deactivates them (organization-users' setOrganizationUserActive); the people row, and the
    // assignments that point at it, stay. Only deleting the whole organisation cascades to them. A
    // future erasure that deletes people rows must first weigh the retention set here.

    listEvidence: async (moduleIds: readonly string[], from: Date, to: Date, after: readonly [string, string] | undefined, limit: number): Promise<EvidenceRow[]> => {
      if (moduleIds.length === 0) return [];
      const finishedAt = sql`coalesce(${trainingAssignments.completedAt}, ${trainingAssignments.failedAt})`;
      const conditions: SQL[] = [
        eq(trainingAssignments.organizationId, organizationId),
        inArray(trainingAssignments.moduleId, [...moduleIds]),
        inArray(trainingAssignments.status, ['completed', 'failed']),
        sql`${finishedAt} >= ${from}`,
        sql`${finishedAt} < ${to}`,
      ];
      if (after) conditions.push(sql`(${finishedAt}, ${trainingAssignments.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`);
      return db
        .select({
          sortKey: sql<string>`${finishedAt}::text`,
          assignmentId: trainingAssignments.id,
          firstName: people.firstName,
          lastName: people.lastName,
          email: people.email,
          department: departments.name,
          isActive: people.isActive,
          moduleTitle: sql<string>`${trainingModules.texts} -> 'en_us' ->> 'title'`,
          moduleVersion: trainingAssignments.moduleVersion,
          currentModuleVersion: trainingModules.version,
          status: trainingAssignments.status,
          reason: trainingAssignments.reason,
          assignedAt: trainingAssignments.assignedAt,
          dueAt: trainingAssignments.dueAt,
          startedAt: trainingAssignments.startedAt,
          completedAt: trainingAssignments.completedAt,
          failedAt: trainingAssignments.failedAt,
          score: trainingAssignments.score,
          attempts: trainingAssignments.attempts,
          certificateId: trainingAssignments.certificateId,
        })
        .from(trainingAssignments)
        .innerJoin(people, and(eq(people.organizationId, trainingAssignments.organizationId), eq(people.id, trainingAssignments.personId)))
        .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
        .innerJoin(trainingModules, eq(trainingModules.id, trainingAssignments.moduleId))
        .where(and(...conditions))
        .orderBy(finishedAt, asc(trainingAssignments.id))
        .limit(limit);
    },

    /** How many of these modules' assignments were passed in [from, to). */
    countPassed: async (moduleIds: readonly string[], from: Date, to: Date) => {
      if (moduleIds.length === 0) return 0;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(trainingAssignments)
        .where(
          and(
            eq(trainingAssignments.organizationId, organizationId),
            inArray(trainingAssignments.moduleId, [...moduleIds]),
            eq(trainingAssignments.status, 'completed'),
            gte(trainingAssignments.completedAt, from),
            lt(trainingAssignments.completedAt, to),
          ),
        );
      return row?.count ?? 0;
    },

    findSettings: async () => (await db.select().from(complianceSettings).where(eq(complianceSettings.organizationId, organizationId)).limit(1))[0],

    saveSettings: async (values: { retentionYears: number; newHireWindowDays: number }) =>
      (
        await db
          .insert(complianceSettings)
          .values({ organizationId, ...values })
          .onConflictDoUpdate({ target: complianceSettings.organizationId, set: { ...values, updatedAt: new Date() } })
          .returning()
      )[0]!,

    /**
     * Deletes finished assignments (passed, failed or cancelled) that finished before `before`, a
     * batch at a time. Open assignments are never deleted, however old.
     * @returns how many were deleted
     */
    deleteFinishedBefore: async (before: Date, batchSize = 1_000) => {
      const finishedAt = sql`coalesce(${trainingAssignments.completedAt}, ${trainingAssignments.failedAt}, ${trainingAssignments.cancelledAt})`;
      let deleted = 0;
      for (;;) {
        const batch = db
          .select({ id: trainingAssignments.id })
          .from(trainingAssignments)
          .where(and(eq(trainingAssignments.organizationId, organizationId), inArray(trainingAssignments.status, ['completed', 'failed', 'cancelled']), lte(finishedAt, before)))
          .limit(batchSize);
        const rows = await db.delete(trainingAssignments).where(and(eq(trainingAssignments.organizationId, organizationId), inArray(trainingAssignments.id, batch))).returning({ id: trainingAssignments.id });
        deleted += rows.length;
        if (rows.length < batchSize) return deleted;
      }
    },

    /**
     * Deletes acknowledgements given before `before` of policy versions a later version has
     * replaced (C3's policy_acknowledgements; the current version's stay: they are the live answer).
     * @returns how many were deleted
     */
    deleteSupersededAcknowledgementsBefore: async (before: Date) => {
      const rows = await db
        .delete(policyAcknowledgements)
        .where(
          and(
            eq(policyAcknowledgements.organizationId, organizationId),
            lte(policyAcknowledgements.acknowledgedAt, before),
            sql`exists (select 1 from ${policyVersions} as acknowledged join ${policyVersions} as later on later.policy_id = acknowledged.policy_id and later.version > acknowledged.version where acknowledged.id = ${policyAcknowledgements.versionId})`,
          ),
        )
        .returning({ versionId: policyAcknowledgements.versionId });
      return rows.length;
    },
  };
};

export type ComplianceRepository = ReturnType<typeof complianceRepository>;

/** Every organisation with its retention (null: the default), for the daily retention job. */
export const selectRetentionOrganizations = (db: Db) =>
  db
    .select({ organizationId: organizations.id, retentionYears: complianceSettings.retentionYears })
    .from(organizations)
    .leftJoin(complianceSettings, eq(complianceSettings.organizationId, organizations.id))
    .orderBy(asc(organizations.id));
