import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseConnection, people, riskGroupTotals } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { runConsumer } from '../events/consumers.ts';
import { appendEvents } from '../events/events.repository.ts';
import { riskScoresConsumer } from './risk-scores.consumer.ts';
import { refreshRiskScores, snapshotRiskTrends } from './risk.jobs.ts';
import { selectGroupRisk } from './risk.repository.ts';
import { readDepartmentsRisk, readOrganizationRisk } from './risk.service.ts';
import { readOrganizationTotals } from './risk-totals.ts';

/**
 * The group totals the organisation's pages read must say what a count over every score would:
 * after new failures, a report, an overdue lesson completed, a move and a leaver.
 */
describe(`the risk group totals on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => connection?.close());

  const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);

  it('match a recount over every active person’s score as scores change, and after the daily rebuild', async () => {
    const db = connection.db;
    const org = await buildOrganization(db);
    const sales = await buildDepartment(db, org.id, 'Sales');
    const legal = await buildDepartment(db, org.id, 'Legal');
    const cast = await Promise.all([sales, sales, sales, legal, legal].map((department) => buildPerson(db, org.id, { departmentId: department.id })));
    await buildPerson(db, org.id); // no department, never scored
    const fail = (index: number, type: string, ago: number) => ({ organizationId: org.id, personId: cast[index]!.id, recipientId: randomUUID(), type, occurredAt: days(ago), data: {} });
    const overdue = randomUUID();

    const recount = async () => {
      const { overall, drivers } = await selectGroupRisk(db, { organizationId: org.id }, sql`true`);
      return { overall, drivers: Object.fromEntries(drivers.map((driver) => [driver.factor, { points: driver.points, people: driver.people }])) };
    };
    const expectTotalsToMatch = async () => {
      const counted = await recount();
      const { overall, n } = await readOrganizationTotals(db, { organizationId: org.id });
      expect(n).toBe(counted.overall.n);
      expect(overall.scoreSum / n).toBeCloseTo(counted.overall.mean, 4);
      expect(Object.keys(overall.factors).sort()).toEqual(Object.keys(counted.drivers).sort());
      for (const [factor, line] of Object.entries(counted.drivers)) {
        expect(overall.factors[factor]!.points).toBeCloseTo(line.points, 3);
        expect(overall.factors[factor]!.people).toBe(line.people);
      }
      const risk = await readOrganizationRisk(db, { organizationId: org.id });
      expect(risk.organization.score).toBeCloseTo(counted.overall.mean, 1);
      expect(risk.organization.people).toBe(counted.overall.n);
    };

    await appendEvents(db, [fail(0, 'clicked', 30), fail(0, 'submitted', 5), fail(1, 'qr_scanned', 2), fail(3, 'clicked', 1), { ...fail(4, 'reported', 1) }]);
    await appendEvents(db, [{ organizationId: org.id, personId: cast[2]!.id, type: 'training_overdue', occurredAt: days(3), data: { assignmentId: overdue } }]);
    await runConsumer(db, riskScoresConsumer, { maxBatches: 100 });
    await expectTotalsToMatch();
    const before = await readOrganizationRisk(db, { organizationId: org.id });
    expect(before.whatIf.overdueTrainingCompleted.people).toBe(1);

    // The overdue lesson is completed and another failure comes in: the deltas follow.
    await appendEvents(db, [{ organizationId: org.id, personId: cast[2]!.id, type: 'training_completed', occurredAt: days(0), data: { assignmentId: overdue } }, fail(1, 'clicked', 0)]);
    await runConsumer(db, riskScoresConsumer, { maxBatches: 100 });
    await expectTotalsToMatch();
    expect((await readOrganizationRisk(db, { organizationId: org.id })).whatIf.overdueTrainingCompleted.people).toBe(0);

    // A leaver is taken out at once; a person who moved counts in their new department once re-scored.
    await db.update(people).set({ isActive: false }).where(eq(people.id, cast[3]!.id));
    await expectTotalsToMatch();
    await db.update(people).set({ departmentId: legal.id }).where(eq(people.id, cast[0]!.id));
    await appendEvents(db, [fail(0, 'clicked', 0)]);
    await runConsumer(db, riskScoresConsumer, { maxBatches: 100 });
    await expectTotalsToMatch();
    const departments = await readDepartmentsRisk(db, { organizationId: org.id });
    expect(departments.find((department) => department.name === 'Legal')?.people).toBe(2);
    expect(departments.find((department) => department.name === 'Sales')?.people).toBe(2);

    // The daily rebuild gives the same totals as the deltas did.
    const kept = await db.select().from(riskGroupTotals).where(eq(riskGroupTotals.organizationId, org.id));
    await refreshRiskScores(db, days(-1));
    await snapshotRiskTrends(db, days(-1));
    const rebuilt = await db.select().from(riskGroupTotals).where(eq(riskGroupTotals.organizationId, org.id));
    expect(rebuilt.map((row) => row.departmentKey).sort()).toEqual(kept.map((row) => row.departmentKey).filter((key) => kept.find((row) => row.departmentKey === key)!.scored > 0).sort());
    await expectTotalsToMatch();
  });
});
