import { sql } from 'drizzle-orm';
import { type Db, type NewEventRow, type Tx, events } from '@vigil/db';

export type NewEvent = Omit<NewEventRow, 'id'>;

/**
 * The advisory lock every transaction that appends events holds shared, and the consumer runner
 * takes alone for an instant before it reads: see `readableEventBound` in consumers.ts.
 */
export const eventLogLockKey = 730_412_551;

/**
 * The shared event-log lock as a one-row subquery, for a single statement that changes a row and
 * appends its event (`insert into events select … from moved, <this>`): joined in, it is taken
 * before the statement's first event id is drawn, and held until the statement's transaction ends.
 */
export const eventLogSharedLock = sql`(select pg_advisory_xact_lock_shared(${eventLogLockKey})) as event_log_lock`;

const isTransaction = (db: Db | Tx): db is Tx => typeof (db as Partial<Tx>).rollback === 'function';

/**
 * Appends events to the log. Pass the transaction that changes the state they record (a recipient
 * marked sent, say), so the fact and its event commit together or not at all. High-volume writers
 * (tracking hits) go through the batched event writer instead.
 */
export const appendEvents = async (db: Db | Tx, rows: readonly NewEvent[]) => {
  if (rows.length === 0) return;
  const append = async (tx: Tx) => {
    // Held until the transaction ends, so a consumer never reads past an id that is still uncommitted.
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${eventLogLockKey})`);
    await tx.insert(events).values([...rows]);
  };
  if (isTransaction(db)) await append(db);
  else await db.transaction(append);
};
