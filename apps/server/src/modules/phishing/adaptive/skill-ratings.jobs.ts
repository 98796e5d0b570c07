import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, campaignRecipients, events } from '@vigil/db';
import { defineJob } from '../../../lib/jobs.ts';
import { appendEvents } from '../../events/events.repository.ts';
import { ratedOutcomes } from './skill-ratings.consumer.ts';

/** How long a lure may go unanswered before leaving it alone counts as the outcome. */
export const noActionAfterDays = 14;

/**
 * Writes `no_action` for every lure sent at least two weeks ago that its recipient neither fell for
 * nor reported, once each, so the skill ratings count quiet recipients too.
 * @returns how many were written (at most `limit` per run).
 */
export const recordUnansweredLures = async (db: Db, limit = 5_000) =>
  db.transaction(async (tx) => {
    const quiet = await tx
      .select({ id: campaignRecipients.id, organizationId: campaignRecipients.organizationId, personId: campaignRecipients.personId, campaignId: campaignRecipients.campaignId })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.state, 'sent'),
          lt(campaignRecipients.sentAt, new Date(Date.now() - noActionAfterDays * 86_400_000)),
          sql`not exists (select 1 from ${events} where ${events.recipientId} = ${campaignRecipients.id} and ${inArray(events.type, Object.keys(ratedOutcomes))})`,
        ),
      )
      .limit(limit)
      .for('update', { of: campaignRecipients, skipLocked: true });
    const now = new Date();
    await appendEvents(tx, quiet.map((row) => ({ organizationId: row.organizationId, personId: row.personId, campaignId: row.campaignId, recipientId: row.id, type: 'no_action', occurredAt: now, data: { afterDays: noActionAfterDays } })));
    return quiet.length;
  });

export const recordUnansweredLuresJob = defineJob({
  name: 'skill-ratings.no-action',
  payload: z.object({}),
  policy: 'stately',
  schedule: { cron: '41 * * * *', payload: {} },
  handler: async (_payload, { db, log }) => {
    const written = await recordUnansweredLures(db);
    if (written > 0) log.info({ written }, 'recorded lures left unanswered');
  },
});
