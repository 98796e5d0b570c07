import nodemailer from 'nodemailer';
import { randomId } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { outboxMessages } from '../schema/index.ts';
import { type TwilioOptions, sendWithTwilio } from './twilio.ts';

/** `attachments` go with an email sent over SMTP; the outbox keeps the text only and names them. */
export type OutgoingMessage = { channel: string; to: string; subject: string; text: string; html?: string; attachments?: readonly { filename: string; content: Buffer; contentType: string }[] };
export type Delivery = { send: (message: OutgoingMessage) => Promise<void> };

/**
 * Email goes through SMTP when an SMTP URL is configured; SMS, voice and WhatsApp through a
 * Twilio-compatible API when one is. Everything else (and everything in a deployment with neither)
 * lands in the operator outbox, so a demo works with no outside service.
 */
export const createDelivery = (
  db: AuthDb,
  options: { smtpUrl?: string; mailFrom: string; twilio?: TwilioOptions },
): Delivery & { close: () => void } => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    send: async (message) => {
      if (message.channel === 'email' && transport) {
        await transport.sendMail({ from: options.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments?.map((file) => ({ ...file })) });
        return;
      }
      if (options.twilio && (message.channel === 'sms' || message.channel === 'voice' || message.channel === 'whatsapp')) {
        await sendWithTwilio(options.twilio, message.channel, message.to, message.text);
        return;
      }
      await db.insert(outboxMessages).values({
        id: randomId('M'),
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.attachments?.length ? `${message.text}\n\n(Attached: ${message.attachments.map((file) => file.filename).join(', ')})` : message.text,
      });
    },
    close: () => transport?.close(),
  };
};
