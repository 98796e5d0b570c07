import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fieldError } from './app-error.ts';

/**
 * Keyset paging: a page starts after the last row of the previous one, named by the values of the
 * sort key (for example `(occurred_at, id)`), so page 1,000 costs what page 1 costs and rows written
 * meanwhile neither repeat nor vanish. Lists that can grow large page this way, never by offset.
 */
export type KeyValue = string | number;

/** The opaque `cursor` a client passes back: the sort key of the last row it saw. */
export const encodeCursor = (key: readonly KeyValue[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * Reads a client's cursor back into its sort key.
 * @throws AppError VALIDATION_FAILED naming `field` when the cursor was not made by encodeCursor for this key.
 */
export const decodeCursor = <T extends readonly KeyValue[]>(cursor: string, key: z.ZodType<T>, field = 'query.cursor'): T => {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fieldError('VALIDATION_FAILED', field, 'is not a cursor this list gave out');
  }
  const parsed = key.safeParse(decoded);
  if (!parsed.success) throw fieldError('VALIDATION_FAILED', field, 'is not a cursor this list gave out');
  return parsed.data;
};

const pgTimestampText = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2})(:\d{2})?$/;

/**
 * A sort key that is a timestamp, as PostgreSQL writes one as text (`2026-01-31 09:00:00.123456+00`):
 * the exact form keys are read in. A real calendar time in the years 0001–9999, so a forged cursor
 * is refused as a bad cursor, never met by the database as a value it cannot read.
 */
export const timestampKeySchema = z.string().refine((text) => {
  const match = pgTimestampText.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  return year >= 1 && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day && probe.getUTCHours() === hour && probe.getUTCMinutes() === minute && probe.getUTCSeconds() === second;
});

/** An integer sort key within PostgreSQL's `integer`. */
export const integerKeySchema = z.int().min(-2_147_483_648).max(2_147_483_647);

/** The query field every keyset list takes. */
export const cursorQuerySchema = z
  .string()
  .max(512, { error: 'is not a cursor this list gave out' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' })
  .optional()
  .describe('Where the page starts: the nextCursor of the previous page; absent for the first page');

/**
 * The SQL condition "comes after this key" for rows sorted by `columns`, all in one direction. A row
 * comparison, so PostgreSQL can walk an index on the same columns.
 */
export const afterKey = (columns: readonly AnyPgColumn[], key: readonly KeyValue[] | Date[] | readonly (KeyValue | Date)[], direction: 'asc' | 'desc'): SQL => {
  const left = sql.join(columns.map((column) => sql`${column}`), sql`, `);
  const right = sql.join(key.map((value) => sql`${value}`), sql`, `);
  return direction === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
};

export type KeysetPage<Row> = { items: Row[]; nextCursor: string | null };

/**
 * One page: asks for one row more than it shows, to know whether another page follows.
 * @param fetch reads up to `limit` rows after the given key (undefined: from the start)
 */
export const readKeysetPage = async <Row, Key extends readonly KeyValue[]>(
  fetch: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  after: Key | undefined,
  pageSize: number,
): Promise<KeysetPage<Row>> => {
  const rows = await fetch(after, pageSize + 1);
  const items = rows.slice(0, pageSize);
  return { items, nextCursor: rows.length > pageSize ? encodeCursor(keyOf(items.at(-1)!)) : null };
};

/**
 * Every row, batch after batch, for exports: memory holds one batch, however large the list.
 * @param fetch as for readKeysetPage
 */
export async function* readAllByKey<Row, Key extends readonly KeyValue[]>(
  fetch: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = 1_000,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await fetch(after, batchSize);
    yield* rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows.at(-1)!);
  }
}
