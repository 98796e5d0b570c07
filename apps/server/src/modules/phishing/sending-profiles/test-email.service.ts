import { randomUUID } from 'node:crypto';
import type { TestEmailProblem, TestEmailResult } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { type DeliveryFailureReason, PermanentDeliveryError, TemporaryDeliveryError } from '../delivery/mail-delivery.ts';
import { createMailDeliveryFor } from '../delivery/smtp-delivery.ts';
import { findProfileForTest } from './sending-profiles.service.ts';

export type TestEmailSettings = { secrets: SecretBox; config: Pick<Config, 'outboundAllowedHosts'> };

// An admin waits for the answer: give up sooner than a campaign send would.
const testTimeouts = { connectTimeoutMs: 10_000, socketTimeoutMs: 20_000, pooled: false };

const problemOf = (reason: DeliveryFailureReason): TestEmailProblem =>
  reason === 'invalid-message' || reason === 'profile-unavailable' ? 'other' : reason;

/**
 * Sends a real test email through the profile as saved, to `to` (default: the caller), and answers
 * what the server said, or why it did not go (refused by the outbound guard, no connection, TLS,
 * authentication, refused by the server) with the server's answer. Audited with the outcome.
 * @throws AppError FORBIDDEN (not an admin), NOT_FOUND, CONFLICT (archived).
 */
export const sendTestEmail = async (db: Db, tenant: Tenant, id: string, to: string | undefined, settings: TestEmailSettings, origin: RequestOrigin): Promise<TestEmailResult> => {
  const profile = await findProfileForTest(db, tenant, id);
  const recipient = to ?? tenant.email;
  const delivery = createMailDeliveryFor(db, settings.secrets, settings.config, testTimeouts);
  let result: TestEmailResult;
  try {
    const receipt = await delivery.send({
      organizationId: tenant.organizationId,
      sendingProfileId: profile.id,
      from: { name: profile.fromName, address: profile.fromAddress },
      ...(profile.replyTo ? { replyTo: profile.replyTo } : {}),
      to: { name: '', address: recipient },
      subject: `Vigil test email: ${profile.name}`,
      text: `This is a test email from Vigil, sent through the sending profile "${profile.name}" (${profile.host}:${profile.port}). If it reached the inbox, simulated phishing emails sent through this profile will too.`,
      html: `<p>This is a test email from Vigil, sent through the sending profile <strong>${escapeHtml(profile.name)}</strong> (${escapeHtml(profile.host)}:${profile.port}).</p><p>If it reached the inbox, simulated phishing emails sent through this profile will too.</p>`,
      messageId: `test-${randomUUID()}`,
    });
    result = { delivered: true, to: recipient, messageId: receipt.messageId, smtpResponse: receipt.response };
  } catch (error) {
    if (!(error instanceof PermanentDeliveryError || error instanceof TemporaryDeliveryError)) throw error;
    result = { delivered: false, to: recipient, problem: problemOf(error.failure.reason), message: error.message, smtpResponse: error.failure.smtpResponse ?? null };
  } finally {
    await delivery.close();
  }
  await recordAudit(db, tenant, {
    action: 'sending-profile.test',
    targetType: 'sending-profile',
    targetId: profile.id,
    details: { to: recipient, delivered: result.delivered, ...(result.delivered ? {} : { problem: result.problem }) },
    ...origin,
  });
  return result;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
