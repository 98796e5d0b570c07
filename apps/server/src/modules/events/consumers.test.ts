import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { max } from 'drizzle-orm';
import { type DatabaseConnection, type EventRow, eventCursors, events } from '@vigil/db';
import { buildOrganization } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { type EventConsumer, runConsumer } from './consumers.ts';
import { appendEvents } from './events.repository.ts';

describe(`the event consumer runner on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => connection?.close());

  /**
   * A consumer that notes which of one organisation's events it applied (once per committed batch).
   * Its cursor starts at the end of the log: the database may hold thousands of other files' events
   * (the demo history), which a new consumer would otherwise read first, batch after batch.
   */
  const recordingConsumer = async (organizationId: string) => {
    const applied: number[] = [];
    const name = `test-recorder-${randomUUID()}`;
    const [last] = await connection.db.select({ id: max(events.id) }).from(events);
    await connection.db.insert(eventCursors).values({ consumer: name, lastEventId: Number(last?.id ?? 0) });
    const consumer: EventConsumer = {
      name,
      apply: async (_tx, batch: readonly EventRow[]) => {
        // Slow enough that the runners overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        applied.push(...batch.filter((event) => event.organizationId === organizationId).map((event) => event.id));
      },
    };
    return { consumer, applied };
  };

  it('applies every event once when two workers run the same consumer at the same time, while events are still being written', async () => {
    const org = await buildOrganization(connection.db);
    const { consumer, applied } = await recordingConsumer(org.id);
    const write = async (n: number) => {
      for (let index = 0; index < n; index += 1) {
        await appendEvents(connection.db, [{ organizationId: org.id, type: 'opened', occurredAt: new Date(), data: { index } }]);
      }
    };
    await write(40);
    await Promise.all([runConsumer(connection.db, consumer, { batchSize: 7 }), runConsumer(connection.db, consumer, { batchSize: 7 }), write(20)]);
    await Promise.all([runConsumer(connection.db, consumer, { batchSize: 7 }), runConsumer(connection.db, consumer, { batchSize: 7 })]);

    expect(applied).toHaveLength(60);
    expect(new Set(applied).size).toBe(60);
    expect([...applied].sort((a, b) => a - b)).toEqual(applied);
  });

  it('a rolled-back batch moves no cursor: the next run applies it again', async () => {
    const org = await buildOrganization(connection.db);
    const { consumer, applied } = await recordingConsumer(org.id);
    await appendEvents(connection.db, [{ organizationId: org.id, type: 'opened', occurredAt: new Date() }]);
    const failing: EventConsumer = { name: consumer.name, apply: async () => Promise.reject(new Error('crash mid-batch')) };
    await expect(runConsumer(connection.db, failing)).rejects.toThrow('crash mid-batch');
    await runConsumer(connection.db, consumer);
    expect(applied).toHaveLength(1);
  });
});
