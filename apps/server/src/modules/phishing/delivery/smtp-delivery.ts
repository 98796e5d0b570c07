import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { filterHeaderName, personEmailSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { readFilterHeaderSecret } from '../sending-profiles/phishing-settings.service.ts';
import { type SendingProfileForDelivery, findSendingProfileForDelivery } from '../sending-profiles/sending-profiles.service.ts';
import { type DeliveryReceipt, type MailDelivery, type OutgoingMail, PermanentDeliveryError } from './mail-delivery.ts';
import { connectThroughGuard } from './outbound-guard.ts';
import { deliveryErrorOf } from './smtp-failure.ts';

/**
 * MailDelivery over SMTP, through the organisation's sending profiles.
 *
 * - One pooled transport per profile (up to 5 connections), rebuilt when the profile changes. Only
 *   open connections live in this process; everything that decides what is sent is in the database.
 * - Every connection goes through the outbound guard (`getSocket`): resolved, every address checked,
 *   the socket opened to a checked address; TLS still verifies the certificate against the host name.
 * - The profile's password is opened from its sealed form when the transport is built, and never logged
 *   (nodemailer's own logger is off).
 * - Each message carries `X-Vigil-Simulation: <the organisation's secret>`, so the organisation's mail
 *   filter can let simulations through, and the Message-ID the caller chose, so a resend is recognisable.
 * - A header value with CR or LF, or a bad address, is a PermanentDeliveryError before any connection.
 *
 * The per-profile rate limit is not here: `send` never waits. The send job asks `takeSendSlot`
 * (send-slots.ts) before it claims a recipient, and reschedules the recipient when there is no slot,
 * so waiting costs neither a worker nor an attempt.
 */

/** Connections per profile: enough to keep a relay busy, few enough not to look like an attack. */
const maxConnections = 5;

export type SmtpDeliveryOptions = {
  /** How long to wait for a connection, and then for the greeting (default 15 s each). */
  connectTimeoutMs?: number;
  /** Inactivity on an open connection (default 60 s). */
  socketTimeoutMs?: number;
  /** Pool connections (default); a one-off test email uses a single connection instead. */
  pooled?: boolean;
};

const lineBreak = /[\r\n]/;
const messageIdPattern = /^<[^<>\s@]+@[^<>\s@]+>$/;

/** The domain of an address, for Message-IDs made from a bare id. */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/**
 * Refuses what must never reach an SMTP server: a line break in any header (it would add headers
 * or recipients), an address that is not one.
 * @throws PermanentDeliveryError (invalid-message) naming the field
 */
export const checkOutgoingMail = (mail: OutgoingMail) => {
  const invalid = (field: string, problem: string) => new PermanentDeliveryError(`${field} ${problem}`, { reason: 'invalid-message' });
  const oneLine: [string, string | undefined][] = [
    ['from.name', mail.from.name],
    ['from.address', mail.from.address],
    ['to.name', mail.to.name],
    ['to.address', mail.to.address],
    ['replyTo', mail.replyTo],
    ['subject', mail.subject],
    ['messageId', mail.messageId],
    ...Object.entries(mail.headers ?? {}).flatMap(([name, value]): [string, string][] => [
      [`headers name ${JSON.stringify(name)}`, name],
      [`headers.${name}`, value],
    ]),
    ...(mail.attachments ?? []).flatMap((attachment, index): [string, string][] => [
      [`attachments[${index}].fileName`, attachment.fileName],
      [`attachments[${index}].contentType`, attachment.contentType],
    ]),
  ];
  for (const [field, value] of oneLine) if (value !== undefined && lineBreak.test(value)) throw invalid(field, 'must not contain CR or LF');
  for (const [field, address] of [['from.address', mail.from.address], ['to.address', mail.to.address], ['replyTo', mail.replyTo]] as const) {
    if (address !== undefined && !personEmailSchema.safeParse(address).success) throw invalid(field, 'is not a valid email address');
  }
  for (const name of Object.keys(mail.headers ?? {})) {
    if (!/^[!-9;-~]+$/.test(name)) throw invalid(`headers name ${JSON.stringify(name)}`, 'is not a valid header name');
  }
};

/** `<id@domain>` as given, or made from a bare id with the sender's domain: stable either way. */
export const messageIdHeader = (mail: OutgoingMail) => {
  if (messageIdPattern.test(mail.messageId)) return mail.messageId;
  const bare = mail.messageId.replace(/^<|>$/g, '');
  return bare.includes('@') ? `<${bare}>` : `<${bare}@${domainOf(mail.from.address)}>`;
};

const transportOptions = (profile: SendingProfileForDelivery, password: string | undefined, config: Pick<Config, 'outboundAllowedHosts'>, options: Required<SmtpDeliveryOptions>): SMTPPool.Options => ({
  pool: true,
  maxConnections: options.pooled ? maxConnections : 1,
  host: profile.host,
  port: profile.port,
  secure: profile.security === 'tls',
  requireTLS: profile.security === 'starttls',
  ignoreTLS: profile.security === 'none',
  // An IP address has no name for the certificate; a name is checked against it (nodemailer's default).
  ...(isIP(profile.host) ? {} : { tls: { servername: profile.host } }),
  auth: profile.username ? { user: profile.username, pass: password ?? '' } : undefined,
  connectionTimeout: options.connectTimeoutMs,
  greetingTimeout: options.connectTimeoutMs,
  socketTimeout: options.socketTimeoutMs,
  logger: false,
  debug: false,
  // Messages carry their content; nothing may make nodemailer read a file or fetch a URL.
  disableFileAccess: true,
  disableUrlAccess: true,
  getSocket: (_options, callback) => {
    connectThroughGuard({ host: profile.host, port: profile.port, allowedHosts: config.outboundAllowedHosts }, { timeoutMs: options.connectTimeoutMs }).then(
      (socket) => callback(null, { connection: socket }),
      (error: Error) => callback(error, undefined),
    );
  },
});

/**
 * A MailDelivery that sends each message through the sending profile it names
 * (`mail.sendingProfileId`, of `mail.organizationId`).
 */
export const createMailDeliveryFor = (db: Db, secrets: SecretBox, config: Pick<Config, 'outboundAllowedHosts'>, options: SmtpDeliveryOptions = {}): MailDelivery => {
  const settings: Required<SmtpDeliveryOptions> = { connectTimeoutMs: 15_000, socketTimeoutMs: 60_000, pooled: true, ...options };
  // Per profile: the transport and the profile version it was built from.
  const transports = new Map<string, { version: number; transport: Transporter<SMTPPool.SentMessageInfo> }>();

  const transportFor = (profile: SendingProfileForDelivery) => {
    const version = profile.updatedAt.getTime();
    const cached = transports.get(profile.id);
    if (cached?.version === version) return cached.transport;
    cached?.transport.close();
    let password: string | undefined;
    try {
      password = profile.passwordSealed === null ? undefined : secrets.open(profile.passwordSealed);
    } catch (error) {
      throw new PermanentDeliveryError('The sending profile’s password cannot be opened (was AUTH_SECRET changed?); set it again', { reason: 'profile-unavailable' }, { cause: error });
    }
    const transport = nodemailer.createTransport(transportOptions(profile, password, config, settings));
    transports.set(profile.id, { version, transport });
    return transport;
  };

  return {
    send: async (mail: OutgoingMail): Promise<DeliveryReceipt> => {
      checkOutgoingMail(mail);
      const scope = { organizationId: mail.organizationId };
      const profile = await findSendingProfileForDelivery(db, scope, mail.sendingProfileId);
      if (!profile) throw new PermanentDeliveryError('The sending profile does not exist or is archived', { reason: 'profile-unavailable' });
      const filterSecret = await readFilterHeaderSecret(db, secrets, scope);
      const messageId = messageIdHeader(mail);
      const transport = transportFor(profile);
      const ownHeaders = Object.entries(mail.headers ?? {}).filter(([name]) => name.toLowerCase() !== filterHeaderName.toLowerCase());
      try {
        const info = await transport.sendMail({
          from: { name: mail.from.name, address: mail.from.address },
          to: { name: mail.to.name, address: mail.to.address },
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: mail.attachments?.map((attachment) => ({ filename: attachment.fileName, contentType: attachment.contentType, content: attachment.content })),
          messageId,
          // A message's own headers can neither replace nor repeat the filter header.
          headers: { ...Object.fromEntries(ownHeaders), [filterHeaderName]: filterSecret },
        });
        return { messageId, response: info.response };
      } catch (error) {
        throw deliveryErrorOf(error);
      }
    },
    close: async () => {
      for (const { transport } of transports.values()) transport.close();
      transports.clear();
    },
  };
};
