import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { runConsumer } from '../events/consumers.ts';
import { appendEvents } from '../events/events.repository.ts';
import { riskScoresConsumer } from './risk-scores.consumer.ts';
import { refreshRiskScores } from './risk.jobs.ts';
import { replayPersonScore, selectPersonRisk } from './risk.repository.ts';
import { getMyRisk, getOrganizationRisk } from './risk.service.ts';

describe(`the risk projection on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => connection?.close());

  const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);

  it('scores the people a batch names from their own log, ignoring scanner clicks, and the stored score equals a replay of the log', async () => {
    const db = connection.db;
    const org = await buildOrganization(db);
    const other = await buildOrganization(db);
    const finance = await buildPerson(db, org.id, { jobTitle: 'Payroll Officer' });
    const careful = await buildPerson(db, org.id);
    const elsewhere = await buildPerson(db, other.id);
    const [lure1, lure2, lure3, lure4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const assignment = randomUUID();
    await appendEvents(db, [
      { organizationId: org.id, personId: finance.id, recipientId: lure1, type: 'machine_click', occurredAt: days(40), data: {} },
      { organizationId: org.id, personId: finance.id, recipientId: lure1, type: 'clicked', occurredAt: days(40), data: {} },
      { organizationId: org.id, personId: finance.id, recipientId: lure2, type: 'clicked', occurredAt: days(10), data: {} },
      { organizationId: org.id, personId: finance.id, recipientId: lure2, type: 'submitted', occurredAt: days(10), data: {} },
      { organizationId: org.id, personId: finance.id, type: 'training_overdue', occurredAt: days(5), data: { assignmentId: assignment } },
      { organizationId: org.id, personId: careful.id, recipientId: lure3, type: 'machine_click', occurredAt: days(3), data: {} },
      { organizationId: org.id, personId: careful.id, recipientId: lure3, type: 'reported', occurredAt: days(3), data: {} },
      { organizationId: other.id, personId: elsewhere.id, recipientId: lure4, type: 'clicked', occurredAt: days(1), data: {} },
    ]);
    await runConsumer(db, riskScoresConsumer, { maxBatches: 1000 });

    const [stored] = await selectPersonRisk(db, { organizationId: org.id }, [finance.id]);
    expect(stored).toBeDefined();
    const factors = Object.fromEntries(stored!.breakdown.factors.map((line) => [line.factor, line.count]));
    // One click (the scanner's did not count), one submit (its click folded in), a repeat, an overdue lesson.
    expect(factors).toEqual({ simulation_click: 1, simulation_submit: 1, repeat_failure: 1, training_overdue: 1 });
    expect(stored!.breakdown.blastRadius.reasons).toEqual(['finance_title']);
    expect(stored!.score).toBeGreaterThan(40);
    const replayed = await replayPersonScore(db, { organizationId: org.id }, finance.id, stored!.computedAt);
    expect(replayed!.breakdown).toEqual(stored!.breakdown);

    const [reporter] = await selectPersonRisk(db, { organizationId: org.id }, [careful.id]);
    expect(reporter!.score).toBe(0);
    expect(reporter!.breakdown.factors.map((line) => line.factor)).toEqual(['simulation_report']);

    // Another organisation's scope reads nothing of it.
    expect(await selectPersonRisk(db, { organizationId: other.id }, [finance.id])).toEqual([]);
    expect(await replayPersonScore(db, { organizationId: other.id }, finance.id, new Date())).toBeUndefined();

    // Completing the overdue lesson takes its points away at the next batch.
    const before = stored!.score;
    await appendEvents(db, [{ organizationId: org.id, personId: finance.id, type: 'training_completed', occurredAt: new Date(), data: { assignmentId: assignment } }]);
    await runConsumer(db, riskScoresConsumer, { maxBatches: 1000 });
    const [after] = await selectPersonRisk(db, { organizationId: org.id }, [finance.id]);
    expect(after!.score).toBeLessThan(before);
    expect(after!.breakdown.factors.map((line) => line.factor)).not.toContain('training_overdue');

    // Nothing new happens for 45 days: the daily refresh decays the score to the replay at that day.
    const later = new Date(Date.now() + 45 * 24 * 60 * 60 * 1000);
    expect(await refreshRiskScores(db, later)).toBeGreaterThanOrEqual(2);
    const [decayed] = await selectPersonRisk(db, { organizationId: org.id }, [finance.id]);
    expect(decayed!.score).toBeLessThan(after!.score);
    expect(decayed!.breakdown).toEqual((await replayPersonScore(db, { organizationId: org.id }, finance.id, later))!.breakdown);
    expect(await refreshRiskScores(db, later)).toBe(0);
  });

  it("gives the organization's score with its bound, causes, departments and the overdue what-if, and each person their own", async () => {
    const db = connection.db;
    const org = await buildOrganization(db);
    const [finance, sales] = [await buildDepartment(db, org.id, 'Finance'), await buildDepartment(db, org.id, 'Sales')];
    const admin = await buildPerson(db, org.id, { role: 'Admin', departmentId: sales.id });
    const clerks = [];
    for (let index = 0; index < 3; index += 1) clerks.push(await buildPerson(db, org.id, { departmentId: finance.id, jobTitle: 'Accounts clerk' }));
    // Someone who has left: their score is kept, but counts in neither the mean nor the causes.
    const leaver = await buildPerson(db, org.id, { departmentId: finance.id, isActive: false });
    await appendEvents(db, [
      { organizationId: org.id, personId: leaver.id, recipientId: randomUUID(), type: 'clicked', occurredAt: days(2), data: {} },
      ...clerks.map((clerk) => ({ organizationId: org.id, personId: clerk.id, recipientId: randomUUID(), type: 'submitted', occurredAt: days(2), data: {} })),
      { organizationId: org.id, personId: clerks[0]!.id, type: 'training_overdue', occurredAt: days(1), data: { assignmentId: randomUUID() } },
    ]);
    await runConsumer(db, riskScoresConsumer, { maxBatches: 1000 });
    const tenant = { organizationId: org.id, homeOrganizationId: org.id, personId: admin.id, authUserId: admin.authUserId!, email: admin.email, role: 'Admin' as const, viaManagedService: false };

    const risk = await getOrganizationRisk(db, tenant);
    const scores = await selectPersonRisk(db, { organizationId: org.id }, clerks.map((clerk) => clerk.id));
    const mean = scores.reduce((sum, row) => sum + row.score, 0) / 4;
    expect(risk.organization.people).toBe(4);
    expect(risk.organization.score).toBeCloseTo(mean, 1);
    expect(risk.organization.lower).toBeLessThan(risk.organization.score);
    expect(risk.departments.map((department) => [department.name, department.people])).toEqual([['Finance', 3], ['Sales', 1]]);
    expect(risk.drivers.map((driver) => driver.factor)).toEqual(['simulation_submit', 'training_overdue']);
    expect(risk.whatIf.overdueTrainingCompleted.people).toBe(1);
    expect(risk.whatIf.overdueTrainingCompleted.score).toBeLessThan(risk.organization.score);
    expect(risk.whatIf.overdueTrainingCompleted.score).toBeGreaterThan(0);

    const mine = await getMyRisk(db, { ...tenant, personId: clerks[0]!.id, role: 'User' });
    expect(mine.band).toBe('high');
    expect(mine.breakdown!.blastRadius.reasons).toEqual(['finance_title']);
    await expect(getOrganizationRisk(db, { ...tenant, role: 'User' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
