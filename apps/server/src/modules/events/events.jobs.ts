import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';
import { skillRatingsConsumer } from '../phishing/adaptive/skill-ratings.consumer.ts';
import { remedialTrainingConsumer } from '../training/remedial/remedial-training.consumer.ts';
import { riskScoresConsumer } from '../risk/risk-scores.consumer.ts';
import { adaptiveControlsConsumer } from '../adaptive-controls/adaptive-controls.consumer.ts';
import { campaignProjectionsConsumer } from './campaign-projections.ts';
import { type EventConsumer, runConsumer } from './consumers.ts';

/** Every consumer of the event log, run in this order by one job. */
export const eventConsumers: readonly EventConsumer[] = [campaignProjectionsConsumer, skillRatingsConsumer, remedialTrainingConsumer, riskScoresConsumer, adaptiveControlsConsumer];

/**
 * Brings every consumer up to date with the log, every minute (pg-boss's finest schedule). Safe on
 * several workers at once and on a retry: each batch moves its consumer's locked cursor.
 */
export const consumeEventsJob = defineJob({
  name: 'events.consume',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  retryLimit: 1,
  handler: async (_payload, { db, log }) => {
    for (const consumer of eventConsumers) {
      const applied = await runConsumer(db, consumer);
      if (applied > 0) log.debug({ consumer: consumer.name, applied }, 'applied events');
    }
  },
});
