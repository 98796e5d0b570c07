import { z } from 'zod';
import { defineJob } from '../../../lib/jobs.ts';
import { pollMailbox } from './mailbox-poll.ts';
import { listEnabledMailboxOrganizations } from './phish-mailbox.repository.ts';

/**
 * Reads one organisation's reported-phish mailbox. Stately with the organisation as singleton key:
 * at most one waiting and one running per organisation across every worker; the mailbox's own
 * lease (mailbox-poll.ts) makes sure even a second process never reads it at the same time.
 */
export const pollPhishMailboxJob = defineJob({
  name: 'phish-mailbox.poll',
  payload: z.object({ organizationId: z.uuid() }),
  policy: 'stately',
  // A failed read is recorded on the mailbox and tried again next minute; no retry piles up behind it.
  retryLimit: 0,
  handler: async ({ organizationId }, context) => {
    const outcome = await pollMailbox(context, organizationId);
    if (outcome.status === 'polled' && outcome.read > 0) context.log.info({ organizationId, ...outcome }, 'read the reported-phish mailbox');
  },
});

/** Every minute: a read of each enabled mailbox, one job per organisation. */
export const pollAllPhishMailboxesJob = defineJob({
  name: 'phish-mailbox.poll-all',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  policy: 'stately',
  handler: async (_payload, context) => {
    for (const organizationId of await listEnabledMailboxOrganizations(context.db)) {
      if (context.stopping.aborted) return;
      await context.jobs.send(pollPhishMailboxJob, { organizationId }, { singletonKey: organizationId });
    }
  },
});
