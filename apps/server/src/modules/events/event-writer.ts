import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@vigil/db';
import { type NewEvent, appendEvents } from './events.repository.ts';

export type EventWriter = {
  /** Queues an event; resolves once it is in the database (with the others of its batch). */
  append: (event: NewEvent) => Promise<void>;
  /** Events queued for a recipient that are not written yet (the scanner rules read them beside the table). */
  pendingFor: (recipientId: string) => readonly NewEvent[];
  /** Writes everything queued now. */
  flush: () => Promise<void>;
  /** Writes everything queued and refuses new events: the app's onClose. */
  close: () => Promise<void>;
};

type Queued = { event: NewEvent; done: () => void; failed: (error: unknown) => void };

/**
 * Tracking hits come in bursts (a campaign of 10,000 opened within minutes), so the listener writes
 * them in batches: a batch goes when it reaches `maxBatch` events or `flushAfterMs` after its first
 * event, and whatever is queued goes when the app closes. Writes run one after the other, so events
 * keep their order. A batch that fails is retried once with the next flush; the callers of a batch
 * that fails twice get the error.
 */
export const createEventWriter = (
  db: Db,
  { log, maxBatch = 200, flushAfterMs = 100, onWritten }: { log: FastifyBaseLogger; maxBatch?: number; flushAfterMs?: number; /** After each batch is in the table (the consumers can be asked to run). */ onWritten?: () => void },
): EventWriter => {
  let queue: Queued[] = [];
  // Queued or being written: not in the table yet.
  const unwritten = new Set<Queued>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const writeBatch = async (batch: Queued[]) => {
    const rows = batch.map((item) => item.event);
    try {
      await appendEvents(db, rows).catch(async (error: unknown) => {
        log.warn({ err: error, events: rows.length }, 'writing tracking events failed; trying once more');
        await appendEvents(db, rows);
      });
      for (const item of batch) item.done();
      onWritten?.();
    } catch (error) {
      log.error({ err: error, events: rows.length }, 'tracking events could not be written');
      for (const item of batch) item.failed(error);
    } finally {
      for (const item of batch) unwritten.delete(item);
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length > 0) writing = writing.then(() => writeBatch(batch));
    return writing;
  };

  return {
    append: (event) => {
      if (closed) return Promise.reject(new Error('The event writer is closed'));
      return new Promise<void>((done, failed) => {
        const item = { event, done, failed };
        queue.push(item);
        unwritten.add(item);
        if (queue.length >= maxBatch) void flush();
        else timer ??= setTimeout(() => void flush(), flushAfterMs);
      });
    },
    pendingFor: (recipientId) => [...unwritten].filter((item) => item.event.recipientId === recipientId).map((item) => item.event),
    flush,
    close: async () => {
      closed = true;
      await flush();
    },
  };
};
