import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@vigil/db';
import { buildOrganization } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { sharedReadableEventBound } from './consumers.ts';
import { readEventFeed } from './event-feed.ts';
import { appendEvents } from './events.repository.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`the event feed's readable bound on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => connection?.close());

  const within = <T,>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

  it('shares one bound between the polls of a second', async () => {
    const org = await buildOrganization(connection.db);
    await appendEvents(connection.db, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} }]);
    const first = await readEventFeed(connection.db, { organizationId: org.id }, { after: 0, types: ['clicked'], limit: 10 });
    await appendEvents(connection.db, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} }]);
    // Within the second: the same bound, so the new event waits for a later poll, which gets it.
    expect(await sharedReadableEventBound(connection.db)).toBe(first.nextAfter);
    await expect.poll(async () => (await readEventFeed(connection.db, { organizationId: org.id }, { after: first.nextAfter, types: ['clicked'], limit: 10 })).items.length, { timeout: 3_000 }).toBe(1);
  });

  // One connection (PGlite) runs one transaction at a time: a writer left open would block everything.
  it.runIf(onPostgres)('never makes event writers wait while a long write holds the log: polls answer with the last bound', async () => {
    const org = await buildOrganization(connection.db);
    const known = await sharedReadableEventBound(connection.db);
    let finishLongWrite!: () => void;
    const longWrite = connection.db.transaction(async (tx) => {
      await appendEvents(tx, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} }]);
      await new Promise<void>((resolve) => (finishLongWrite = resolve));
    });
    try {
      // Past the second the bound is shared for: the next poll looks again, finds the writer, and keeps the bound it had.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const polls = Promise.all(Array.from({ length: 5 }, () => sharedReadableEventBound(connection.db)));
      // Meanwhile other writers go on: no exclusive request queues them behind the long one.
      await within(appendEvents(connection.db, [{ organizationId: org.id, type: 'opened', occurredAt: new Date(), data: {} }]), 500);
      expect(await within(polls, 500)).toEqual(Array.from({ length: 5 }, () => known));
    } finally {
      finishLongWrite();
      await longWrite;
    }
  });
});
