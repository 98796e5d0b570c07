import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type DatabaseConnection, rateLimitWindows } from '@vigil/db';
import { openTestDatabase } from '../test/test-database.ts';
import { hitRateLimit, pruneRateLimitWindows } from './rate-limit.ts';

// Two connections stand for two servers: on PostgreSQL (the suite's second run) they are two
// pools on one database; on the embedded PGlite there is only one database to open.
const connections: DatabaseConnection[] = [];
beforeAll(async () => {
  connections.push(await openTestDatabase());
  connections.push(process.env.TEST_DATABASE_URL ? await openTestDatabase() : connections[0]!);
});
afterAll(async () => {
  for (const connection of new Set(connections)) await connection.close();
});

const limit = { max: 30, windowSeconds: 600 };

describe('hitRateLimit', () => {
  it('lets exactly the limit through when hits arrive at once from several servers, then says when to retry', async () => {
    const key = `test:${randomUUID()}`;
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => hitRateLimit(connections[i % 2]!.db, key, limit)));
    expect(outcomes.filter((o) => !o.limited)).toHaveLength(30);
    const refused = outcomes.filter((o) => o.limited);
    expect(refused).toHaveLength(10);
    for (const o of refused) expect(o.retryAfterSeconds).toBeGreaterThan(0);
    for (const o of refused) expect(o.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it('starts a new window once the last one has ended, and counts each key on its own', async () => {
    const [key, otherKey] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    const { db } = connections[0]!;
    for (let i = 0; i < 31; i++) await hitRateLimit(db, key, limit);
    expect((await hitRateLimit(db, key, limit)).limited).toBe(true);
    expect((await hitRateLimit(db, otherKey, limit)).limited).toBe(false);
    await db.update(rateLimitWindows).set({ resetsAt: sql`now() - interval '1 second'` }).where(eq(rateLimitWindows.key, key));
    expect((await hitRateLimit(db, key, limit)).limited).toBe(false);
    expect((await db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, key)))[0]?.count).toBe(1);
  });

  it('prunes windows that have ended and keeps the others', async () => {
    const [ended, open] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    const { db } = connections[0]!;
    await hitRateLimit(db, ended, limit);
    await hitRateLimit(db, open, limit);
    await db.update(rateLimitWindows).set({ resetsAt: sql`now() - interval '1 second'` }).where(eq(rateLimitWindows.key, ended));
    await pruneRateLimitWindows(db);
    const keys = (await db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((row) => row.key);
    expect(keys).toContain(open);
    expect(keys).not.toContain(ended);
  });
});
