import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { runConsumer } from '../events/consumers.ts';
import { appendEvents } from '../events/events.repository.ts';
import { riskScoresConsumer } from './risk-scores.consumer.ts';
import { refreshRiskScores } from './risk.jobs.ts';
import { replayPersonScore, selectPersonRisk } from './risk.repository.ts';

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
});
