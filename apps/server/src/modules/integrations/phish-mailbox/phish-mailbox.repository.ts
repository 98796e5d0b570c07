import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Db,
  type NewReportedMessage,
  type PhishMailboxRow,
  type Tx,
  campaignRecipients,
  people,
  phishMailboxes,
  reportedMessages,
} from '@vigil/db';
import { afterKey } from '../../../lib/keyset.ts';
import type { OrgScope } from '../../../lib/scope.ts';

export type MailboxValues = Omit<typeof phishMailboxes.$inferInsert, 'id' | 'organizationId' | 'createdAt' | 'pollLeaseId'>;

/** How long a poll holds its mailbox without a sign of life: each message read renews it, so a crashed worker's hold soon runs out. */
const pollLeaseSeconds = 300;

/** One poll's hold on its mailbox: the id it wrote when it claimed the mailbox. */
export type PollLease = { mailboxId: string; id: string };

/** The poll's hold ran out and another poll took the mailbox: this one must stop and leave everything to it. */
export class PollLeaseLost extends Error {
  constructor() {
    super('Another poll took the mailbox');
    this.name = 'PollLeaseLost';
  }
}

const leaseEnd = (now: Date) => new Date(now.getTime() + pollLeaseSeconds * 1000);

/** The organisation's mailbox settings and what was found in it: the only file touching these tables. */
export const phishMailboxRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrg = eq(phishMailboxes.organizationId, scope.organizationId);
  const messagesInOrg = eq(reportedMessages.organizationId, scope.organizationId);
  const reporter = alias(people, 'reporter');
  const judge = alias(people, 'judge');

  const listedMessage = {
    message: reportedMessages,
    sortKey: sql<string>`${reportedMessages.reportedAt}::text`,
    reporterFirstName: reporter.firstName,
    reporterLastName: reporter.lastName,
    judgeFirstName: judge.firstName,
    judgeLastName: judge.lastName,
  };
  const selectMessages = () =>
    db
      .select(listedMessage)
      .from(reportedMessages)
      .leftJoin(reporter, and(eq(reporter.organizationId, scope.organizationId), eq(reporter.id, reportedMessages.reporterPersonId)))
      .leftJoin(judge, eq(judge.id, reportedMessages.verdictByPersonId));

  return {
    find: async (): Promise<PhishMailboxRow | undefined> => (await db.select().from(phishMailboxes).where(inOrg).limit(1))[0],

    /** Saves the settings; a changed server, account or folder starts reading afresh (the old UIDs mean nothing there). */
    upsert: async (values: MailboxValues) =>
      (
        await db
          .insert(phishMailboxes)
          .values({ ...values, organizationId: scope.organizationId })
          .onConflictDoUpdate({ target: phishMailboxes.organizationId, set: { ...values, updatedAt: sql`now()` } })
          .returning()
      )[0]!,

    remove: async () => (await db.delete(phishMailboxes).where(inOrg).returning({ id: phishMailboxes.id })).length > 0,

    /**
     * Takes the mailbox for one poll, unless another poll holds it (or it is off).
     * @returns the settings and the poll's lease, or undefined when another worker is reading it
     */
    claimForPoll: async (now: Date): Promise<{ mailbox: PhishMailboxRow; lease: PollLease } | undefined> => {
      const [mailbox] = await db
        .update(phishMailboxes)
        .set({ pollLeaseId: sql`gen_random_uuid()`, pollLeaseUntil: leaseEnd(now), lastPolledAt: now })
        .where(and(inOrg, eq(phishMailboxes.enabled, true), or(isNull(phishMailboxes.pollLeaseUntil), lt(phishMailboxes.pollLeaseUntil, now))))
        .returning();
      return mailbox ? { mailbox, lease: { mailboxId: mailbox.id, id: mailbox.pollLeaseId! } } : undefined;
    },

    /**
     * Remembers how far the poll has read and renews its hold, only while the poll still holds the
     * mailbox; the position never goes back within one UIDVALIDITY.
     * @throws PollLeaseLost when another poll has taken the mailbox
     */
    saveReadPosition: async (lease: PollLease, uidValidity: string, lastUid: number, now: Date) => {
      const saved = await db
        .update(phishMailboxes)
        .set({
          uidValidity,
          lastUid: sql`case when ${phishMailboxes.uidValidity} = ${uidValidity} then greatest(${phishMailboxes.lastUid}, ${lastUid}) else ${lastUid} end`,
          pollLeaseUntil: leaseEnd(now),
        })
        .where(and(inOrg, eq(phishMailboxes.id, lease.mailboxId), eq(phishMailboxes.pollLeaseId, lease.id)))
        .returning({ id: phishMailboxes.id });
      if (saved.length === 0) throw new PollLeaseLost();
    },

    /**
     * Ends a poll: the hold is let go, with how it went; a poll whose hold another took changes nothing.
     * @returns whether the poll still held the mailbox
     */
    finishPoll: async (lease: PollLease, outcome: { at: Date; error: string | null }) =>
      (
        await db
          .update(phishMailboxes)
          .set({ pollLeaseId: null, pollLeaseUntil: null, lastError: outcome.error, ...(outcome.error === null ? { lastSuccessAt: outcome.at } : {}) })
          .where(and(inOrg, eq(phishMailboxes.id, lease.mailboxId), eq(phishMailboxes.pollLeaseId, lease.id)))
          .returning({ id: phishMailboxes.id })
      ).length > 0,

    /**
     * Stores a message once: a retried poll finds its UID stored, and a folder read again after its
     * UIDVALIDITY changed finds its Message-ID and arrival time stored.
     * @returns the row, or undefined when it was already there
     */
    insertMessage: async (values: Omit<NewReportedMessage, 'id' | 'organizationId' | 'createdAt'>) =>
      (
        await db
          .insert(reportedMessages)
          .values({ ...values, organizationId: scope.organizationId })
          .onConflictDoNothing()
          .returning()
      )[0],

    listMessages: async (filter: { kind?: string; verdict?: string }, after: [string, string] | undefined, limit: number) =>
      selectMessages()
        .where(
          and(
            messagesInOrg,
            filter.kind ? eq(reportedMessages.kind, filter.kind) : undefined,
            filter.verdict ? eq(reportedMessages.verdict, filter.verdict) : undefined,
            after ? afterKey([reportedMessages.reportedAt, reportedMessages.id], after, 'desc') : undefined,
          ),
        )
        .orderBy(desc(reportedMessages.reportedAt), desc(reportedMessages.id))
        .limit(limit),

    findMessage: async (id: string) => (await selectMessages().where(and(messagesInOrg, eq(reportedMessages.id, id))).limit(1))[0],

    setVerdict: async (id: string, verdict: string, personId: string, at: Date) =>
      (
        await db
          .update(reportedMessages)
          .set({ verdict, verdictByPersonId: personId, verdictAt: at })
          .where(and(messagesInOrg, eq(reportedMessages.id, id)))
          .returning({ id: reportedMessages.id })
      )[0],

    markCountedAsReport: async (id: string) => {
      await db.update(reportedMessages).set({ countedAsReport: true }).where(and(messagesInOrg, eq(reportedMessages.id, id)));
    },

    countPending: async () =>
      (await db.select({ count: sql<number>`count(*)::int` }).from(reportedMessages).where(and(messagesInOrg, eq(reportedMessages.verdict, 'pending'))))[0]?.count ?? 0,

    /** The organisation's person with this address (active or not), for the reporter and the thank-you. */
    findPersonByEmail: async (email: string) =>
      (
        await db
          .select({ id: people.id, email: people.email, firstName: people.firstName, isActive: people.isActive, preferredLanguage: people.preferredLanguage })
          .from(people)
          .where(and(eq(people.organizationId, scope.organizationId), sql`lower(${people.email}) = ${email.toLowerCase()}`))
          .limit(1)
      )[0],

    /** Lures of this organisation by their tracking tokens' hashes. */
    recipientsByTokenHash: async (hashes: readonly string[]) =>
      hashes.length === 0
        ? []
        : db
            .select({ id: campaignRecipients.id, campaignId: campaignRecipients.campaignId, personId: campaignRecipients.personId })
            .from(campaignRecipients)
            .where(and(eq(campaignRecipients.organizationId, scope.organizationId), inArray(campaignRecipients.tokenHash, [...hashes]))),

    /** The lure of this organisation that was sent with exactly this Message-ID. */
    recipientByMessageId: async (recipientId: string, messageId: string) =>
      (
        await db
          .select({ id: campaignRecipients.id, campaignId: campaignRecipients.campaignId, personId: campaignRecipients.personId })
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.organizationId, scope.organizationId), eq(campaignRecipients.id, recipientId), eq(campaignRecipients.messageId, messageId)))
          .limit(1)
      )[0],
  };
};

export type PhishMailboxRepository = ReturnType<typeof phishMailboxRepository>;
export type ListedReportedMessage = Awaited<ReturnType<PhishMailboxRepository['listMessages']>>[number];

/** Every organisation whose mailbox is on, for the minute's poll. */
export const listEnabledMailboxOrganizations = async (db: Db) =>
  (await db.select({ organizationId: phishMailboxes.organizationId }).from(phishMailboxes).where(eq(phishMailboxes.enabled, true))).map((row) => row.organizationId);
