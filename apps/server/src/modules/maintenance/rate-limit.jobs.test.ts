import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { type DatabaseConnection, rateLimitWindows } from '@vigil/db';
import type { JobContext } from '../../lib/jobs.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { pruneRateLimitsJob } from './rate-limit.jobs.ts';

describe('rate-limits.prune', () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => connection?.close());

  it('deletes the product’s and the auth provider’s ended windows and keeps running ones', async () => {
    const run = randomUUID();
    const [ended, running] = [`ended:${run}`, `running:${run}`];
    await connection.db.insert(rateLimitWindows).values([
      { key: ended, count: 3, resetsAt: new Date(Date.now() - 1000) },
      { key: running, count: 3, resetsAt: new Date(Date.now() + 600_000) },
    ]);
    await connection.db.execute(sql`insert into auth.rate_limit_windows (key, count, resets_at) values (${ended}, 3, now() - interval '1 second'), (${running}, 3, now() + interval '10 minutes')`);

    await pruneRateLimitsJob.handler({}, { db: connection.db, log: pino({ level: 'silent' }) } as unknown as JobContext);

    const left = await connection.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows).where(inArray(rateLimitWindows.key, [ended, running]));
    expect(left.map((row) => row.key)).toEqual([running]);
    const leftInProvider = (await connection.db.execute(sql`select key from auth.rate_limit_windows where key in (${ended}, ${running})`)) as unknown as { rows: { key: string }[] };
    expect(leftInProvider.rows.map((row) => row.key)).toEqual([running]);
  });
});
