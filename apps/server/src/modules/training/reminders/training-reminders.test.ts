import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseConnection, events, people, trainingAssignments, trainingSettings } from '@vigil/db';
import { jobDefinitions } from '../../../job-registry.ts';
import type { JobContext } from '../../../lib/jobs.ts';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { type TestContext, startTestApp } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { syncLessons } from '../../../test/training-factories.ts';
import { builtinModuleId } from '../library/builtin-lessons.ts';
import { trainingRemindersJob } from './training-reminders.jobs.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const publicUrl = 'https://vigil.example';

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let connection: DatabaseConnection;
type StartedApp = TestContext & { close: () => Promise<void> };
let app: StartedApp;
const env = () => ({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, MAIL_FROM: 'Vigil <training@vigil.example>', PUBLIC_URL: publicUrl });

beforeAll(async () => {
  inbox = await startSmtpInbox();
  connection = await openTestDatabase();
  app = await startTestApp(connection, env());
  await syncLessons(app.db);
});

afterAll(async () => {
  await app?.close();
  await connection?.close();
  await inbox?.close();
});

/** One pass of the hourly job at a chosen moment, for one organisation (as a worker runs it). */
const runAt = (organizationId: string, now: Date, context: JobContext = app.jobContext) => trainingRemindersJob.handler({ now: now.toISOString(), organizationId }, context);

/** An organisation, a French-speaking learner with a German-speaking manager, and the passwords lesson due on `dueAt`. */
const scenario = async (dueAt: Date, { withManager = true } = {}) => {
  const org = await buildOrganization(app.db);
  const manager = await buildPerson(app.db, org.id, { firstName: 'Greta', lastName: 'Manager', preferredLanguage: 'de_de' });
  const person = await buildPerson(app.db, org.id, { firstName: 'Louise', lastName: 'Martin', preferredLanguage: 'fr_fr', managerId: withManager ? manager.id : null });
  const [assignment] = await app.db
    .insert(trainingAssignments)
    .values({ organizationId: org.id, personId: person.id, moduleId: builtinModuleId('passwords'), dueAt, assignedAt: new Date(dueAt.getTime() - 14 * day) })
    .returning();
  const overdueEvents = () => app.db.select().from(events).where(and(eq(events.personId, person.id), eq(events.type, 'training_overdue')));
  return { org, manager, person, assignment: assignment!, mailsToPerson: () => inbox.mailTo(person.email), mailsToManager: () => inbox.mailTo(manager.email), overdueEvents };
};

