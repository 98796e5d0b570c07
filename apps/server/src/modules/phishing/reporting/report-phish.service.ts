import type { ReportPhishBody, ReportPhishResult } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import { AppError } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { scopeOf } from '../../../lib/scope.ts';
import { appendEvents } from '../../events/events.repository.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import { findOwnRecipient, lockRecipientReport } from './report-phish.repository.ts';
import { now } from '../../../lib/clock.ts';

/**
 * A person reports a message. One of their own simulated lures (by recipient id or Message-ID)
 * records `reported` on its campaign: a success. Anything else is recorded as a real report for the
 * security team: a `reported` event with `data.simulation: false`, no campaign, and what identifies
 * the message. A recipient id that is not one of the caller's own lures answers 404: it names a
 * simulation, so it is not a real report, and another person's or organisation's lure stays unconfirmed.
 * @throws AppError NOT_FOUND for a recipient id that is not one of the caller's lures.
 */
export const reportPhish = async (db: Db, tenant: Tenant, body: ReportPhishBody): Promise<ReportPhishResult> => {
  const scope = scopeOf(tenant);
  const reportedAt = now();
  const recipient = await findOwnRecipient(db, scope, tenant.personId, body);
  if (!recipient && body.recipientId) throw new AppError('NOT_FOUND', 'No simulated message with this recipientId was sent to you');
  const base = { organizationId: scope.organizationId, personId: tenant.personId, type: 'reported', occurredAt: reportedAt };
  if (recipient) {
    await recordLureReport(db, scope, { personId: tenant.personId, recipient, occurredAt: reportedAt, via: 'button' });
  } else {
    await appendEvents(db, [{ ...base, data: { simulation: false, ...(body.messageId ? { messageId: body.messageId } : {}), ...(body.subject ? { subject: body.subject } : {}) } }]);
  }
  return { simulation: recipient !== undefined, reportedAt: reportedAt.toISOString() };
};

/**
 * Records that a person reported a simulated lure sent to them: the `reported` event on its
 * campaign, once per recipient (a second report of the same lure, by the button or by forwarding
 * it to the reported-phish mailbox, adds nothing). `via` says how the report came. Pass the
 * transaction that stores what the report came with, so both commit together.
 * @returns whether this call recorded it (false: it was already reported)
 */
export const recordLureReport = async (
  db: Db | Tx,
  scope: OrgScope,
  report: { personId: string; recipient: { id: string; campaignId: string }; occurredAt: Date; via: 'button' | 'mailbox' },
): Promise<boolean> =>
  db.transaction(async (tx) => {
    // The recipient row is locked first, so two reports at the same moment cannot both see none.
    if (await lockRecipientReport(tx, scope, report.recipient.id)) return false;
    await appendEvents(tx, [
      {
        organizationId: scope.organizationId,
        personId: report.personId,
        campaignId: report.recipient.campaignId,
        recipientId: report.recipient.id,
        type: 'reported',
        occurredAt: report.occurredAt,
        data: { simulation: true, ...(report.via === 'mailbox' ? { via: 'mailbox' } : {}) },
      },
    ]);
    return true;
  });
