import { setTimeout as sleep } from 'node:timers/promises';
import type { PgBoss } from 'pg-boss';

type FetchedJob = { id: string; data: unknown; retryCount: number };

export type FairWorkerOptions = {
  boss: PgBoss;
  queue: string;
  /** Jobs of this queue this process runs at once. */
  concurrency: number;
  /** Jobs of one organisation (pg-boss group) running at once, over every process. */
  perGroup: number;
  pollSeconds: number;
  heartbeatSeconds: number;
  /**
   * Runs one fetch so that no other fetch of this queue, in any process, overlaps it. pg-boss's group
   * limit is a filter inside its fetch statement: two fetches running at once both see the group
   * below its limit and both claim a job of it (a clean-clone CI run saw two jobs of one organisation
   * start on three free workers). Serialised, each fetch sees the claims of the one before.
   */
  serializeFetch: <T>(queue: string, fetch: (db: unknown) => Promise<T>) => Promise<T>;
  handle: (job: FetchedJob) => Promise<void>;
  onError: (error: unknown, job?: FetchedJob) => void;
};

/**
 * A worker loop for queues that share workers per organisation, built on pg-boss's public fetch,
 * touch, complete and fail, in place of `boss.work` (whose fetches run side by side and whose fetch
 * cannot be wrapped). Settles are fenced to the fetched attempt, as pg-boss's own worker does, so a
 * job whose heartbeat lapsed and was retried elsewhere is not settled twice.
 */
export const startFairWorker = (options: FairWorkerOptions) => {
  const { boss, queue, concurrency, perGroup, pollSeconds, heartbeatSeconds } = options;
  const running = new Set<Promise<void>>();
  const idle = new AbortController();
  let stopped = false;

  const runOne = async (job: FetchedJob) => {
    const attempt = { id: job.id, retryCount: job.retryCount };
    const heartbeat = setInterval(() => {
      boss.touch(queue, [attempt]).catch((error: unknown) => options.onError(error, job));
    }, heartbeatSeconds * 500);
    try {
      await options.handle(job);
      await boss.complete(queue, [attempt]);
    } catch (error) {
      options.onError(error, job);
      const failure = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
      await boss.fail(queue, [attempt], failure).catch((failError: unknown) => options.onError(failError, job));
    } finally {
      clearInterval(heartbeat);
    }
  };

  const loop = async () => {
    while (!stopped) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      let jobs: FetchedJob[] = [];
      try {
        jobs = (await options.serializeFetch(queue, (db) =>
          boss.fetch(queue, { batchSize: concurrency - running.size, groupConcurrency: perGroup, ...(db ? { db: db as never } : {}) }),
        )) as FetchedJob[];
      } catch (error) {
        options.onError(error);
      }
      // Jobs fetched as the worker stops still run: stop waits for them.
      for (const job of jobs) {
        const run: Promise<void> = runOne(job).finally(() => running.delete(run));
        running.add(run);
      }
      if (jobs.length === 0) await sleep(pollSeconds * 1000, undefined, { signal: idle.signal }).catch(() => undefined);
    }
  };
  const looping = loop();

  return {
    /** Fetches nothing more and waits up to `timeoutMs` for running jobs; a job still running then is retried once its heartbeat lapses. */
    stop: async (timeoutMs: number) => {
      stopped = true;
      idle.abort();
      await looping;
      await Promise.race([Promise.allSettled([...running]), sleep(timeoutMs)]);
    },
  };
};
