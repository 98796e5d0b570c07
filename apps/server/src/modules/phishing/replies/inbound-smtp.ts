import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Db } from '@vigil/db';
import { type RateLimit, hitRateLimit, isOverRateLimit } from '../../../lib/rate-limit.ts';
import { trackingTokenHash } from '../tracking/tracking-links.ts';
import { isAutomaticReply } from './auto-reply.ts';
import { type ReplyRecipient, findReplyRecipient, recordReply } from './replies.repository.ts';
import { tokenOfReplyAddress } from './reply-address.ts';

/** Unknown recipients per sending address: a mail server with a stale address never comes close; a guesser is slowed. */
export const inboundUnknownRecipientLimit: RateLimit = { max: 20, windowSeconds: 600 };
/** The largest reply taken (it is counted and dropped, never kept): a reply with attachments fits. */
export const inboundMessageByteLimit = 25 * 1024 * 1024;
/** How much of a reply's beginning is read for its headers (an auto-reply's marks are there). */
const headerByteLimit = 64 * 1024;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

export type InboundSmtpOptions = { db: Db; port: number; host: string; log: FastifyBaseLogger };

/**
 * The inbound SMTP listener for reply lures (INBOUND_SMTP_PORT). It takes mail only for reply
 * addresses (`local+<code>@domain`, reply-address.ts) of sent reply lures, records `replied` in the
 * recipient's organisation with the reply's size and time, and drops the message as it streams by:
 * no body, attachment or header is ever stored or logged. A machine's answer (out of office, bounce)
 * is taken and not counted. Unknown addresses are refused with 550 and count towards a per-address
 * limit kept in the database; over it, every recipient waits (450), so guessing needs more than patience.
 * @returns the port it listens on, and close
 */
export const startInboundSmtp = async ({ db, port, host, log }: InboundSmtpOptions) => {
  const accepted = new WeakMap<SMTPServerSession, ReplyRecipient[]>();
  const limitKey = (session: SMTPServerSession) => `inbound-smtp-unknown:${session.remoteAddress}`;

  const server = new SMTPServer({
    name: 'vigil-inbound',
    banner: 'Vigil reply listener',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: inboundMessageByteLimit,
    logger: false,
    // Each message of a connection names its own recipients.
    onMailFrom(_address, session, callback) {
      accepted.delete(session);
      callback();
    },
    onRcptTo(address, session, callback) {
      const check = async () => {
        if (await isOverRateLimit(db, limitKey(session), inboundUnknownRecipientLimit)) {
          throw smtpError(450, '4.7.1 Too many unknown recipients from your address; try again later');
        }
        const token = tokenOfReplyAddress(address.address);
        const recipient = token ? await findReplyRecipient(db, trackingTokenHash(token)) : undefined;
        if (!recipient) {
          await hitRateLimit(db, limitKey(session), inboundUnknownRecipientLimit);
          throw smtpError(550, '5.1.1 No such recipient here');
        }
        accepted.set(session, [...(accepted.get(session) ?? []).filter((known) => known.id !== recipient.id), recipient]);
      };
      check().then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      let size = 0;
      let head = '';
      let headComplete = false;
      // Only the size is counted and the header section read; every chunk is dropped as it passes.
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (!headComplete) {
          head += chunk.toString('latin1');
          const end = head.search(/\r?\n\r?\n/);
          if (end >= 0 || head.length >= headerByteLimit) {
            head = head.slice(0, end >= 0 ? end : headerByteLimit);
            headComplete = true;
          }
        }
      });
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 Message too big'));
        const recipients = accepted.get(session) ?? [];
        accepted.delete(session);
        const mailFrom = session.envelope.mailFrom;
        if (isAutomaticReply(head, mailFrom ? mailFrom.address : undefined)) {
          log.info({ recipients: recipients.map((recipient) => recipient.id) }, 'an automatic answer to a reply lure was taken and not counted');
          return callback(null, 'Message accepted');
        }
        const at = new Date();
        Promise.all(recipients.map((recipient) => recordReply(db, recipient, { size, at })))
          .then(() => callback(null, 'Message accepted'))
          .catch((error: unknown) => {
            log.error({ err: error }, 'a reply to a reply lure could not be recorded');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          });
      });
    },
    onClose(session) {
      accepted.delete(session);
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
