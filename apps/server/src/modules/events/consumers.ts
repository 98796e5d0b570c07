import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { type Db, type EventRow, type Tx, eventCursors, events } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import { eventLogLockKey } from './events.repository.ts';

/** A reader of the event log that keeps a projection (counters, statuses, ratings) up to date. */
export type EventConsumer = Readonly<{
  /** Its row in event_cursors: never rename one, or it reads the whole log again. */
  name: string;
  /** Applies a batch inside the runner's transaction; whatever it writes commits with the cursor. */
  apply: (tx: Tx, batch: readonly EventRow[]) => Promise<void>;
}>;

/** How long the runner waits for the writers in flight before it gives up this round (the next run tries again). */
const consumerLockTimeout = '10s';

const lastEventId = async (tx: Tx) => {
  const [row] = await tx.select({ last: max(events.id) }).from(events);
  return row?.last ?? 0;
};

/**
 * The highest event id below which nothing can appear any more. Ids are handed out when a row is
 * inserted, not when it commits, so a reader could see id 11 while 10 is still being written and
 * skip 10 for good. Every appending transaction holds the event-log lock shared; taking it alone
 * waits until those in flight have committed or rolled back, and any later writer gets a higher id
 * than the maximum read here. A transaction of its own, so the lock is let go however it ends.
 * While it waits, new writers queue behind it: `lockTimeout` bounds that stall.
 */
export const readableEventBound = (db: Db, { lockTimeout = consumerLockTimeout }: { lockTimeout?: string } = {}) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('lock_timeout', ${lockTimeout}, true)`);
    await tx.execute(sql`select pg_advisory_xact_lock(${eventLogLockKey})`);
    return lastEventId(tx);
  });

/** PostgreSQL's lock_not_available (55P03): lock_timeout ran out. Drizzle wraps the driver's error as its `cause`. */
const isLockTimeout = (error: unknown) => {
  for (let at = error, depth = 0; typeof at === 'object' && at !== null && depth < 5; at = (at as { cause?: unknown }).cause, depth += 1) {
    if ((at as { code?: unknown }).code === '55P03') return true;
  }
  return false;
};

/** How long readers of the feed share one bound, how long an older one still serves when writers are busy, and how long they wait at most. */
const sharedBoundFreshMs = 1_000;
const sharedBoundUsableMs = 10_000;
const sharedBoundLockTimeout = '1s';

type SharedBound = { value?: number; readAt: number; reading?: Promise<number> };
const sharedBounds = new WeakMap<Db, SharedBound>();

/**
 * The readable bound for readers that poll often (the public event feed: hundreds of requests a
 * minute per key). Each taking the exclusive lock would queue every event write behind it, so the
 * process reads the bound at most once a second, one lookup at a time, and shares it. A lookup
 * first tries the lock without waiting; when writers hold it, a bound read in the last ten seconds
 * serves (lower is always safe: nothing below it can still appear), else it waits at most a second.
 * In this process's memory only as a cache: every process reads its own.
 * @throws AppError SERVICE_UNAVAILABLE when writers held the lock all along and no bound was read yet
 */
export const sharedReadableEventBound = async (db: Db): Promise<number> => {
  const shared = sharedBounds.get(db) ?? { readAt: 0 };
  sharedBounds.set(db, shared);
  if (shared.value !== undefined && Date.now() - shared.readAt < sharedBoundFreshMs) return shared.value;
  shared.reading ??= readSharedBound(db, shared).finally(() => {
    shared.reading = undefined;
  });
  return shared.reading;
};

const readSharedBound = async (db: Db, shared: SharedBound): Promise<number> => {
  const remember = (value: number) => {
    shared.value = value;
    shared.readAt = Date.now();
    return value;
  };
  const uncontended = await db.transaction(async (tx) => {
    // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
    const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${eventLogLockKey}) as locked`)) as unknown as { rows: { locked: boolean }[] };
    return rows[0]?.locked ? lastEventId(tx) : undefined;
  });
  if (uncontended !== undefined) return remember(uncontended);
  const usable = shared.value !== undefined && Date.now() - shared.readAt < sharedBoundUsableMs;
  if (usable) return shared.value!;
  try {
    return remember(await readableEventBound(db, { lockTimeout: sharedBoundLockTimeout }));
  } catch (error) {
    if (!isLockTimeout(error)) throw error;
    if (shared.value !== undefined) return shared.value;
    throw new AppError('SERVICE_UNAVAILABLE', 'The event log is busy being written; try again in a few seconds');
  }
};

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
