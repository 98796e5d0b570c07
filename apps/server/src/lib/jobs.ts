import type { z } from 'zod';
import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { MailDelivery } from '../modules/phishing/delivery/mail-delivery.ts';
import type { JobQueue } from '../plugins/jobs.ts';
import type { SecretBox } from './secrets.ts';

/**
 * What every job handler gets: the database, a logger, the configuration, the application secret,
 * the queue (to enqueue follow-up work) and the process's mail delivery (pooled connections shared
 * by every job the process runs).
 */
export type JobContext = {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  secrets: SecretBox;
  jobs: JobQueue;
  delivery: MailDelivery;
  /**
   * Aborted when the process begins to shut down. A sweep that loops over many rows stops at its
   * next safe point and returns (what it left is picked up by its next run), so a shutdown never
   * waits out, or cuts through, a long pass.
   */
  stopping: AbortSignal;
};

/**
 * A background job: a stable name, a typed payload checked on both ends, and a handler that is
 * safe to run twice (a retry must never repeat a side effect).
 */
export type JobDefinition<Payload> = {
  name: string;
  payload: z.ZodType<Payload>;
  handler: (payload: Payload, context: JobContext) => Promise<void>;
  /** Cron expression (UTC) for jobs that run on their own. */
  schedule?: { cron: string; payload: Payload };
  retryLimit?: number;
  /** How many jobs of this queue one worker process runs at once (default 1). */
  concurrency?: number;
  /**
   * Fairness between organisations: at most this many jobs of one organisation run at once, counted
   * across every worker process (pg-boss group concurrency, tracked in the database). The payload
   * must then carry `organizationId`. One organisation's 100,000-recipient send then waits its turn
   * instead of holding every worker while another organisation's jobs queue behind it.
   */
  perOrganization?: number;
  /**
   * `stately`: at most one job waiting and one running, for a queue that does all its work in each run
   * (a sweep, a dispatcher): asking for another run while one waits adds nothing.
   */
  policy?: 'standard' | 'stately';
};

export const defineJob = <Payload>(definition: JobDefinition<Payload>) => definition;

// Definitions are invariant in Payload; the runner only needs them as a list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

/**
 * The organisation a payload belongs to, for definitions that share workers fairly between
 * organisations.
 * @throws Error when such a definition's payload has no `organizationId` (a programming error).
 */
export const organizationOfPayload = (definition: AnyJobDefinition, payload: unknown): string | undefined => {
  if (definition.perOrganization === undefined) return undefined;
  const organizationId = (payload as { organizationId?: unknown } | null)?.organizationId;
  if (typeof organizationId !== 'string' || organizationId === '') {
    throw new Error(`Job ${definition.name} shares workers per organisation, so its payload must carry organizationId`);
  }
  return organizationId;
};

/**
 * Checks a list of definitions can be registered together.
 * @throws Error naming a duplicated queue name or a concurrency below 1.
 */
export const checkJobDefinitions = (definitions: readonly AnyJobDefinition[]): readonly AnyJobDefinition[] => {
  const seen = new Set<string>();
  for (const definition of definitions) {
    if (seen.has(definition.name)) throw new Error(`Two job definitions are named ${definition.name}`);
    seen.add(definition.name);
    for (const [setting, value] of [['concurrency', definition.concurrency], ['perOrganization', definition.perOrganization]] as const) {
      if (value !== undefined && (!Number.isInteger(value) || value < 1)) throw new Error(`Job ${definition.name}: ${setting} must be a whole number of at least 1`);
    }
  }
  return definitions;
};
