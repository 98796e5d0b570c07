import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';

/**
 * The reported-phish mailbox of an organisation (one at most): the IMAP mailbox people forward
 * suspicious mail to. Every secret (the password, Microsoft's client secret, Google's service
 * account key) is sealed with the application secret and never answered. `uidValidity` and
 * `lastUid` remember how far the poll has read, so no message is read twice.
 */
export const phishMailboxes = pgTable('phish_mailboxes', {
  id: uuid().primaryKey().defaultRandom(),
  organizationId: tenantOwnerColumn().unique(),
  host: text().notNull(),
  port: integer().notNull(),
  /** `tls` (implicit, port 993), `starttls` (required upgrade), `none` (loopback or test servers only). */
  tlsMode: text().notNull(),
  username: text().notNull(),
  folder: text().notNull().default('INBOX'),
  /** `password`, `microsoft` (Entra client credentials) or `google` (service account with domain-wide delegation). */
  authMethod: text().notNull(),
  passwordSealed: text(),
  microsoftTenantId: text(),
  microsoftClientId: text(),
  microsoftClientSecretSealed: text(),
  /** The service account's address, from its key, to show which account is used. */
  googleClientEmail: text(),
  googleKeySealed: text(),
  /** `move`: \Seen and moved to `processedFolder`; `flag`: \Seen and \Flagged, left where it is. */
  processedAction: text().notNull().default('move'),
  processedFolder: text().notNull().default('Vigil processed'),
  thankReporters: boolean().notNull().default(true),
  enabled: boolean().notNull().default(true),
  /** UIDVALIDITY of `folder` when `lastUid` was read (a bigint as text); another value means the folder was rebuilt. */
  uidValidity: text(),
  lastUid: integer().notNull().default(0),
  lastPolledAt: timestamp({ withTimezone: true }),
  lastSuccessAt: timestamp({ withTimezone: true }),
  lastError: text(),
  /** A poll holds the mailbox until then: several workers never read one mailbox at once, and a crashed poll's hold runs out. */
  pollLeaseUntil: timestamp({ withTimezone: true }),
  /** Which poll holds it: a poll whose hold ran out and was taken can no longer save a read position or end the other's poll. */
  pollLeaseId: uuid(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One message found in the reported-phish mailbox. A forwarded simulation (`kind = simulation`)
 * names its campaign recipient; anything else (`suspicious`) waits for an admin's verdict. Only
 * what triage needs is kept: addresses, subject, the links with their hosts, each attachment's
 * name, type, size and SHA-256 (never its content) and a short plain-text excerpt of the body.
 */
export const reportedMessages = pgTable(
  'reported_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    /** Where it was read: the folder's UIDVALIDITY and the message's UID, unique, so a retried poll stores it once. */
    mailboxUidValidity: text().notNull(),
    mailboxUid: integer().notNull(),
    kind: text().notNull(),
    /** The report's own Message-ID: with `reportedAt`, it recognises a message read again after its folder's UIDVALIDITY changed. */
    reportMessageId: text(),
    /** The From of the report, as written; only a verified one (`reporterVerified`) names a person, counts and is thanked. */
    reporterEmail: text().notNull(),
    /** The receiving mail server vouched for the reporter's address (DMARC or aligned DKIM pass, or Exchange's own user). */
    reporterVerified: boolean().notNull().default(false),
    reporterPersonId: uuid(),
    senderAddress: text(),
    senderName: text(),
    subject: text().notNull().default(''),
    /** When the reported message itself was sent (its Date), or when the report arrived when it has none. */
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** When the report reached the mailbox. */
    reportedAt: timestamp({ withTimezone: true }).notNull(),
    links: jsonb().$type<{ url: string; host: string }[]>().notNull().default([]),
    attachments: jsonb().$type<{ name: string; contentType: string; size: number; sha256: string }[]>().notNull().default([]),
    excerpt: text().notNull().default(''),
    campaignRecipientId: uuid(),
    /** Whether this message wrote the recipient's `reported` event (the first report of a lure by its own recipient). */
    countedAsReport: boolean().notNull().default(false),
    /** `pending`, `safe`, `spam` or `phishing` for suspicious mail; null for simulations, which need none. */
    verdict: text(),
    verdictByPersonId: uuid(),
    verdictAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.organizationId, t.mailboxUidValidity, t.mailboxUid),
    uniqueIndex()
      .on(t.organizationId, t.reportMessageId, t.reportedAt)
      .where(sql`${t.reportMessageId} is not null`),
    index().on(t.organizationId, t.reportedAt, t.id),
    index()
      .on(t.organizationId, t.verdict)
      .where(sql`${t.verdict} is not null`),
  ],
);

export type PhishMailboxRow = typeof phishMailboxes.$inferSelect;
export type ReportedMessageRow = typeof reportedMessages.$inferSelect;
export type NewReportedMessage = typeof reportedMessages.$inferInsert;
