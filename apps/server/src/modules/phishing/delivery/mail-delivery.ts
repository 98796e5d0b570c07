/**
 * How a simulated message leaves Vigil. Campaigns talk only to this interface: SMTP today, direct
 * injection into Microsoft 365 or Google Workspace mailboxes later, without touching campaigns.
 */
export type OutgoingAttachment = Readonly<{ fileName: string; contentType: string; content: Buffer }>;

export type OutgoingMail = Readonly<{
  /** The organisation the mail is sent for (delivery may pick credentials by it). */
  organizationId: string;
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

/** The receiving side refused for now (busy, greylisting, a 4xx): try again later. */
export class TemporaryDeliveryError extends Error {
  override readonly name = 'TemporaryDeliveryError';
}

/** The receiving side refused for good (unknown mailbox, a 5xx, a bad address): do not retry. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
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
