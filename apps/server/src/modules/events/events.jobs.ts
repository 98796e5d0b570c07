import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobQueue } from '../../plugins/jobs.ts';
import { defineJob } from '../../lib/jobs.ts';
import { skillRatingsConsumer } from '../phishing/adaptive/skill-ratings.consumer.ts';
import { remedialTrainingConsumer } from '../training/remedial/remedial-training.consumer.ts';
import { riskScoresConsumer } from '../risk/risk-scores.consumer.ts';
import { adaptiveControlsConsumer } from '../adaptive-controls/adaptive-controls.consumer.ts';
import { webhookDeliveriesConsumer } from '../integrations/webhooks/webhook-deliveries.consumer.ts';
import { campaignProjectionsConsumer } from './campaign-projections.ts';
import { type EventConsumer, runConsumer } from './consumers.ts';

/** Every consumer of the event log, run in this order by one job. */
export const eventConsumers: readonly EventConsumer[] = [campaignProjectionsConsumer, skillRatingsConsumer, remedialTrainingConsumer, riskScoresConsumer, adaptiveControlsConsumer, webhookDeliveriesConsumer];

/**
 * Brings every consumer up to date with the log: every minute (pg-boss's finest schedule), and a
 * few seconds after the phishing listener writes events (`consumeEventsSoon`), so a click shows in
 * results, scores and remedial training within seconds. Safe on several workers at once and on a
 * retry: each batch moves its consumer's locked cursor. `stately`: a run asked for while one waits
 * adds nothing; one asked for while one runs waits for it (events written meanwhile are not missed).
 */
export const consumeEventsJob = defineJob({
  name: 'events.consume',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  policy: 'stately',
  retryLimit: 1,
  handler: async (_payload, { db, log, stopping }) => {
    for (const consumer of eventConsumers) {
      // Stopping: the cursors keep the place, the next run goes on from there.
      if (stopping?.aborted) break;
      const applied = await runConsumer(db, consumer);
      if (applied > 0) log.debug({ consumer: consumer.name, applied }, 'applied events');
    }
  },
});

/** How soon after new events the consumers run, and how often one process asks at most. */
const soonSeconds = 2;

/**
 * A kick for the listener's event writer: asks for a consumer run `soonSeconds` from now, at most
 * once per `soonSeconds` from this process (a burst of 10,000 clicks asks a handful of times).
 */
export const consumeEventsSoon = (jobs: JobQueue, log: FastifyBaseLogger) => {
  let askedAt = 0;
  return () => {
    const now = Date.now();
    if (now - askedAt < soonSeconds * 1000) return;
    askedAt = now;
    // One job per slot across every process, whatever the queue's policy (a deployment whose queue
    // predates `stately` keeps its old policy: pg-boss cannot change one).
    jobs.send(consumeEventsJob, {}, { startAfterSeconds: soonSeconds, singletonKey: 'soon', singletonSeconds: soonSeconds }).catch((error: unknown) => log.warn({ err: error }, 'could not ask the event consumers to run; the minute schedule will'));
  };
};
