import { z } from 'zod';
import { type AuthDb, createDelivery } from '@vigil/auth-provider';
import type { TrainingSettings } from '@vigil/contracts';
import type { JobContext } from '../../../lib/jobs.ts';
import { defineJob } from '../../../lib/jobs.ts';
import { appendEvents } from '../../events/events.repository.ts';
import type { LessonText } from '../library/lesson-library.ts';
import { readTrainingSettings } from '../settings/training-settings.service.ts';
import { type RenderedMail, type ReminderLanguage, dueSoonMail, escalationMail, formatDueDate, overdueMail, reminderLanguageOf } from './reminder-messages.ts';
import { trainingRemindersRepository } from './training-reminders.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** The furthest ahead of a due date a reminder can go (the settings' bound on daysBefore). */
const horizonDays = 30;

type Candidate = Awaited<ReturnType<ReturnType<typeof trainingRemindersRepository>['candidates']>>[number];

const lessonTitle = (texts: Record<string, unknown>, language: ReminderLanguage) => {
  const byLanguage = texts as Partial<Record<string, LessonText>>;
  return (byLanguage[language] ?? byLanguage.en_us ?? Object.values(byLanguage)[0])?.title ?? '';
};

/**
 * Sends one claimed email through the product's own mail (the embedded provider's delivery: SMTP
 * when SMTP_URL is set, else the operator outbox). The claim is already committed, so a failure is
 * logged and not retried: a reminder goes at most once, like a lure.
 */
const sendClaimed = async (context: JobContext, send: (mail: RenderedMail & { to: string }) => Promise<void>, mail: RenderedMail & { to: string }, what: Record<string, unknown>) => {
  try {
    await send(mail);
    return true;
  } catch (error) {
    context.log.warn({ err: error, ...what }, 'a training reminder email could not be sent; it is not retried (at most once)');
    return false;
  }
};

/** Claims the first overdue reminder and writes training_overdue in the same transaction. @returns whether this run won it */
const claimFirstOverdue = (context: JobContext, assignment: Candidate, now: Date) =>
  context.db.transaction(async (tx) => {
    if (!(await trainingRemindersRepository(tx).claimFirstOverdue(assignment.id, now))) return false;
    await appendEvents(tx, [
      {
        organizationId: assignment.organizationId,
        personId: assignment.personId,
        type: 'training_overdue',
        occurredAt: now,
        data: { assignmentId: assignment.id, moduleId: assignment.moduleId, dueAt: assignment.dueAt.toISOString() },
      },
    ]);
    return true;
  });

/**
 * Everything due for one open assignment at `now`, each email claimed before it goes: the reminder
 * before the due date, the overdue reminder (with the training_overdue event, once) and its repeats,
 * and the manager's email.
 */
