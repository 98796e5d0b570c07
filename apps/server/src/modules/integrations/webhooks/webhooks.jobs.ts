import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Db } from '@vigil/db';
import { defineJob } from '../../../lib/jobs.ts';
import { deliverDueWebhooks, webhookSendSettings } from './webhook-dispatch.ts';
import { webhookDeliveryQueue } from './webhooks.repository.ts';

/** How long one run keeps looking for due deliveries, and how often: the next minute's run takes over. */
const runSeconds = 50;
const pollSeconds = 3;

/**
 * Sends due webhook deliveries. pg-boss starts it every minute (its finest schedule); a run then
 * keeps polling for `runSeconds`, so an event reaches its receiver seconds after the event-log
 * consumer queued it rather than up to a minute later, without the consumer having to know about
 * the queue. Several runs at once (a slow minute, several workers) share the work through the
 * claim's `skip locked`. Stopping: no new claims, sends in flight hand their rows back.
 */
export const deliverWebhooksJob = defineJob({
  name: 'webhooks.deliver',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  retryLimit: 1,
  handler: async (_payload, { db, secrets, config, log, stopping }) => {
    const context = { db, secrets, log, stopping, send: webhookSendSettings(config) };
    const until = Date.now() + runSeconds * 1000;
    while (!stopping.aborted && Date.now() < until) {
      const attempted = await deliverDueWebhooks(context, { until });
      if (attempted > 0) log.debug({ attempted }, 'sent webhook deliveries');
      await sleep(pollSeconds * 1000, undefined, { signal: stopping }).catch(() => undefined);
    }
  },
});

/** The delivery log keeps this many days; older deliveries, delivered, failed or still waiting (a paused endpoint's), go. */
export const webhookDeliveryRetentionDays = 30;
const pruneBatch = 5_000;
const dayMs = 86_400_000;

/**
 * Deletes deliveries older than the retention period, endpoint by endpoint and a batch at a time
 * (short statements along the delivery log's index), never one being sent.
 * @returns how many went
 */
export const pruneWebhookDeliveries = async (db: Db, { now = new Date(), stopping }: { now?: Date; stopping?: AbortSignal } = {}) => {
  const queue = webhookDeliveryQueue(db);
  const before = new Date(now.getTime() - webhookDeliveryRetentionDays * dayMs);
  let deleted = 0;
  for (const endpointId of await queue.allEndpointIds()) {
    for (let gone = pruneBatch; gone === pruneBatch && !stopping?.aborted; ) {
      gone = await queue.pruneEndpoint(endpointId, before, now, pruneBatch);
      deleted += gone;
    }
  }
  return deleted;
};

/** Daily: the delivery log's retention. Running it twice deletes nothing more. */
export const pruneWebhookDeliveriesJob = defineJob({
  name: 'webhooks.prune',
  payload: z.object({}),
  schedule: { cron: '41 3 * * *', payload: {} },
  handler: async (_payload, { db, log, stopping }) => {
    const deleted = await pruneWebhookDeliveries(db, { stopping });
    if (deleted > 0) log.info({ deleted, retentionDays: webhookDeliveryRetentionDays }, 'pruned webhook deliveries');
  },
});
