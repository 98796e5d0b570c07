import { type SQL, and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  type Db,
  type NewTrainingAssignmentRow,
  type TrainingAssignmentRow,
  type Tx,
  departments,
  people,
  trainingAssignments,
  trainingModules,
} from '@vigil/db';
import type { AssignmentStatus } from '@vigil/contracts';
import { afterKey } from '../../../lib/keyset.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import { openStatuses } from './training-assignments.policy.ts';

export type AdminAssignmentsFilter = Readonly<{ moduleId?: string; status?: AssignmentStatus; overdue?: 'true' | 'false'; search?: string; personId?: string }>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const isOpen = inArray(trainingAssignments.status, [...openStatuses]);
const overdueNow = and(isOpen, sql`${trainingAssignments.dueAt} < now()`)!;

/** An assignment as the admin's list shows it: the person, their department and the module's English title. */
const adminColumns = {
  assignment: trainingAssignments,
  sortKey: sql<string>`${trainingAssignments.assignedAt}::text`,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  department: departments.name,
  moduleTitle: sql<string>`${trainingModules.texts} -> 'en_us' ->> 'title'`,
};
export type AdminAssignmentRow = { assignment: TrainingAssignmentRow; sortKey: string; firstName: string; lastName: string; email: string; department: string | null; moduleTitle: string };

/**
 * Training assignments as admins and assignment rounds see them; every query carries the scope's
 * organisation. (A learner's own reads and writes are in learner/my-trainings.repository.ts.)
 */
export const trainingAssignmentsRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(trainingAssignments.organizationId, scope.organizationId);

  const adminQuery = (conditions: SQL[]) =>
    db
      .select(adminColumns)
      .from(trainingAssignments)
      .innerJoin(people, and(eq(people.organizationId, trainingAssignments.organizationId), eq(people.id, trainingAssignments.personId)))
      .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
      .innerJoin(trainingModules, eq(trainingModules.id, trainingAssignments.moduleId))
      .where(and(inOrganization, ...conditions));

  return {
    /** Which of these people already have an open (assigned or in-progress) assignment of the module. */
    openHolders: async (moduleId: string, personIds: readonly string[]) => {
      const holders = new Set<string>();
      for (let start = 0; start < personIds.length; start += 5_000) {
        const rows = await db
          .select({ personId: trainingAssignments.personId })
          .from(trainingAssignments)
          .where(and(inOrganization, eq(trainingAssignments.moduleId, moduleId), isOpen, inArray(trainingAssignments.personId, personIds.slice(start, start + 5_000))));
        for (const row of rows) holders.add(row.personId);
      }
      return holders;
    },

    /** Inserts the assignments nobody holds open yet; a concurrent round's rows win (one open per person and module). */
    insertNew: async (rows: readonly Omit<NewTrainingAssignmentRow, 'organizationId'>[]) => {
      const inserted: TrainingAssignmentRow[] = [];
      for (let start = 0; start < rows.length; start += 1_000) {
        const batch = rows.slice(start, start + 1_000).map((row) => ({ ...row, organizationId: scope.organizationId }));
        inserted.push(...(await db.insert(trainingAssignments).values(batch).onConflictDoNothing().returning()));
      }
      return inserted;
    },

    find: async (id: string, { lock = false }: { lock?: boolean } = {}) => {
      const query = db.select().from(trainingAssignments).where(and(inOrganization, eq(trainingAssignments.id, id))).limit(1);
      return (lock ? await query.for('update') : await query)[0];
    },

    update: async (id: string, values: Partial<NewTrainingAssignmentRow>) =>
      (await db.update(trainingAssignments).set({ ...values, updatedAt: new Date() }).where(and(inOrganization, eq(trainingAssignments.id, id))).returning())[0]!,

    /** The admin's list, newest first, keyed by (assigned_at, id) read as the database's own text. */
    listForAdmin: async (filter: AdminAssignmentsFilter, after: readonly [string, string] | undefined, limit: number): Promise<AdminAssignmentRow[]> => {
      const conditions: SQL[] = [];
      if (filter.moduleId) conditions.push(eq(trainingAssignments.moduleId, filter.moduleId));
      if (filter.personId) conditions.push(eq(trainingAssignments.personId, filter.personId));
      if (filter.status) conditions.push(eq(trainingAssignments.status, filter.status));
      if (filter.overdue === 'true') conditions.push(overdueNow);
      if (filter.overdue === 'false') conditions.push(sql`not (${overdueNow})`);
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(or(ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern), ilike(people.email, pattern))!);
      }
      if (after) conditions.push(afterKey([trainingAssignments.assignedAt, trainingAssignments.id], after, 'desc'));
      return adminQuery(conditions).orderBy(desc(trainingAssignments.assignedAt), desc(trainingAssignments.id)).limit(limit);
    },

    findForAdmin: async (id: string): Promise<AdminAssignmentRow | undefined> => (await adminQuery([eq(trainingAssignments.id, id)]).limit(1))[0],

  };
};

export type TrainingAssignmentsRepository = ReturnType<typeof trainingAssignmentsRepository>;
