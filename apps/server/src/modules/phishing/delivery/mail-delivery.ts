/**
 * How a simulated message leaves Vigil. Campaigns talk only to this interface: SMTP today, direct
 * injection into Microsoft 365 or Google Workspace mailboxes later, without touching campaigns.
 */
export type OutgoingAttachment = Readonly<{ fileName: string; contentType: string; content: Buffer }>;

export type OutgoingMail = Readonly<{
  /** The organisation the mail is sent for (delivery may pick credentials by it). */
  organizationId: string;
  /** The sending profile (of that organisation) the SMTP delivery sends through. */
  sendingProfileId: string;
  from: { name: string; address: string };
  replyTo?: string;
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  attachments?: readonly OutgoingAttachment[];
  /** Extra headers, such as the organisation's filter allow-list header. Never CR or LF in a value. */
  headers?: Readonly<Record<string, string>>;
  /** A stable id per recipient, so a receiving server (and our logs) can tell a resend. */
  messageId: string;
}>;

export type DeliveryReceipt = Readonly<{ messageId: string; response: string }>;

/** Why a message did not go, for the admin and for deciding what to do next. */
export type DeliveryFailureReason =
  /** The outbound guard refused the host's address (private, metadata…). */
  | 'refused-address'
  /** No connection: refused, reset, or the name did not resolve. */
  | 'connection'
  | 'timeout'
  /** The TLS handshake failed (certificate, version, no STARTTLS). */
  | 'tls'
  /** The server refused the profile's credentials. */
  | 'auth'
  /** The server answered the message or a recipient with a refusal. */
  | 'rejected'
  /** The message itself cannot be sent (a line break in a header, a bad address); nothing was sent. */
  | 'invalid-message'
  /** The sending profile is gone, archived, or its password cannot be opened. */
  | 'profile-unavailable'
  | 'other';

export type DeliveryFailure = Readonly<{ reason: DeliveryFailureReason; /** What the server answered, when it did. */ smtpResponse?: string }>;

/** The receiving side refused for now (busy, greylisting, a 4xx): try again later. */
export class TemporaryDeliveryError extends Error {
  override readonly name = 'TemporaryDeliveryError';

  constructor(
    message: string,
    readonly failure: DeliveryFailure = { reason: 'other' },
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The receiving side refused for good (unknown mailbox, a 5xx, a bad address): do not retry. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';

  constructor(
    message: string,
    readonly failure: DeliveryFailure = { reason: 'other' },
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type MailDelivery = Readonly<{
  /**
   * Hands one message to the receiving side.
   * @throws TemporaryDeliveryError or PermanentDeliveryError; anything else is treated as temporary.
   */
  send: (mail: OutgoingMail) => Promise<DeliveryReceipt>;
  /** Closes pooled connections (shutdown). */
  close: () => Promise<void>;
}>;
