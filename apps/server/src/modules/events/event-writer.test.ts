import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { type DatabaseConnection, events } from '@vigil/db';
import { buildOrganization } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createEventWriter } from './event-writer.ts';

describe('the batched event writer', () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => connection?.close());

  const countIn = async (organizationId: string) =>
    (await connection.db.select({ n: count() }).from(events).where(eq(events.organizationId, organizationId)))[0]!.n;

  it('loses nothing: events queued and not yet due are written when it closes', async () => {
    const org = await buildOrganization(connection.db);
    // A timer far away and a batch larger than what is queued: only close can write them.
    const writer = createEventWriter(connection.db, { log: pino({ level: 'silent' }), maxBatch: 1000, flushAfterMs: 60_000 });
    const written = Array.from({ length: 250 }, (_, index) =>
      writer.append({ organizationId: org.id, recipientId: randomUUID(), type: 'opened', occurredAt: new Date(), data: { n: index } }),
    );
    expect(await countIn(org.id)).toBe(0);
    await writer.close();
    await Promise.all(written);
    expect(await countIn(org.id)).toBe(250);
    await expect(writer.append({ organizationId: org.id, type: 'opened', occurredAt: new Date() })).rejects.toThrow(/closed/);
  });

  it('writes a batch as soon as it is full, and the rest after a short wait', async () => {
    const org = await buildOrganization(connection.db);
    const writer = createEventWriter(connection.db, { log: pino({ level: 'silent' }), maxBatch: 10, flushAfterMs: 20 });
    const recipientId = randomUUID();
    const appended = Array.from({ length: 25 }, () => writer.append({ organizationId: org.id, recipientId, type: 'opened', occurredAt: new Date() }));
    expect(writer.pendingFor(recipientId)).toHaveLength(25);
    await Promise.all(appended);
    expect(await countIn(org.id)).toBe(25);
    expect(writer.pendingFor(recipientId)).toHaveLength(0);
    await writer.close();
  });

  it('tells the server after each batch is in the table (the consumers are then asked to run)', async () => {
    const org = await buildOrganization(connection.db);
    const seen: number[] = [];
    const writer = createEventWriter(connection.db, { log: pino({ level: 'silent' }), maxBatch: 10, flushAfterMs: 20, onWritten: () => void countIn(org.id).then((n) => seen.push(n)) });
    await Promise.all(Array.from({ length: 25 }, () => writer.append({ organizationId: org.id, type: 'opened', occurredAt: new Date() })));
    await writer.close();
    await expect.poll(() => seen.length).toBe(3);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(10);
  });
});
