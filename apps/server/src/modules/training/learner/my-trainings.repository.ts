import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { type Db, type NewTrainingAssignmentRow, type Tx, organizations, people, trainingAssignments, trainingModules } from '@vigil/db';
import type { AssignmentStatus } from '@vigil/contracts';
import type { OrgScope } from '../../../lib/scope.ts';

/**
 * A learner's own assignments: every query carries the organisation and the person, so a learner
 * can only ever read or change their own.
 */
export const myTrainingsRepository = (db: Db | Tx, scope: OrgScope, personId: string) => {
  const own = and(eq(trainingAssignments.organizationId, scope.organizationId), eq(trainingAssignments.personId, personId))!;
  return {
    find: async (id: string, { lock = false } = {}) => {
      const query = db.select().from(trainingAssignments).where(and(own, eq(trainingAssignments.id, id))).limit(1);
      return (lock ? await query.for('update') : await query)[0];
    },

    update: async (id: string, values: Partial<NewTrainingAssignmentRow>) =>
      (await db.update(trainingAssignments).set({ ...values, updatedAt: new Date() }).where(and(own, eq(trainingAssignments.id, id))).returning())[0]!,

    /** The person's assignments of some statuses, with their modules, soonest due first. */
    list: async (statuses: readonly AssignmentStatus[]) =>
      db
        .select({ assignment: trainingAssignments, module: trainingModules })
        .from(trainingAssignments)
        .innerJoin(trainingModules, eq(trainingModules.id, trainingAssignments.moduleId))
        .where(and(own, inArray(trainingAssignments.status, [...statuses])))
        .orderBy(asc(trainingAssignments.dueAt), asc(trainingAssignments.id)),

    /** The person's assignments (any status but cancelled) of these modules, with their modules, soonest due first. */
    listOfModules: async (moduleIds: readonly string[]) =>
      moduleIds.length === 0
        ? []
        : db
            .select({ assignment: trainingAssignments, module: trainingModules })
            .from(trainingAssignments)
            .innerJoin(trainingModules, eq(trainingModules.id, trainingAssignments.moduleId))
            .where(and(own, inArray(trainingAssignments.moduleId, [...moduleIds]), ne(trainingAssignments.status, 'cancelled')))
            .orderBy(asc(trainingAssignments.dueAt), asc(trainingAssignments.id)),

    /** The remedial lesson a simulation's failure called for (any status but cancelled), newest first. */
    remedialAfter: async (campaignId: string) =>
      (
        await db
          .select({ assignment: trainingAssignments, module: trainingModules })
          .from(trainingAssignments)
          .innerJoin(trainingModules, eq(trainingModules.id, trainingAssignments.moduleId))
          .where(and(own, eq(trainingAssignments.reason, 'remedial'), eq(trainingAssignments.sourceCampaignId, campaignId), ne(trainingAssignments.status, 'cancelled')))
          .orderBy(desc(trainingAssignments.assignedAt))
          .limit(1)
      )[0],

    /** What the learner's pages and certificate say about the person: their name, language and organisation. */
    person: async () =>
      (
        await db
          .select({ firstName: people.firstName, lastName: people.lastName, preferredLanguage: people.preferredLanguage, organizationName: organizations.name })
          .from(people)
          .innerJoin(organizations, eq(organizations.id, people.organizationId))
          .where(and(eq(people.organizationId, scope.organizationId), eq(people.id, personId)))
          .limit(1)
      )[0],
  };
};
