import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { type Db, campaignRecipients, campaigns, events, sendingProfiles } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { memoized } from '../../../lib/batch-memo.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { appendEvents, eventLogSharedLock } from '../../events/events.repository.ts';
import { type MailDelivery, type OutgoingMail, PermanentDeliveryError, TemporaryDeliveryError } from '../delivery/mail-delivery.ts';
import { type OutgoingText, createMessageDelivery } from '../delivery/message-delivery.ts';
import { takeSendSlot } from '../delivery/send-slots.ts';
import { LureRenderError } from '../templates/render-lure.ts';
import { completeBaselinesOf } from '../initial-testing/baseline-completion.ts';
import { buildLureMail, findBatchLureContexts } from './lure-mail.ts';
import { UnreachablePersonError, buildLureText } from './lure-text.ts';
import { interruptedAfterMinutes, lostJobAfterMinutes, maxSendAttempts, retryDelayMinutes, statesBefore } from './recipient-state.ts';
import { now } from '../../../lib/clock.ts';

export type SendingContext = { db: Db; secrets: SecretBox; config: Config; delivery: MailDelivery };

const minutesAgo = (minutes: number) => new Date(now().getTime() - minutes * 60_000);
const minutesFromNow = (minutes: number) => new Date(now().getTime() + minutes * 60_000);

export type SendOutcome = 'sent' | 'failed' | 'retry' | 'held' | 'cancelled' | 'skipped' | 'rate-limited';

/**
 * Sends one queued recipient's lure, at most once:
 * 1. one guarded statement moves the row queued → sending while its campaign runs (or, when that
 *    did not happen, queued → scheduled for a paused campaign, queued → cancelled for a stopped one;
 *    any other state: someone else has it);
 * 2. the message goes to the mail server (a text lure's to the SMS service, by the template's vector);
 * 3. a transaction records the result with its event: sent, failed, or scheduled again later.
 * A crash between 1 and 3 leaves the row in `sending`, which the dispatcher's sweep turns into
 * `uncertain`: never sent twice, never dropped silently.
 * `batch`: the send job's recipients, whose lure data is read in one query per batch (batch-memo.ts).
 */
