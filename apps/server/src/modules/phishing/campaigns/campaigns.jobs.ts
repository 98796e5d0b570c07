import { z } from 'zod';
import { withBatchMemo } from '../../../lib/batch-memo.ts';
import { defineJob } from '../../../lib/jobs.ts';
import { dispatchDueRecipients, sendQueuedRecipient } from './campaign-sending.ts';

/** Sends of one batch under way at once (the SMTP delivery pools five connections per profile). */
export const sendsAtOnce = 4;

/** Sends a batch of one campaign's queued recipients; each is sent at most once (campaign-sending.ts). */
export const sendBatchJob = defineJob({
  name: 'campaigns.send-batch',
  payload: z.object({ organizationId: z.uuid(), campaignId: z.uuid(), recipientIds: z.array(z.uuid()).min(1).max(500) }),
  concurrency: 4,
  // One organisation's large campaign holds at most two of a worker's four slots.
  perOrganization: 2,
  retryLimit: 5,
  handler: async ({ organizationId, recipientIds }, context) => {
    const outcomes: Record<string, number> = {};
    // A few sends at once, so the profile's pooled connections are busy while a send waits on the
    // database; each recipient still moves through its own locked states, so none is sent twice.
    // The batch reads its lure data, sending profile and filter secret once (batch-memo.ts), not per message.
    const pending = [...recipientIds];
    await withBatchMemo(() =>
      Promise.all(
        Array.from({ length: Math.min(sendsAtOnce, pending.length) }, async () => {
          for (let recipientId = pending.shift(); recipientId; recipientId = pending.shift()) {
            const outcome = await sendQueuedRecipient(context, organizationId, recipientId, recipientIds);
            outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          }
        }),
      ),
    );
    context.log.info({ organizationId, outcomes }, 'sent a batch of lures');
  },
});

/**
 * The dispatcher: a sweep across every organisation (every minute, and again a few seconds after
 * any pass that found work), queueing due recipients as send batches and finishing campaigns.
 */
export const dispatchCampaignsJob = defineJob({
  name: 'campaigns.dispatch',
  payload: z.object({}),
  policy: 'stately',
  schedule: { cron: '* * * * *', payload: {} },
  handler: async (_payload, context) => {
    const { jobs } = context;
    const result = await dispatchDueRecipients(context.db, async (tx, batch) => {
      await jobs.send(sendBatchJob, batch, { tx, singletonKey: `send-batch:${batch.recipientIds[0]}` });
    });
    if (result.queued.length || result.uncertain || result.requeued || result.completed) {
      context.log.info({ batches: result.queued.length, recipients: result.queued.flat().length, uncertain: result.uncertain, requeued: result.requeued, completed: result.completed }, 'dispatched campaign sends');
    }
    // More is due within the minute: come back in a few seconds rather than at the next cron tick.
    if (result.queued.length > 0 || result.dueSoon) await jobs.send(dispatchCampaignsJob, {}, { startAfterSeconds: 5 });
  },
});
