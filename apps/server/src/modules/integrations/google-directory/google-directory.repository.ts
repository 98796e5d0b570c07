import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  type Db,
  type GoogleDirectoryFieldChange,
  type Tx,
  departments,
  googleDirectoryChanges,
  googleDirectoryConnections,
  googleDirectoryRuns,
  jobProgress,
  people,
} from '@vigil/db';
import { afterKey } from '../../../lib/keyset.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import type { DepartmentSnapshot, PersonSnapshot } from './directory-plan.ts';

export const syncProgressKind = 'google_directory_sync';

export type RunCounts = { usersSeen: number; created: number; updated: number; deactivated: number; reactivated: number; unchanged: number; skipped: number; enrolledIn2Sv: number };

export type NewChangeRow = {
  seq: number;
  personId: string | null;
  googleUserId: string;
  email: string;
  kind: 'created' | 'updated' | 'deactivated' | 'reactivated' | 'skipped';
  fields: GoogleDirectoryFieldChange[];
  reason: string | null;
};

/** The only file touching the directory sync's tables; every query is in the caller's organisation. */
export const googleDirectoryRepository = (db: Db | Tx, scope: OrgScope) => {
  const { organizationId } = scope;
  const inOrganization = eq(people.organizationId, organizationId);
  const runInOrganization = (runId: string) => and(eq(googleDirectoryRuns.organizationId, organizationId), eq(googleDirectoryRuns.id, runId));

  return {
    findConnection: async () => (await db.select().from(googleDirectoryConnections).where(eq(googleDirectoryConnections.organizationId, organizationId)).limit(1))[0],
    saveConnection: async (values: Omit<typeof googleDirectoryConnections.$inferInsert, 'organizationId' | 'createdAt' | 'updatedAt'>) =>
      (
        await db
          .insert(googleDirectoryConnections)
          .values({ ...values, organizationId })
          .onConflictDoUpdate({ target: googleDirectoryConnections.organizationId, set: { ...values, updatedAt: new Date() } })
          .returning()
      )[0]!,
    deleteConnection: async () => (await db.delete(googleDirectoryConnections).where(eq(googleDirectoryConnections.organizationId, organizationId)).returning({ id: googleDirectoryConnections.organizationId })).length > 0,

    /** Every person of the organisation, as the plan compares them. */
    peopleSnapshot: async (): Promise<PersonSnapshot[]> =>
      db
        .select({
          id: people.id,
          email: people.email,
          firstName: people.firstName,
          lastName: people.lastName,
          jobTitle: people.jobTitle,
          phone: people.phone,
          preferredLanguage: people.preferredLanguage,
          employeeNumber: people.employeeNumber,
          departmentId: people.departmentId,
          managerId: people.managerId,
          isActive: people.isActive,
          source: people.source,
          externalId: people.externalId,
          role: people.role,
          authUserId: people.authUserId,
        })
        .from(people)
        .where(inOrganization),
    departmentsSnapshot: async (): Promise<DepartmentSnapshot[]> => db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.organizationId, organizationId)),
    /**
     * The departments of these names (case aside), made when missing; one a SCIM client deleted
     * comes back as a department.
     * @returns lower-cased name → id
     */
    ensureDepartments: async (names: readonly string[]) => {
      if (names.length) {
        await db
          .insert(departments)
          .values(names.map((name) => ({ organizationId, name })))
          .onConflictDoNothing();
        await db
          .update(departments)
          .set({ scimDeletedAt: null })
          .where(and(eq(departments.organizationId, organizationId), inArray(sql`lower(${departments.name})`, names.map((name) => name.toLowerCase())), sql`${departments.scimDeletedAt} is not null`));
      }
      const rows = await db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.organizationId, organizationId)).orderBy(asc(departments.createdAt));
      const byName = new Map<string, string>();
      for (const row of rows) if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row.id);
      return byName;
    },
    insertPeople: async (rows: Omit<typeof people.$inferInsert, 'organizationId'>[]) => {
      if (rows.length) await db.insert(people).values(rows.map((row) => ({ ...row, organizationId })));
    },
    updatePerson: async (id: string, values: Partial<typeof people.$inferInsert>) => {
      await db
        .update(people)
        .set({ ...values, updatedAt: new Date() })
        .where(and(inOrganization, eq(people.id, id)));
    },

    /**
     * A run waiting for its job. One run is active per organisation (a unique index):
     * @returns undefined when one is already queued or running
     */
    insertRun: async (values: { dryRun: boolean; trigger: 'manual' | 'schedule'; requestedByPersonId: string | null; confirmedDeactivations?: number | null }) =>
      (
        await db
          .insert(googleDirectoryRuns)
          .values({ ...values, organizationId })
          .onConflictDoNothing()
          .returning()
      )[0],
    findRun: async (runId: string) => (await db.select().from(googleDirectoryRuns).where(runInOrganization(runId)).limit(1))[0],
    activeRun: async () =>
      (await db.select().from(googleDirectoryRuns).where(and(eq(googleDirectoryRuns.organizationId, organizationId), inArray(googleDirectoryRuns.state, ['queued', 'running']))).limit(1))[0],
    updateRun: async (runId: string, values: Partial<typeof googleDirectoryRuns.$inferInsert>) => {
      await db.update(googleDirectoryRuns).set(values).where(runInOrganization(runId));
    },
    /** Adds to a run's counters (each batch of a run adds what it did). */
    addToCounts: async (runId: string, counts: Partial<RunCounts>) => {
      const set: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(counts)) {
        if (!value) continue;
        const column = googleDirectoryRuns[name as keyof RunCounts];
        set[name] = sql`${column} + ${value}`;
      }
      if (Object.keys(set).length) await db.update(googleDirectoryRuns).set(set).where(runInOrganization(runId));
    },
    /** Newest first, keyset-paged by (createdAt, id). */
    listRuns: async (after: readonly [string, string] | undefined, limit: number) =>
      db
        .select({ run: googleDirectoryRuns, createdAtKey: sql<string>`${googleDirectoryRuns.createdAt}::text` })
        .from(googleDirectoryRuns)
        .where(and(eq(googleDirectoryRuns.organizationId, organizationId), after ? afterKey([googleDirectoryRuns.createdAt, googleDirectoryRuns.id], after, 'desc') : undefined))
        .orderBy(desc(googleDirectoryRuns.createdAt), desc(googleDirectoryRuns.id))
        .limit(limit),
    insertChanges: async (runId: string, rows: readonly NewChangeRow[]) => {
      for (let start = 0; start < rows.length; start += 500) {
        await db.insert(googleDirectoryChanges).values(rows.slice(start, start + 500).map((row) => ({ ...row, organizationId, runId })));
      }
    },
    /** The number a run's next change-log row takes: after what an earlier attempt of it wrote. */
    nextChangeSeq: async (runId: string) =>
      (
        await db
          .select({ next: sql<number>`coalesce(max(${googleDirectoryChanges.seq}) + 1, 0)::int` })
          .from(googleDirectoryChanges)
          .where(and(eq(googleDirectoryChanges.organizationId, organizationId), eq(googleDirectoryChanges.runId, runId)))
      )[0]!.next,
    listChanges: async (runId: string, after: number | undefined, limit: number, kind?: NewChangeRow['kind']) =>
      db
        .select()
        .from(googleDirectoryChanges)
        .where(
          and(
            eq(googleDirectoryChanges.organizationId, organizationId),
            eq(googleDirectoryChanges.runId, runId),
            after === undefined ? undefined : gt(googleDirectoryChanges.seq, after),
            kind ? eq(googleDirectoryChanges.kind, kind) : undefined,
          ),
        )
        .orderBy(asc(googleDirectoryChanges.seq))
        .limit(limit),

    /** A run's progress bar (job_progress, read by the panel while the run goes on). */
    setProgress: async (runId: string, values: { done: number; total: number; state?: string; message?: string | null }) => {
      const where = and(eq(jobProgress.organizationId, organizationId), eq(jobProgress.kind, syncProgressKind), eq(jobProgress.subjectId, runId));
      const updated = await db
        .update(jobProgress)
        .set({ ...values, updatedAt: new Date() })
        .where(where)
        .returning({ id: jobProgress.id });
      if (!updated.length) await db.insert(jobProgress).values({ organizationId, kind: syncProgressKind, subjectId: runId, ...values });
    },
    progressOf: async (runIds: string[]) =>
      runIds.length
        ? db
            .select({ subjectId: jobProgress.subjectId, done: jobProgress.done, total: jobProgress.total, message: jobProgress.message })
            .from(jobProgress)
            .where(and(eq(jobProgress.organizationId, organizationId), eq(jobProgress.kind, syncProgressKind), inArray(jobProgress.subjectId, runIds)))
        : Promise.resolve([]),
  };
};

