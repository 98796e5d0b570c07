import { type SQL, and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Tx, people, trainingAssignments, trainingModules } from '@vigil/db';

const openStatuses = ['assigned', 'in_progress'] as const;
const dayMs = 24 * 60 * 60 * 1000;
const manager = alias(people, 'manager');

/**
 * The only file of the reminders touching training_assignments. Each send is claimed first: a
 * guarded UPDATE that moves the assignment's timestamp only if nobody has sent that reminder yet,
 * and that returns nothing to the loser of a race (a second worker, a rerun after a restart).
 * The mail goes only after the claim committed, so a reminder is sent at most once.
 */
export const trainingRemindersRepository = (db: Db | Tx) => ({
  /**
   * Open assignments of active people due before `horizon` (the furthest a reminder can go ahead),
   * with the person, their manager (when they have an active one) and the module.
   */
  candidates: async (now: Date, horizonDays: number, organizationId?: string) =>
    db
      .select({
        id: trainingAssignments.id,
        organizationId: trainingAssignments.organizationId,
        personId: trainingAssignments.personId,
        moduleId: trainingAssignments.moduleId,
        dueAt: trainingAssignments.dueAt,
        reminderSentAt: trainingAssignments.reminderSentAt,
        escalatedAt: trainingAssignments.escalatedAt,
        person: { firstName: people.firstName, lastName: people.lastName, email: people.email, preferredLanguage: people.preferredLanguage, timeZone: people.timeZone, managerId: people.managerId },
        manager: { id: manager.id, firstName: manager.firstName, email: manager.email, preferredLanguage: manager.preferredLanguage, timeZone: manager.timeZone, isActive: manager.isActive },
        module: { texts: trainingModules.texts, minutes: trainingModules.minutes },
      })
      .from(trainingAssignments)
      .innerJoin(people, and(eq(people.organizationId, trainingAssignments.organizationId), eq(people.id, trainingAssignments.personId)))
      .leftJoin(manager, and(eq(manager.organizationId, people.organizationId), eq(manager.id, people.managerId)))
      .innerJoin(trainingModules, eq(trainingModules.id, trainingAssignments.moduleId))
      .where(
        and(
          inArray(trainingAssignments.status, [...openStatuses]),
          lte(trainingAssignments.dueAt, new Date(now.getTime() + horizonDays * dayMs)),
          eq(people.isActive, true),
          organizationId ? eq(trainingAssignments.organizationId, organizationId) : undefined,
        ),
      )
      .orderBy(trainingAssignments.dueAt, trainingAssignments.id),

  /** Claims the reminder before the due date: none sent yet, and still before it. */
  claimDueSoon: (id: string, now: Date) => claim(db, id, { reminderSentAt: now }, and(isNull(trainingAssignments.reminderSentAt), gt(trainingAssignments.dueAt, now))!),

  /** Claims the first reminder after the due date (none sent since it). */
  claimFirstOverdue: (id: string, now: Date) =>
    claim(
      db,
      id,
      { reminderSentAt: now },
      and(lte(trainingAssignments.dueAt, now), or(isNull(trainingAssignments.reminderSentAt), lt(trainingAssignments.reminderSentAt, trainingAssignments.dueAt)))!,
    ),

  /** Claims a repeated overdue reminder: the last one went after the due date, `everyDays` or more ago. */
  claimRepeatOverdue: (id: string, now: Date, everyDays: number) =>
    claim(
      db,
      id,
      { reminderSentAt: now },
      and(
        lte(trainingAssignments.dueAt, now),
        sql`${trainingAssignments.reminderSentAt} >= ${trainingAssignments.dueAt}`,
        lte(trainingAssignments.reminderSentAt, new Date(now.getTime() - everyDays * dayMs)),
      )!,
    ),

  /** Claims the manager's email: not sent yet, and `afterDays` past the due date. */
  claimEscalation: (id: string, now: Date, afterDays: number) =>
    claim(db, id, { escalatedAt: now }, and(isNull(trainingAssignments.escalatedAt), lte(trainingAssignments.dueAt, new Date(now.getTime() - afterDays * dayMs)))!),
});

const claim = async (db: Db | Tx, id: string, set: { reminderSentAt?: Date; escalatedAt?: Date }, guard: SQL) =>
  (
    await db
      .update(trainingAssignments)
      .set(set)
      .where(and(eq(trainingAssignments.id, id), inArray(trainingAssignments.status, [...openStatuses]), guard))
      .returning({ id: trainingAssignments.id })
  ).length === 1;
