import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { type Db, type EventRow, type Tx, eventCursors, events } from '@vigil/db';
import { eventLogLockKey } from './events.repository.ts';

/** A reader of the event log that keeps a projection (counters, statuses, ratings) up to date. */
export type EventConsumer = Readonly<{
  /** Its row in event_cursors: never rename one, or it reads the whole log again. */
  name: string;
  /** Applies a batch inside the runner's transaction; whatever it writes commits with the cursor. */
  apply: (tx: Tx, batch: readonly EventRow[]) => Promise<void>;
}>;

/**
 * The highest event id below which nothing can appear any more. Ids are handed out when a row is
 * inserted, not when it commits, so a reader could see id 11 while 10 is still being written and
 * skip 10 for good. Every appending transaction holds the event-log lock shared; taking it alone
 * waits until those in flight have committed or rolled back, and any later writer gets a higher id
 * than the maximum read here. A transaction of its own, so the lock is let go however it ends.
 */
const readableEventBound = (db: Db) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${eventLogLockKey})`);
    const [row] = await tx.select({ last: max(events.id) }).from(events);
    return row?.last ?? 0;
  });

/**
 * Reads the events after the consumer's cursor, in id order, and applies them in one transaction
 * with the cursor row locked (`for update`): a second worker running the same consumer waits, then
 * reads the cursor this one moved, so no batch is applied twice; a crash rolls back both the batch
 * and the cursor, so nothing is skipped.
 * @returns how many events were applied.
 */
export const runConsumerBatch = async (db: Db, consumer: EventConsumer, batchSize = 500): Promise<number> => {
  const bound = await readableEventBound(db);
  return db.transaction(async (tx) => {
    await tx.insert(eventCursors).values({ consumer: consumer.name }).onConflictDoNothing();
    const [cursor] = await tx.select().from(eventCursors).where(eq(eventCursors.consumer, consumer.name)).for('update');
    const batch = await tx
      .select()
      .from(events)
      .where(and(gt(events.id, cursor!.lastEventId), lte(events.id, bound)))
      .orderBy(asc(events.id))
      .limit(batchSize);
    if (batch.length === 0) return 0;
    await consumer.apply(tx, batch);
    await tx.update(eventCursors).set({ lastEventId: batch.at(-1)!.id, updatedAt: sql`now()` }).where(eq(eventCursors.consumer, consumer.name));
    return batch.length;
  });
};

/**
 * Applies batches until the consumer has caught up (or `maxBatches` ran, so one job never holds a
 * worker for long; the next run goes on from the cursor).
 * @returns how many events were applied.
 */
export const runConsumer = async (db: Db, consumer: EventConsumer, { batchSize = 500, maxBatches = 20 } = {}): Promise<number> => {
  let applied = 0;
  for (let run = 0; run < maxBatches; run += 1) {
    const count = await runConsumerBatch(db, consumer, batchSize);
    applied += count;
    if (count < batchSize) break;
  }
  return applied;
};