describe('training.reminders', () => {
  it('is registered to run hourly', () => {
    const definition = jobDefinitions(app.config).find((job) => job.name === 'training.reminders');
    expect(definition?.schedule).toEqual({ cron: '17 * * * *', payload: {} });
  });

  it('reminds the learner once before the due date, once when it passes (with training_overdue), then tells the manager once, each in their language', async () => {
    const due = new Date('2031-03-20T12:00:00Z');
    const s = await scenario(due);

    await runAt(s.org.id, new Date(due.getTime() - 3 * day));
    expect(s.mailsToPerson()).toHaveLength(0);

    // Two days ahead (the default): the reminder, in French, naming the lesson, the date and the link.
    await runAt(s.org.id, new Date(due.getTime() - 2 * day + hour));
    const [reminder, ...more] = s.mailsToPerson();
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe('Rappel : « Des mots de passe qui tiennent bon » est à terminer d’ici le 20 mars 2031');
    expect(reminder!.text).toContain('Bonjour Louise,');
    expect(reminder!.text).toContain(`${publicUrl}/dashboard/trainings/learning/?assignment=${s.assignment.id}`);
    expect(reminder!.html).toContain(`<a href="${publicUrl}/dashboard/trainings/learning/?assignment=${s.assignment.id}">`);
    expect(reminder!.from?.text).toContain('training@vigil.example');

    await runAt(s.org.id, new Date(due.getTime() - day));
    expect(s.mailsToPerson()).toHaveLength(1);
    expect(await s.overdueEvents()).toEqual([]);

    // Past the due date: one overdue reminder and the event.
    await runAt(s.org.id, new Date(due.getTime() + hour));
    expect(s.mailsToPerson().map((mail) => mail.subject)).toEqual([reminder!.subject, '« Des mots de passe qui tiennent bon » a dépassé sa date d’échéance']);
    const [overdue, ...moreEvents] = await s.overdueEvents();
    expect(moreEvents).toEqual([]);
    expect(overdue).toMatchObject({ organizationId: s.org.id, occurredAt: new Date(due.getTime() + hour), data: { assignmentId: s.assignment.id, moduleId: s.assignment.moduleId } });

    await runAt(s.org.id, new Date(due.getTime() + 3 * day));
    expect(s.mailsToPerson()).toHaveLength(2);
    expect(s.mailsToManager()).toHaveLength(0);

    // Seven days past: the manager hears, in German; and the learner's weekly overdue reminder goes.
    const weekLate = new Date(due.getTime() + 7 * day + 2 * hour);
    await runAt(s.org.id, weekLate);
    await runAt(s.org.id, weekLate);
    const [escalation, ...moreEscalations] = s.mailsToManager();
    expect(moreEscalations).toEqual([]);
    expect(escalation!.subject).toBe('Louise Martin hat „Passwörter, die standhalten“ noch nicht abgeschlossen');
    expect(escalation!.text).toContain('Hallo Greta,');
    expect(escalation!.text).toContain('vor 7 Tagen');
    expect(s.mailsToPerson()).toHaveLength(3);

    await runAt(s.org.id, new Date(due.getTime() + 10 * day));
    expect(s.mailsToPerson()).toHaveLength(3);
    await runAt(s.org.id, new Date(due.getTime() + 15 * day));
    expect(s.mailsToPerson()).toHaveLength(4);
    expect(s.mailsToManager()).toHaveLength(1);
    expect(await s.overdueEvents()).toHaveLength(1);

    // A completed assignment gets nothing more.
    await app.db.update(trainingAssignments).set({ status: 'completed', completedAt: new Date(due.getTime() + 16 * day) }).where(eq(trainingAssignments.id, s.assignment.id));
    await runAt(s.org.id, new Date(due.getTime() + 30 * day));
    expect(s.mailsToPerson()).toHaveLength(4);
  });

  it('sends nothing twice when two workers run the same moment, nor after a restart on the same database', async () => {
    const due = new Date('2031-05-10T08:00:00Z');
    const s = await scenario(due);
    const second = await startTestApp(connection, env());
    const moments = [new Date(due.getTime() - day), new Date(due.getTime() + hour), new Date(due.getTime() + 8 * day)];
    try {
      for (const moment of moments) {
        await Promise.all([runAt(s.org.id, moment, app.jobContext), runAt(s.org.id, moment, second.jobContext), runAt(s.org.id, moment, app.jobContext)]);
      }
    } finally {
      await second.close();
    }
    // Each moment's mail once: the reminder, the overdue one, and (eight days late) the weekly overdue one and the manager's.
    const sent = () => s.mailsToPerson().map((mail) => mail.subject!.split(' ')[0]);
    expect(sent()).toEqual(['Rappel', '«', '«']);
    expect(s.mailsToManager()).toHaveLength(1);
    expect(await s.overdueEvents()).toHaveLength(1);

    // The app stops; a new one starts on the same database and runs the same moments again.
    await app.close();
    app = await startTestApp(connection, env());
    for (const moment of moments) await runAt(s.org.id, moment);
    expect(sent()).toEqual(['Rappel', '«', '«']);
    expect(s.mailsToManager()).toHaveLength(1);
    expect(await s.overdueEvents()).toHaveLength(1);
  });

  it('stops at the next learner when the process begins to shut down, and the next run sends what it left', async () => {
    const due = new Date('2031-05-20T08:00:00Z');
    const s = await scenario(due);
    const shuttingDown = new AbortController();
    shuttingDown.abort();
    await runAt(s.org.id, new Date(due.getTime() + hour), { ...app.jobContext, stopping: shuttingDown.signal });
    expect(s.mailsToPerson()).toEqual([]);
    expect(await s.overdueEvents()).toEqual([]);
    await runAt(s.org.id, new Date(due.getTime() + 2 * hour));
    expect(s.mailsToPerson()).toHaveLength(1);
    expect(await s.overdueEvents()).toHaveLength(1);
  });

  it('writes in English to someone without a learning language, and skips the escalation (saying so) when there is no manager', async () => {
    const due = new Date('2031-06-01T09:00:00Z');
    const s = await scenario(due, { withManager: false });
    await app.db.update(people).set({ preferredLanguage: 'nl_nl' }).where(eq(people.id, s.person.id));
    const info = vi.fn();
    const log = { info, warn: vi.fn(), debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    await runAt(s.org.id, new Date(due.getTime() + 8 * day), { ...app.jobContext, log });
    expect(s.mailsToPerson().map((mail) => mail.subject)).toEqual(['“Passwords that hold up” is past its due date']);
    expect(s.mailsToManager()).toEqual([]);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ assignmentId: s.assignment.id }), expect.stringContaining('no active manager'));
  });

  it('sends each reminder at most once: a send the server refuses is logged and not tried again', async () => {
    const due = new Date('2031-06-15T09:00:00Z');
    const s = await scenario(due);
    const refusing = await startSmtpInbox({ refuseRecipient: (address) => (address === s.person.email ? { code: 550, message: 'No such user' } : undefined) });
    const warn = vi.fn();
    const context = { ...app.jobContext, log: { info: vi.fn(), warn, debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger, config: { ...app.config, mail: { ...app.config.mail, smtpUrl: `smtp://127.0.0.1:${refusing.port}` } } };
    try {
      await runAt(s.org.id, new Date(due.getTime() - day), context);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ assignmentId: s.assignment.id, kind: 'due-soon' }), expect.stringContaining('not retried'));
      await runAt(s.org.id, new Date(due.getTime() - day + hour), context);
      await runAt(s.org.id, new Date(due.getTime() - day + 2 * hour));
      expect(refusing.received).toEqual([]);
      expect(s.mailsToPerson()).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('follows the organisation’s rules: nothing when reminders are off; a saved row from before reminders reads as the defaults', async () => {
    const due = new Date('2031-07-01T09:00:00Z');
    const off = await scenario(due);
    const rules = { noSkipAhead: true, testOutAllowed: false, maxQuizAttempts: 0, remedial: { enabled: true, failureEvents: ['clicked'], dueInDays: 7 } };
    await app.db.insert(trainingSettings).values({ organizationId: off.org.id, settings: { ...rules, reminders: { enabled: false, daysBefore: 2, overdueEveryDays: 7, escalateAfterDays: 7 } } });
    for (const moment of [due.getTime() - day, due.getTime() + hour, due.getTime() + 9 * day]) await runAt(off.org.id, new Date(moment));
    expect(off.mailsToPerson()).toEqual([]);
    expect(off.mailsToManager()).toEqual([]);
    expect(await off.overdueEvents()).toEqual([]);

    const older = await scenario(due);
    await app.db.insert(trainingSettings).values({ organizationId: older.org.id, settings: rules });
    await runAt(older.org.id, new Date(due.getTime() - day));
    expect(older.mailsToPerson()).toHaveLength(1);

    // A PUT without `reminders` (a client from before them) keeps the reminder rules in force.
    const admin = await app.authAs(await buildPerson(app.db, older.org.id, { role: 'Admin' }));
    const custom = { ...rules, reminders: { enabled: true, daysBefore: 5, overdueEveryDays: 0, escalateAfterDays: 14 } };
    expect((await app.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: admin, payload: custom })).statusCode).toBe(200);
    const withoutReminders = await app.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: admin, payload: { ...rules, maxQuizAttempts: 2 } });
    expect(withoutReminders.statusCode, withoutReminders.body).toBe(200);
    expect(withoutReminders.json()).toMatchObject({ maxQuizAttempts: 2, reminders: custom.reminders });
    const bad = await app.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: admin, payload: { ...rules, reminders: { ...custom.reminders, daysBefore: 31 } } });
    expect(bad.json().error.details.map((detail: { field: string }) => detail.field)).toEqual(['body.reminders.daysBefore']);
  });
});