/** Every organisation's connection with a schedule, with when its last real run was asked for (the sweep). */
export const selectScheduledConnections = (db: Db) =>
  db
    .select({
      organizationId: googleDirectoryConnections.organizationId,
      schedule: googleDirectoryConnections.schedule,
      lastRunAt: sql<Date | null>`(select max(${googleDirectoryRuns.createdAt}) from ${googleDirectoryRuns} where ${googleDirectoryRuns.organizationId} = ${googleDirectoryConnections.organizationId} and not ${googleDirectoryRuns.dryRun})`.mapWith((value: string | null) => (value ? new Date(value) : null)),
    })
    .from(googleDirectoryConnections)
    .where(sql`${googleDirectoryConnections.schedule} <> 'off'`);

/** Runs left queued or running long after they began (a process that died and used up its retries): failed, so the next can start. */
export const failAbandonedRuns = async (db: Db, olderThan: Date) =>
  db
    .update(googleDirectoryRuns)
    .set({ state: 'failed', finishedAt: new Date(), error: 'The sync was interrupted (the process running it stopped); the next run starts afresh.' })
    .where(and(inArray(googleDirectoryRuns.state, ['queued', 'running']), lt(googleDirectoryRuns.createdAt, olderThan)))
    .returning({ id: googleDirectoryRuns.id, organizationId: googleDirectoryRuns.organizationId });
