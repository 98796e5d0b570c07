import type { z } from 'zod';
import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';

export type JobContext = { db: Db; log: FastifyBaseLogger };

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
};

export const defineJob = <Payload>(definition: JobDefinition<Payload>) => definition;

// Definitions are invariant in Payload; the runner only needs them as a list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;
