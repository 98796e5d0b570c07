import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection, Tx } from '@vigil/db';
import { startFairWorker } from './jobs-fair-worker.ts';
import { type AnyJobDefinition, type JobContext, type JobDefinition, organizationOfPayload } from '../lib/jobs.ts';

export type JobQueue = {
  /**
   * Enqueues a job. Pass the transaction that writes the rows the job needs, so a failed write
   * leaves no orphan job.
   */
  send: <P>(
    definition: JobDefinition<P>,
    payload: P,
    options?: { tx?: Tx; singletonKey?: string; startAfterSeconds?: number; /** At most one job of this queue (and key) per slot of this many seconds, across every process. */ singletonSeconds?: number },
  ) => Promise<string | null>;
  /**
   * Starts polling for work: the server at start unless JOBS_IN_PROCESS is off, `npm run worker`
   * always, tests when they need it.
   */
  startWorkers: () => Promise<void>;
  boss: PgBoss;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export type JobsPluginOptions = {
  connection: DatabaseConnection;
  definitions: readonly AnyJobDefinition[];
  /** Handed to every handler beside the database and its logger. */
  services: Pick<JobContext, 'config' | 'secrets' | 'delivery'>;
};

/**
 * A job whose process died (SIGKILL, a lost host) stays `active` until something releases it; pg-boss
 * alone waits 15 minutes, and meanwhile the dead job still holds its organisation's share of workers
 * (`perOrganization`), so that organisation's campaign stalls after a crash, on every server. Running
 * jobs therefore prove they are alive (pg-boss's heartbeat, every half of this), and a job silent this
 * long is failed and retried (handlers are safe to run twice); the check runs every
 * `releaseCheckSeconds` (pg-boss's supervise and monitor passes).
 */
export const jobHeartbeatSeconds = 20;
const releaseCheckSeconds = 5;
const pollSeconds = 2;

/** pg-boss on the app's own database: embedded PGlite through its adapter, or its own small pool on PostgreSQL. */
export const jobsPlugin = fp(async (app: FastifyInstance, { connection, definitions, services }: JobsPluginOptions) => {
  const checks = { superviseIntervalSeconds: releaseCheckSeconds, monitorIntervalSeconds: releaseCheckSeconds };
  const boss =
    connection.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(connection.pglite!), backend: 'pglite', schedule: true, ...checks })
      : new PgBoss({ connectionString: connection.connectionString!, max: 4, application_name: 'vigil-jobs', ...checks });
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  await boss.start();
  const byName = new Map(definitions.map((d) => [d.name, d]));
  for (const definition of definitions) {
    const options = { retryLimit: definition.retryLimit ?? 3, retryBackoff: true, heartbeatSeconds: jobHeartbeatSeconds };
    await boss.createQueue(definition.name, { ...options, policy: definition.policy ?? 'standard' });
    // createQueue leaves an existing queue as it was: bring one made by an earlier release up to date.
    await boss.updateQueue(definition.name, options);
    // Warm pg-boss's queue cache now: a send inside a transaction would otherwise look the queue up
    // on pg-boss's own connection, which on the single-connection PGlite waits for that transaction.
    await boss.getJobById(definition.name, '00000000-0000-0000-0000-000000000000');
    if (definition.schedule) {
      await boss.schedule(definition.name, definition.schedule.cron, definition.schedule.payload, { tz: 'UTC' });
    }
  }

  /**
   * On PostgreSQL a fetch of a fair queue holds a transaction-scoped advisory lock on its queue, so
   * fetches from every process take turns; PGlite is one connection, where statements already do.
   */
  const serializeFetch = <T,>(queue: string, fetch: (db: unknown) => Promise<T>): Promise<T> =>
    connection.kind === 'pglite'
      ? fetch(undefined)
      : connection.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vigil.jobs.fetch'), hashtext(${queue}))`);
          return fetch(fromDrizzle(tx as never, sql as never));
        });
  const fairWorkers: ReturnType<typeof startFairWorker>[] = [];
  const stopping = new AbortController();
  let working = false;
  const jobs: JobQueue = {
    boss,
    send: async (definition, payload, options = {}) => {
      if (!byName.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
      const data = definition.payload.parse(payload) as object;
      const organizationId = organizationOfPayload(definition, data);
      return boss.send(definition.name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(organizationId ? { group: { id: organizationId } } : {}),
        ...(options.tx ? { db: fromDrizzle(options.tx as never, sql as never) } : {}),
      });
    },
    startWorkers: async () => {
      if (working) return;
      working = true;
      for (const definition of definitions) {
        const run = async (job: { id: string; data: unknown }) => {
          const payload = definition.payload.parse(job.data);
          await definition.handler(payload, { ...services, jobs, db: connection.db, stopping: stopping.signal, log: app.log.child({ job: definition.name, jobId: job.id }) });
        };
        if (definition.perOrganization) {
          fairWorkers.push(
            startFairWorker({
              boss,
              queue: definition.name,
              concurrency: definition.concurrency ?? 1,
              perGroup: definition.perOrganization,
              pollSeconds,
              heartbeatSeconds: jobHeartbeatSeconds,
              serializeFetch,
              handle: run,
              onError: (error, job) => app.log.error({ err: error, job: definition.name, jobId: job?.id }, 'job failed'),
            }),
          );
          continue;
        }
        await boss.work(definition.name, { pollingIntervalSeconds: pollSeconds, localConcurrency: definition.concurrency ?? 1 }, async (batch) => {
          for (const job of batch) await run(job);
        });
      }
    },
  };
  app.decorate('jobs', jobs);
  // Stops the queue (letting running jobs finish) while the database is still open: main.ts and worker.ts close it after every server.
  app.addHook('onClose', async () => {
    stopping.abort();
    await Promise.all(fairWorkers.map((worker) => worker.stop(10_000)));
    await boss.stop({ graceful: true, timeout: 10_000 });
    await services.delivery.close();
  });
});
