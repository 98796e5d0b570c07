import { TwilioError, sendWithTwilio } from '@vigil/auth-provider';
import { outboxMessages } from '@vigil/auth-provider/schema';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { type DeliveryReceipt, PermanentDeliveryError, TemporaryDeliveryError } from './mail-delivery.ts';

/**
 * How a simulated text message (an SMS lure) leaves Vigil, beside MailDelivery for mail: through a
 * Twilio-speaking API when TWILIO_* is configured, otherwise into the operator outbox, where a
 * superadmin reads it at GET /api/outbox/.
 */
export type OutgoingText = Readonly<{
  organizationId: string;
  /** The person's phone number, E.164. */
  to: string;
  body: string;
  /** The campaign recipient it is for: one outbox row per recipient, found by the organisation's outbox listing. */
  recipientId: string;
}>;

export type MessageDelivery = Readonly<{
  /**
   * Hands one text to the provider.
   * @throws TemporaryDeliveryError or PermanentDeliveryError; anything else is treated as temporary.
   */
  send: (text: OutgoingText) => Promise<DeliveryReceipt>;
}>;

/** An outbox row of a text lure is named after its recipient (the provider's own rows start with M). */
export const lureOutboxIdPrefix = 'lure-sms:';
export const lureOutboxId = (recipientId: string) => `${lureOutboxIdPrefix}${recipientId}`;

/** Twilio's answer, as the campaign's send step reads failures: busy or throttled is temporary, a refused number or account is final. */
const deliveryErrorOf = (error: unknown) => {
  if (error instanceof TwilioError) {
    if (error.status === 429 || error.status >= 500) return new TemporaryDeliveryError(error.message, { reason: 'rejected' }, { cause: error });
    return new PermanentDeliveryError(error.message, { reason: error.status === 401 || error.status === 403 ? 'auth' : 'rejected' }, { cause: error });
  }
  const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new TemporaryDeliveryError(`The SMS service could not be reached: ${error instanceof Error ? error.message : String(error)}`, { reason: timeout ? 'timeout' : 'connection' }, { cause: error });
};

/** The process's text delivery: Twilio's Messages API with the TWILIO_* settings, or the operator outbox without them. */
export const createMessageDelivery = (db: Db, config: Pick<Config, 'twilio'>): MessageDelivery => {
  const { twilio } = config;
  if (twilio) {
    return {
      send: async (text) => {
        const sid = await sendWithTwilio(twilio, 'sms', text.to, text.body).catch((error: unknown) => {
          throw deliveryErrorOf(error);
        });
        return { messageId: sid ?? lureOutboxId(text.recipientId), response: 'queued by Twilio' };
      },
    };
  }
  return {
    send: async (text) => {
      const id = lureOutboxId(text.recipientId);
      await db.insert(outboxMessages).values({ id, channel: 'sms', recipient: text.to, subject: 'Simulated phishing text', body: text.body }).onConflictDoNothing();
      return { messageId: id, response: 'kept in the operator outbox (no SMS service is configured)' };
    },
  };
};