export const sendQueuedRecipient = async (context: SendingContext, organizationId: string, recipientId: string, batch: readonly string[] = [recipientId]): Promise<SendOutcome> => {
  const { db } = context;
  const scope = { organizationId };
  const inScope = and(eq(campaignRecipients.organizationId, organizationId), eq(campaignRecipients.id, recipientId));
  const queued = and(inScope, eq(campaignRecipients.state, 'queued'));

  const peek = (await findBatchLureContexts(db, scope, batch)).get(recipientId);
  if (!peek || peek.state !== 'queued') return 'skipped';

  // The profile's rate first: without a slot, the recipient waits its turn without spending an attempt.
  const slot = await takeSendSlot(db, scope, peek.sendingProfileId).catch((error: unknown) => {
    if (error instanceof PermanentDeliveryError) return { granted: true as const };
    throw error;
  });
  if (!slot.granted) {
    await db
      .update(campaignRecipients)
      .set({ state: 'scheduled', sendAt: new Date(now().getTime() + slot.retryAfterSeconds * 1000), stateChangedAt: now() })
      .where(queued);
    return 'rate-limited';
  }

  const [row] = await db
    .update(campaignRecipients)
    .set({ state: 'sending', attempts: sql`${campaignRecipients.attempts} + 1`, stateChangedAt: now() })
    .from(campaigns)
    .where(and(queued, eq(campaigns.organizationId, campaignRecipients.organizationId), eq(campaigns.id, campaignRecipients.campaignId), inArray(campaigns.status, ['scheduled', 'sending'])))
    .returning({
      id: campaignRecipients.id,
      personId: campaignRecipients.personId,
      campaignId: campaignRecipients.campaignId,
      templateId: campaignRecipients.templateId,
      language: campaignRecipients.language,
      attempts: campaignRecipients.attempts,
      campaignStatus: campaigns.status,
      sendingProfileId: campaigns.sendingProfileId,
    });
  if (!row) {
    // Not claimed: a paused campaign keeps the recipient for later, a stopped (or gone) one cancels it.
    const campaignIs = (statuses: string) =>
      sql`exists (select 1 from ${campaigns} where ${campaigns.organizationId} = ${campaignRecipients.organizationId} and ${campaigns.id} = ${campaignRecipients.campaignId} and ${campaigns.status} in ${sql.raw(statuses)})`;
    const held = await db.update(campaignRecipients).set({ state: 'scheduled', stateChangedAt: now() }).where(and(queued, campaignIs("('paused')"))).returning({ id: campaignRecipients.id });
    if (held.length > 0) return 'held';
    const cancelled = await db
      .update(campaignRecipients)
      .set({ state: 'cancelled', stateChangedAt: now() })
      .where(and(queued, sql`not ${campaignIs("('draft', 'scheduled', 'sending', 'paused')")}`))
      .returning({ id: campaignRecipients.id });
    return cancelled.length > 0 ? 'cancelled' : 'skipped';
  }
  // The campaign starts sending with its first claimed recipient: once per batch, guarded by its status.
  if (row.campaignStatus === 'scheduled') {
    await memoized(`campaign-sending:${row.campaignId}`, async () => {
      await db
        .update(campaigns)
        .set({ status: 'sending' })
        .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, row.campaignId), eq(campaigns.status, 'scheduled')));
    });
  }
  const event = { organizationId, personId: row.personId, campaignId: row.campaignId, recipientId: row.id };

  // Every result is recorded only if the row is still `sending` (the sweep may have found it
  // interrupted meanwhile), and its event only with it, so the log never tells two stories.
  const fail = async (reason: string, data: Record<string, unknown>) => {
    await db.transaction(async (tx) => {
      const moved = await tx.update(campaignRecipients).set({ state: 'failed', lastError: reason, stateChangedAt: now() }).where(and(inScope, eq(campaignRecipients.state, 'sending'))).returning({ id: campaignRecipients.id });
      if (moved.length > 0) await appendEvents(tx, [{ ...event, type: 'delivery_failed', occurredAt: now(), data: { reason, ...data } }]);
    });
    return 'failed' as const;
  };

  // The template's vector picks the way out: a text message for an SMS lure, mail for every other.
  let lure: { mail: OutgoingMail } | { text: OutgoingText } | undefined;
  try {
    const recipient = { id: row.id, personId: row.personId, templateId: row.templateId, language: row.language, campaignSendingProfileId: row.sendingProfileId };
    if (peek.vector === 'sms') {
      const text = await buildLureText(db, scope, context, recipient, peek.context);
      lure = text && { text };
    } else {
      const mail = await buildLureMail(db, scope, context, recipient, peek.context);
      lure = mail && { mail };
    }
  } catch (error) {
    if (error instanceof LureRenderError) return fail(`The lure cannot be sent as written: ${error.message}`, { field: error.field });
    if (error instanceof UnreachablePersonError) return fail(error.message, { field: error.field });
    throw error;
  }
  if (!lure) return fail('The person or the sending profile is no longer available', {});

  // Only the hand-over is caught: once the mail server has accepted the message, a failure to
  // record it must leave the row in `sending` (the sweep then lists it as uncertain), never make it
  // look like a refusal to retry, which would mail the person again.
  let receipt;
  try {
    receipt = 'text' in lure ? await createMessageDelivery(db, context.config).send(lure.text) : await context.delivery.send(lure.mail);
  } catch (error) {
    const temporary = !(error instanceof PermanentDeliveryError);
    const reason = error instanceof Error ? error.message : String(error);
    const details = { temporary, attempts: row.attempts, ...(error instanceof TemporaryDeliveryError || error instanceof PermanentDeliveryError ? { failure: error.failure } : {}) };
    if (!temporary || row.attempts >= maxSendAttempts) return fail(reason, details);
    // A retry only for a campaign still running: cancelled meanwhile, the refusal is final.
    const retried = await db
      .update(campaignRecipients)
      .set({ state: 'scheduled', sendAt: minutesFromNow(retryDelayMinutes(row.attempts)), lastError: reason, stateChangedAt: now() })
      .where(
        and(
          inScope,
          eq(campaignRecipients.state, 'sending'),
          sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaignRecipients.campaignId} and ${campaigns.status} in ('scheduled', 'sending', 'paused'))`,
        ),
      )
      .returning({ id: campaignRecipients.id });
    return retried.length > 0 ? 'retry' : fail(reason, { ...details, campaignStopped: true });
  }
  await recordSent(db, organizationId, row, receipt.messageId);
  return 'sent';
};

/**
 * Marks a recipient still `sending` as sent and appends its `sent` event, in one statement (the
 * busiest write of a campaign: one round trip instead of a transaction's five). Nothing happens
 * when the sweep took the row meanwhile: the log never tells two stories.
 */
const recordSent = async (db: Db, organizationId: string, row: { id: string; templateId: string; language: string }, messageId: string | null | undefined) => {
  const sentAt = now();
  const data = JSON.stringify({ templateId: row.templateId, language: row.language });
  await db.execute(sql`
    with moved as (
      update ${campaignRecipients}
      set state = 'sent', sent_at = ${sentAt}, message_id = ${messageId ?? null}, last_error = null, state_changed_at = ${sentAt}
      where ${campaignRecipients.organizationId} = ${organizationId} and ${campaignRecipients.id} = ${row.id} and ${campaignRecipients.state} = 'sending'
      returning ${campaignRecipients.id}, ${campaignRecipients.organizationId}, ${campaignRecipients.personId}, ${campaignRecipients.campaignId}
    )
    insert into ${events} (organization_id, person_id, campaign_id, recipient_id, type, occurred_at, data)
    select moved.organization_id, moved.person_id, moved.campaign_id, moved.id, 'sent', ${sentAt}, ${data}::jsonb
    from moved, ${eventLogSharedLock}`);
};

/** `dueSoon`: a recipient falls due within the minute, or a send is queued or in flight. */
export type DispatchResult = { queued: string[][]; uncertain: number; requeued: number; completed: number; dueSoon: boolean };

/** How many recipients one send job takes, and how many one dispatch pass queues. */
export const sendBatchSize = 50;
export const dispatchLimit = 5_000;
/** The dispatcher comes back every few seconds while there is work; a profile's rate is shared across its passes. */
export const dispatchPassesPerMinute = 10;

/**
 * One pass of the dispatcher, across every organisation:
 * - sends still `sending` long after they started were interrupted: `uncertain`, with an event;
 * - `queued` recipients whose job never started had it lost: back to `scheduled` (nothing was sent);
 * - due recipients of running campaigns move to `queued`, in batches, each batch a send job enqueued
 *   in the same transaction (`enqueue`), so a batch is queued exactly when its job exists;
 * - campaigns with nobody left to send to are completed.
 */
export const dispatchDueRecipients = async (
  db: Db,
  enqueue: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], batch: { organizationId: string; campaignId: string; recipientIds: string[] }) => Promise<void>,
  /** One organisation only (tests that share a database with others; a future "send now"); every one by default. */
  { organizationId }: { organizationId?: string } = {},
): Promise<DispatchResult> => {
  const recipientsInScope = organizationId ? eq(campaignRecipients.organizationId, organizationId) : undefined;
  const campaignsInScope = organizationId ? eq(campaigns.organizationId, organizationId) : undefined;
  const interrupted = await db.transaction(async (tx) => {
    const rows = await tx
      .update(campaignRecipients)
      .set({ state: 'uncertain', stateChangedAt: now() })
      .where(and(recipientsInScope, eq(campaignRecipients.state, 'sending'), lte(campaignRecipients.stateChangedAt, minutesAgo(interruptedAfterMinutes))))
      .returning({ id: campaignRecipients.id, organizationId: campaignRecipients.organizationId, personId: campaignRecipients.personId, campaignId: campaignRecipients.campaignId });
    await appendEvents(
      tx,
      rows.map((row) => ({ organizationId: row.organizationId, personId: row.personId, campaignId: row.campaignId, recipientId: row.id, type: 'delivery_uncertain', occurredAt: now(), data: { reason: 'the send was interrupted after it started; the mail server may have accepted it' } })),
    );
    return rows.length;
  });

  const requeued = (
    await db
      .update(campaignRecipients)
      .set({ state: 'scheduled', stateChangedAt: now() })
      .where(and(recipientsInScope, inArray(campaignRecipients.state, [...statesBefore('requeue')]), lte(campaignRecipients.stateChangedAt, minutesAgo(lostJobAfterMinutes))))
      .returning({ id: campaignRecipients.id })
  ).length;

  const queued = await db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: campaignRecipients.id, organizationId: campaignRecipients.organizationId, campaignId: campaignRecipients.campaignId, sendingProfileId: campaigns.sendingProfileId, ratePerMinute: sendingProfiles.ratePerMinute })
      .from(campaignRecipients)
      .innerJoin(campaigns, and(eq(campaigns.organizationId, campaignRecipients.organizationId), eq(campaigns.id, campaignRecipients.campaignId)))
      .innerJoin(sendingProfiles, eq(sendingProfiles.id, campaigns.sendingProfileId))
      .where(and(recipientsInScope, eq(campaignRecipients.state, 'scheduled'), lte(campaignRecipients.sendAt, now()), inArray(campaigns.status, ['scheduled', 'sending'])))
      .orderBy(campaignRecipients.sendAt)
      .limit(dispatchLimit)
      .for('update', { of: campaignRecipients, skipLocked: true });
    // No more per pass than a profile's rate lets through before the next pass (every few seconds
    // while there is work): the rest wait, scheduled, instead of being queued only to be turned back.
    const taken = new Map<string, number>();
    const due = candidates.filter((row) => {
      const count = taken.get(row.sendingProfileId) ?? 0;
      if (count >= Math.max(1, Math.ceil(row.ratePerMinute / dispatchPassesPerMinute))) return false;
      taken.set(row.sendingProfileId, count + 1);
      return true;
    });
    if (due.length === 0) return [];
    await tx.update(campaignRecipients).set({ state: 'queued', stateChangedAt: now() }).where(inArray(campaignRecipients.id, due.map((row) => row.id)));
    const byCampaign = new Map<string, typeof due>();
    for (const row of due) byCampaign.set(row.campaignId, [...(byCampaign.get(row.campaignId) ?? []), row]);
    const batches: string[][] = [];
    for (const rows of byCampaign.values()) {
      for (let start = 0; start < rows.length; start += sendBatchSize) {
        const batch = rows.slice(start, start + sendBatchSize);
        await enqueue(tx, { organizationId: batch[0]!.organizationId, campaignId: batch[0]!.campaignId, recipientIds: batch.map((row) => row.id) });
        batches.push(batch.map((row) => row.id));
      }
    }
    return batches;
  });

  // Completing a campaign and what depends on it (an initial test completes the organisation's BRA) happen together.
  const completed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(campaigns)
      .set({ status: 'completed', completedAt: now(), updatedAt: now() })
      .where(
        and(
          campaignsInScope,
          inArray(campaigns.status, ['scheduled', 'sending']),
          sql`not exists (select 1 from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaigns.id} and ${campaignRecipients.state} in ('scheduled', 'queued', 'sending'))`,
        ),
      )
      .returning({ id: campaigns.id, organizationId: campaigns.organizationId, kind: campaigns.kind });
    await completeBaselinesOf(tx, rows);
    return rows.length;
  });

  // Come back soon while sends are in flight too: their campaign completes (or their interrupted
  // sends are swept) a few seconds after the last one settles, not at the next minute's pass.
  const [soon] = await db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(
      and(
        recipientsInScope,
        or(and(eq(campaignRecipients.state, 'scheduled'), lte(campaignRecipients.sendAt, minutesFromNow(1))), inArray(campaignRecipients.state, ['queued', 'sending'])),
        inArray(campaigns.status, ['scheduled', 'sending']),
      ),
    )
    .limit(1);

  return { queued, uncertain: interrupted, requeued, completed, dueSoon: soon !== undefined };
};