const remindOne = async (context: JobContext, send: (mail: RenderedMail & { to: string }) => Promise<void>, assignment: Candidate, rules: TrainingSettings['reminders'], now: Date) => {
  const repository = trainingRemindersRepository(context.db);
  const language = reminderLanguageOf(assignment.person.preferredLanguage);
  const learner = {
    firstName: assignment.person.firstName,
    lesson: lessonTitle(assignment.module.texts, language),
    due: formatDueDate(assignment.dueAt, language, assignment.person.timeZone),
    minutes: assignment.module.minutes,
    url: `${context.config.publicUrl}/dashboard/trainings/learning/?assignment=${assignment.id}`,
  };
  const what = { assignmentId: assignment.id, organizationId: assignment.organizationId };
  const sent = { dueSoon: 0, overdue: 0, escalated: 0 };
  const dueAt = assignment.dueAt.getTime();

  if (now.getTime() < dueAt) {
    if (rules.daysBefore > 0 && now.getTime() >= dueAt - rules.daysBefore * dayMs && assignment.reminderSentAt === null && (await repository.claimDueSoon(assignment.id, now))) {
      if (await sendClaimed(context, send, { to: assignment.person.email, ...dueSoonMail(language, learner) }, { ...what, kind: 'due-soon' })) sent.dueSoon++;
    }
    return sent;
  }

  // Past the due date: the first overdue reminder and its event commit together. (What was read is
  // only a shortcut: a timestamp never moves back, and each claim checks again.)
  const remindedSinceDue = assignment.reminderSentAt !== null && assignment.reminderSentAt.getTime() >= dueAt;
  const first = !remindedSinceDue && (await claimFirstOverdue(context, assignment, now));
  const repeatDue = remindedSinceDue && rules.overdueEveryDays > 0 && assignment.reminderSentAt!.getTime() <= now.getTime() - rules.overdueEveryDays * dayMs;
  if (first || (repeatDue && (await repository.claimRepeatOverdue(assignment.id, now, rules.overdueEveryDays)))) {
    if (await sendClaimed(context, send, { to: assignment.person.email, ...overdueMail(language, learner) }, { ...what, kind: 'overdue' })) sent.overdue++;
  }

  if (rules.escalateAfterDays > 0 && assignment.escalatedAt === null && now.getTime() >= dueAt + rules.escalateAfterDays * dayMs) {
    const boss = assignment.manager;
    if (!boss?.id || !boss.isActive || boss.id === assignment.personId) {
      context.log.info({ ...what, personId: assignment.personId }, 'a training assignment is long overdue, but its person has no active manager to tell: no escalation');
      return sent;
    }
    if (await repository.claimEscalation(assignment.id, now, rules.escalateAfterDays)) {
      const managerLanguage = reminderLanguageOf(boss.preferredLanguage);
      const mail = escalationMail(managerLanguage, {
        managerFirstName: boss.firstName!,
        person: `${assignment.person.firstName} ${assignment.person.lastName}`,
        lesson: lessonTitle(assignment.module.texts, managerLanguage),
        due: formatDueDate(assignment.dueAt, managerLanguage, boss.timeZone),
        daysOverdue: Math.floor((now.getTime() - dueAt) / dayMs),
      });
      if (await sendClaimed(context, send, { to: boss.email!, ...mail }, { ...what, kind: 'escalation' })) sent.escalated++;
    }
  }
  return sent;
};

/**
 * One pass over the open assignments at `now`: whatever reminder or escalation is due goes, once.
 * @returns how many emails of each kind went out
 */
export const sendTrainingReminders = async (context: JobContext, now: Date, organizationId?: string) => {
  const delivery = createDelivery(context.db as AuthDb, { smtpUrl: context.config.mail.smtpUrl, mailFrom: context.config.mail.from });
  const send = (mail: RenderedMail & { to: string }) => delivery.send({ channel: 'email', ...mail });
  const totals = { dueSoon: 0, overdue: 0, escalated: 0 };
  const rulesOf = new Map<string, TrainingSettings['reminders']>();
  try {
    for (const assignment of await trainingRemindersRepository(context.db).candidates(now, horizonDays, organizationId)) {
      if (context.stopping.aborted) break;
      if (!rulesOf.has(assignment.organizationId)) rulesOf.set(assignment.organizationId, (await readTrainingSettings(context.db, { organizationId: assignment.organizationId })).reminders);
      const rules = rulesOf.get(assignment.organizationId)!;
      if (!rules.enabled) continue;
      const sent = await remindOne(context, send, assignment, rules, now);
      totals.dueSoon += sent.dueSoon;
      totals.overdue += sent.overdue;
      totals.escalated += sent.escalated;
    }
  } finally {
    delivery.close();
  }
  return totals;
};

/**
 * Hourly: training reminders and escalations (see `sendTrainingReminders`). The schedule sends `{}`;
 * `now` (an ISO time) and `organizationId` let a test, or an operator, run one pass at a chosen
 * moment for one organisation. Safe on several workers and across restarts: every email is claimed
 * by a guarded update before it goes.
 */
export const trainingRemindersJob = defineJob({
  name: 'training.reminders',
  payload: z.object({ now: z.iso.datetime({ offset: true }).optional(), organizationId: z.uuid().optional() }),
  schedule: { cron: '17 * * * *', payload: {} },
  policy: 'stately',
  handler: async (payload, context) => {
    const totals = await sendTrainingReminders(context, payload.now ? new Date(payload.now) : new Date(), payload.organizationId);
    if (totals.dueSoon + totals.overdue + totals.escalated > 0) context.log.info(totals, 'sent training reminders');
    else context.log.debug('no training reminder was due');
  },
});
