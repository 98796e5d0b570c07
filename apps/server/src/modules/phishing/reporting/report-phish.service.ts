import type { ReportPhishBody, ReportPhishResult } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { scopeOf } from '../../../lib/scope.ts';
import { appendEvents } from '../../events/events.repository.ts';
import { findOwnRecipient } from './report-phish.repository.ts';
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
    await appendEvents(db, [{ ...base, campaignId: recipient.campaignId, recipientId: recipient.id, data: { simulation: true } }]);
  } else {
    await appendEvents(db, [{ ...base, data: { simulation: false, ...(body.messageId ? { messageId: body.messageId } : {}), ...(body.subject ? { subject: body.subject } : {}) } }]);
  }
  return { simulation: recipient !== undefined, reportedAt: reportedAt.toISOString() };
};
