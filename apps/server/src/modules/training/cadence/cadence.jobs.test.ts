import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseConnection, events, trainingAssignments, trainingCadenceRules } from '@vigil/db';
import { jobDefinitions } from '../../../job-registry.ts';
import type { Actor } from '../../../lib/scope.ts';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { type TestContext, startTestApp } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { syncLessons } from '../../../test/training-factories.ts';
import { builtinModuleId } from '../library/builtin-lessons.ts';
import { trainingCadenceJob } from './cadence.jobs.ts';
import { createCadenceRules } from './cadence.service.ts';

let connection: DatabaseConnection;
type StartedApp = TestContext & { close: () => Promise<void> };
let app: StartedApp;

beforeAll(async () => {
  connection = await openTestDatabase();
  app = await startTestApp(connection);
  await syncLessons(app.db);
});

afterAll(async () => {
  await app?.close();
  await connection?.close();
});

/** One pass of the hourly job at a chosen moment, for one organisation (as a worker runs it). */
const runAt = (organizationId: string, now: string, on: StartedApp = app) => trainingCadenceJob.handler({ now, organizationId }, on.jobContext);

const passwords = builtinModuleId('passwords');

/** An organisation in Paris with a department of two active people, one who left, and its admin. */
const scenario = async () => {
  const org = await buildOrganization(app.db, { timeZone: 'Europe/Paris' });
  const department = await buildDepartment(app.db, org.id, 'Finance');
  const admin = await buildPerson(app.db, org.id, { role: 'Admin' });
  const ana = await buildPerson(app.db, org.id, { firstName: 'Ana', departmentId: department.id });
  const bo = await buildPerson(app.db, org.id, { firstName: 'Bo', departmentId: department.id });
  const left = await buildPerson(app.db, org.id, { firstName: 'Left', departmentId: department.id, isActive: false });
  const actor: Actor = { kind: 'person', id: admin.id, organizationId: org.id, role: 'Admin', email: admin.email, authUserId: admin.authUserId! };
  const assignmentsOf = (personId: string) => app.db.select().from(trainingAssignments).where(and(eq(trainingAssignments.organizationId, org.id), eq(trainingAssignments.personId, personId))).orderBy(trainingAssignments.assignedAt);
  const assignedEvents = () => app.db.select().from(events).where(and(eq(events.organizationId, org.id), eq(events.type, 'training_assigned')));
  return { org, department, admin, ana, bo, left, actor, scope: { organizationId: org.id }, assignmentsOf, assignedEvents };
};

