import nodemailer from 'nodemailer';
import { randomId } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { outboxMessages } from '../schema/index.ts';

export type OutgoingMessage = { channel: string; to: string; subject: string; text: string; html?: string };
export type Delivery = { send: (message: OutgoingMessage) => Promise<void> };

/**
 * Email goes through SMTP when an SMTP URL is configured; everything else (and email without SMTP)
 * lands in the operator outbox, so a demo works with no outside service.
 */
export const createDelivery = (db: AuthDb, options: { smtpUrl?: string; mailFrom: string }): Delivery & { close: () => void } => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    send: async (message) => {
      if (message.channel === 'email' && transport) {
        await transport.sendMail({ from: options.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
        return;
      }
      await db.insert(outboxMessages).values({
        id: randomId('M'),
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.text,
      });
    },
    close: () => transport?.close(),
  };
};
