import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseConnection, auditLog } from '@vigil/db';
import { buildOrganization } from '../test/factories.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { AppError } from './app-error.ts';
import { type KeysetPage, afterKey, decodeCursor, encodeCursor, readAllByKey, readKeysetPage } from './keyset.ts';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await openTestDatabase();
});
afterAll(async () => connection?.close());

// The sort key is read as PostgreSQL's own text of the timestamp: a JavaScript Date keeps only
// milliseconds, and a cursor rounded to them would repeat or skip rows written in the same millisecond.
const keySchema = z.tuple([z.string(), z.string()]);
type Key = z.infer<typeof keySchema>;

const entriesOf = (organizationId: string) => async (after: Key | undefined, limit: number) => {
  const inOrganization = eq(auditLog.organizationId, organizationId);
  return connection.db
    .select({ id: auditLog.id, at: sql<string>`${auditLog.createdAt}::text` })
    .from(auditLog)
    .where(after ? and(inOrganization, afterKey([auditLog.createdAt, auditLog.id], after, 'desc')) : inOrganization)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
};
const keyOf = (row: { id: string; at: string }): Key => [row.at, row.id];

const buildEntries = async (count: number) => {
  const organization = await buildOrganization(connection.db);
  // Many rows share one timestamp: the id breaks the ties, and paging must not lose any of them.
  const stamps = [new Date('2026-01-01T00:00:00.000Z'), new Date('2026-01-01T00:00:00.000Z'), new Date('2026-01-02T08:30:00.000Z')];
  await connection.db.insert(auditLog).values(Array.from({ length: count }, (_, index) => ({ organizationId: organization.id, action: `test.${index}`, createdAt: stamps[index % 3]! })));
  await connection.db.execute(sql`update audit_log set created_at = created_at + (random() * interval '1 millisecond') where organization_id = ${organization.id} and action like 'test.%' and right(action, 1) in ('1', '7')`);
  const all = await connection.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.organizationId, organization.id)).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return { organization, expected: all.map((row) => row.id) };
};

describe(`keyset paging on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('walks every row exactly once, in order, page after page, with sub-millisecond ties', async () => {
    const { organization, expected } = await buildEntries(530);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const after: Key | undefined = cursor ? decodeCursor(cursor, keySchema) : undefined;
      const page: KeysetPage<{ id: string; at: string }> = await readKeysetPage(entriesOf(organization.id), keyOf, after, 100);
      seen.push(...page.items.map((row) => row.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toEqual(expected);
  });

  it('neither repeats nor skips a row when new rows arrive between pages', async () => {
    const { organization, expected } = await buildEntries(250);
    const first = await readKeysetPage(entriesOf(organization.id), keyOf, undefined, 100);
    // Newer rows sort before the cursor: an offset would now shift every later page.
    await connection.db.insert(auditLog).values(Array.from({ length: 40 }, () => ({ organizationId: organization.id, action: 'test.new' })));
    const rest: string[] = [];
    for await (const row of readAllByKey(entriesOf(organization.id), keyOf, 64)) rest.push(row.id);
    const second = await readKeysetPage(entriesOf(organization.id), keyOf, decodeCursor(first.nextCursor!, keySchema), 1_000);
    expect([...first.items.map((row) => row.id), ...second.items.map((row) => row.id)]).toEqual(expected);
    expect(second.nextCursor).toBeNull();
    expect(rest).toHaveLength(290);
  });

  it('reads everything in batches for an export, whatever the batch size', async () => {
    const { organization, expected } = await buildEntries(301);
    for (const batchSize of [1, 100, 301, 1_000]) {
      const ids: string[] = [];
      for await (const row of readAllByKey(entriesOf(organization.id), keyOf, batchSize)) ids.push(row.id);
      expect(ids, `batches of ${batchSize}`).toEqual(expected);
    }
  });

  it('pages ascending too', async () => {
    const organization = await buildOrganization(connection.db);
    await connection.db.insert(auditLog).values(Array.from({ length: 30 }, (_, index) => ({ organizationId: organization.id, action: `a.${String(index).padStart(2, '0')}` })));
    const byAction = async (after: [string] | undefined, limit: number) =>
      connection.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, organization.id), after ? afterKey([auditLog.action], after, 'asc') : undefined))
        .orderBy(asc(auditLog.action))
        .limit(limit);
    const actions: string[] = [];
    for await (const row of readAllByKey(byAction, (row) => [row.action] as [string], 7)) actions.push(row.action);
    expect(actions).toEqual(Array.from({ length: 30 }, (_, index) => `a.${String(index).padStart(2, '0')}`));
  });
});

describe('cursors', () => {
  it('round-trip the key', () => {
    expect(decodeCursor(encodeCursor(['2026-01-01 00:00:00+00', 'abc']), keySchema)).toEqual(['2026-01-01 00:00:00+00', 'abc']);
  });

  it.each(['not base64 at all!', encodeCursor([1, 2]), Buffer.from('{"a":1}').toString('base64url'), Buffer.from('[').toString('base64url')])(
    'refuse %s with a 400 naming the field',
    (cursor) => {
      const refusal = (() => {
        try {
          decodeCursor(cursor, keySchema);
        } catch (error) {
          return error;
        }
      })() as AppError;
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal.statusCode).toBe(400);
      expect(refusal.details).toEqual([{ field: 'query.cursor', problem: 'is not a cursor this list gave out' }]);
    },
  );
});