describe('training.cadence', () => {
  it('is registered to run hourly, one run at a time', () => {
    const definition = jobDefinitions(app.config).find((job) => job.name === 'training.cadence');
    expect(definition).toMatchObject({ schedule: { cron: '7 * * * *', payload: {} }, policy: 'stately' });
  });

  it('assigns an annual rule at midnight of its day in the organisation’s time zone, once a year, across a restart', async () => {
    const s = await scenario();
    // Bo has the module open already: counted, not assigned twice.
    await app.db.insert(trainingAssignments).values({ organizationId: s.org.id, personId: s.bo.id, moduleId: passwords, dueAt: new Date('2031-02-01T00:00:00Z'), assignedAt: new Date('2030-12-01T00:00:00Z') });
    const [rule] = await createCadenceRules(app.db, s.scope, s.actor, [{ moduleId: passwords, audience: { kind: 'departments', ids: [s.department.id] }, cadence: 'annual', dueInDays: 30, anchorDate: '2031-01-01' }]);
    expect(rule).toMatchObject({ state: 'active', cadence: 'annual', frameworkId: null, lastRun: null });

    // 23:30 on 31 December in Paris (22:30 UTC): not yet.
    await runAt(s.org.id, '2030-12-31T22:30:00Z');
    expect(await s.assignmentsOf(s.ana.id)).toEqual([]);

    // 00:30 on 1 January in Paris (23:30 UTC the day before): the 2031 run.
    await runAt(s.org.id, '2030-12-31T23:30:00Z');
    const [ana] = await s.assignmentsOf(s.ana.id);
    expect(ana).toMatchObject({ reason: 'cadence', cadenceRuleId: rule!.id, cadencePeriod: '2031', moduleId: passwords, status: 'assigned' });
    // Due 30 days after the period starts, at midnight in Paris.
    expect(ana!.dueAt.toISOString()).toBe('2031-01-30T23:00:00.000Z');
    expect(await s.assignmentsOf(s.bo.id)).toHaveLength(1);
    expect(await s.assignmentsOf(s.left.id)).toEqual([]);
    expect(await s.assignmentsOf(s.admin.id)).toEqual([]);
    const [event, ...more] = await s.assignedEvents();
    expect(more).toEqual([]);
    expect(event).toMatchObject({ personId: s.ana.id, data: { assignmentId: ana!.id, moduleId: passwords, reason: 'cadence' } });
    const [saved] = await app.db.select().from(trainingCadenceRules).where(eq(trainingCadenceRules.id, rule!.id));
    expect(saved!.lastRun).toMatchObject({ period: '2031', assigned: 1, alreadyAssigned: 1 });

    // Ana completes it at once. The same hour again, a later hour, and after a restart: nothing twice
    // (her assignment is no longer open, so only the rule's period keeps her from a second one).
    await app.db.update(trainingAssignments).set({ status: 'completed', completedAt: new Date('2031-01-10T00:00:00Z') }).where(eq(trainingAssignments.id, ana!.id));
    await runAt(s.org.id, '2030-12-31T23:30:00Z');
    await runAt(s.org.id, '2031-06-01T10:00:00Z');
    const restarted = await startTestApp(connection);
    try {
      await runAt(s.org.id, '2031-06-01T11:00:00Z', restarted);
    } finally {
      await restarted.close();
    }
    expect(await s.assignmentsOf(s.ana.id)).toHaveLength(1);
    expect(await s.assignedEvents()).toHaveLength(1);

    // The next year assigns it again (and Bo gets it too, once his old one is done).
    await app.db.update(trainingAssignments).set({ status: 'completed', completedAt: new Date('2031-01-10T00:00:00Z') }).where(eq(trainingAssignments.organizationId, s.org.id));
    await runAt(s.org.id, '2031-12-31T23:30:00Z');
    expect((await s.assignmentsOf(s.ana.id)).map((row) => row.cadencePeriod)).toEqual(['2031', '2032']);
    expect((await s.assignmentsOf(s.bo.id)).map((row) => row.cadencePeriod)).toEqual([null, '2032']);
  });

  it('assigns a quarterly rule on its anchor date, then at each calendar quarter', async () => {
    const s = await scenario();
    await createCadenceRules(app.db, s.scope, s.actor, [{ moduleId: passwords, audience: { kind: 'people', ids: [s.ana.id] }, cadence: 'quarterly', dueInDays: 14, anchorDate: '2031-11-23' }]);
    await runAt(s.org.id, '2031-11-22T12:00:00Z');
    expect(await s.assignmentsOf(s.ana.id)).toEqual([]);
    await runAt(s.org.id, '2031-11-23T12:00:00Z');
    await app.db.update(trainingAssignments).set({ status: 'completed' }).where(eq(trainingAssignments.personId, s.ana.id));
    await runAt(s.org.id, '2031-12-31T22:59:00Z');
    expect((await s.assignmentsOf(s.ana.id)).map((row) => row.cadencePeriod)).toEqual(['2031-Q4']);
    // Midnight on 1 January in Paris.
    await runAt(s.org.id, '2031-12-31T23:00:00Z');
    const rows = await s.assignmentsOf(s.ana.id);
    expect(rows.map((row) => row.cadencePeriod)).toEqual(['2031-Q4', '2032-Q1']);
    expect(rows[1]!.dueAt.toISOString()).toBe('2032-01-14T23:00:00.000Z');
  });

  it('enrols new hires on their start date within the window, once each', async () => {
    const s = await scenario();
    const starts = await buildPerson(app.db, s.org.id, { firstName: 'Starts', departmentId: s.department.id, startDate: '2031-03-10' });
    const longAgo = await buildPerson(app.db, s.org.id, { firstName: 'Long', departmentId: s.department.id, startDate: '2031-01-01' });
    const later = await buildPerson(app.db, s.org.id, { firstName: 'Later', departmentId: s.department.id, startDate: '2031-03-20' });
    const [rule] = await createCadenceRules(app.db, s.scope, s.actor, [{ moduleId: passwords, audience: { kind: 'organization' }, cadence: 'on_hire', dueInDays: 30, frameworkId: 'iso27001' }]);
    expect(rule).toMatchObject({ cadence: 'on_hire', newHireWindowDays: 30, nextRunAt: null, frameworkId: 'iso27001' });

    await runAt(s.org.id, '2031-03-09T22:59:00Z');
    expect(await s.assignmentsOf(starts.id)).toEqual([]);
    // Midnight of the start date in Paris.
    await runAt(s.org.id, '2031-03-09T23:00:00Z');
    const [first] = await s.assignmentsOf(starts.id);
    expect(first).toMatchObject({ reason: 'cadence', cadencePeriod: 'hire', cadenceRuleId: rule!.id });
    expect(first!.dueAt.toISOString()).toBe('2031-04-08T22:00:00.000Z');
    // 68 days past their start: outside the window. Not started yet: not yet. People without a start date: never.
    expect(await s.assignmentsOf(longAgo.id)).toEqual([]);
    expect(await s.assignmentsOf(later.id)).toEqual([]);
    expect(await s.assignmentsOf(s.ana.id)).toEqual([]);

    // Completed, and the next hours and days: not assigned again; the later hire gets theirs on their day.
    await app.db.update(trainingAssignments).set({ status: 'completed' }).where(eq(trainingAssignments.personId, starts.id));
    await Promise.all([runAt(s.org.id, '2031-03-21T08:00:00Z'), runAt(s.org.id, '2031-03-21T08:00:00Z')]);
    expect(await s.assignmentsOf(starts.id)).toHaveLength(1);
    expect(await s.assignmentsOf(later.id)).toHaveLength(1);

    // The same framework asking again gets the same rule, not a second one.
    const [again] = await createCadenceRules(app.db, s.scope, s.actor, [{ moduleId: passwords, audience: { kind: 'organization' }, cadence: 'on_hire', dueInDays: 30, frameworkId: 'iso27001' }]);
    expect(again!.id).toBe(rule!.id);
  });

  it('assigns nothing for a paused or deleted rule', async () => {
    const s = await scenario();
    await createCadenceRules(app.db, s.scope, s.actor, [{ moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30, anchorDate: '2031-01-01', state: 'paused' }]);
    const [deleted] = await createCadenceRules(app.db, s.scope, s.actor, [{ moduleId: builtinModuleId('passkeys'), audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30, anchorDate: '2031-01-01' }]);
    await app.db.update(trainingCadenceRules).set({ deletedAt: new Date() }).where(eq(trainingCadenceRules.id, deleted!.id));
    await runAt(s.org.id, '2031-01-02T12:00:00Z');
    expect(await s.assignmentsOf(s.ana.id)).toEqual([]);
  });

  it('refuses a rule a person who is not an admin asks for, and names the field of a bad rule', async () => {
    const s = await scenario();
    await expect(createCadenceRules(app.db, s.scope, { ...s.actor, role: 'User' }, [{ moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30 }])).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      createCadenceRules(app.db, s.scope, s.actor, [
        { moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30 },
        { moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 0 },
      ]),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'rules.1.dueInDays', problem: 'must be at least 1' }] });
    // Nothing of the first rule stays when the second is refused.
    expect(await app.db.select().from(trainingCadenceRules).where(eq(trainingCadenceRules.organizationId, s.org.id))).toEqual([]);
  });
});
