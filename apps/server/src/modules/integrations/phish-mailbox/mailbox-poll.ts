import type { ImapFlow } from 'imapflow';
import { eq } from 'drizzle-orm';
import { type AuthDb, createDelivery } from '@vigil/auth-provider';
import { type Db, type PhishMailboxRow, organizations } from '@vigil/db';
import { now } from '../../../lib/clock.ts';
import type { JobContext } from '../../../lib/jobs.ts';
import { hitRateLimit } from '../../../lib/rate-limit.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import { recordLureReport } from '../../phishing/reporting/report-phish.service.ts';
import { MailboxError, describeMailboxFailure, openMailbox } from './imap-connection.ts';
import { type PhishMailboxRepository, type PollLease, PollLeaseLost, phishMailboxRepository } from './phish-mailbox.repository.ts';
import { type Envelope, type ReportedMailAnalysis, analyseEnvelope, analyseReportedMail, authenticationHeaderNames, plausibleDate } from './reported-mail.ts';
import { findProvenLures, lureOfReporter } from './simulation-match.ts';
import { type ThankYouKind, thankYouMail } from './thank-you-mail.ts';

/**
 * One read of an organisation's reported-phish mailbox:
 *
 * 1. The mailbox is claimed (a lease in its row), so two workers never read it at once.
 * 2. Messages after the last UID read (in the same UIDVALIDITY) are read one by one, oldest first.
 *    Each is stored and the read position saved (renewing the lease) in one transaction, before
 *    anything is done in the mailbox, so a crash never reads a message twice nor loses one. A poll
 *    whose lease another poll took stops there. A message read again after the folder's UIDVALIDITY
 *    changed is recognised by its Message-ID and arrival time, and is neither stored nor thanked again.
 * 3. A message that cannot be read or stored is kept as an "unreadable" row for triage and the poll
 *    goes on: one bad message never holds up the reports after it.
 * 4. A proven simulation sent to the reporter themselves writes the lure's `reported` event (once per
 *    lure, through the report button's own service); other mail waits for triage. Only a reporter
 *    whose address the receiving mail server vouches for (reported-mail.ts `reporterAuthenticated`)
 *    is named, counted and thanked: anyone can write any From.
 * 5. The message is marked \Seen and moved to the processed folder (made when missing) or flagged.
 * 6. The reporter, when they are a person of the organisation, gets a thank-you (when enabled, at
 *    most `thankYouLimit` an hour each).
 *
 * A failure is kept as the mailbox's last error (which step, the server's words, never a secret).
 * Shutdown (`stopping`) is honoured between messages.
 */

export type PollContext = Pick<JobContext, 'db' | 'secrets' | 'config' | 'log'> & { stopping?: AbortSignal };
export type PollOutcome =
  | { status: 'skipped' }
  | { status: 'polled'; read: number; reports: number; triaged: number }
  | { status: 'failed'; error: string };

/** Larger messages are listed with their envelope only: nothing a person forwards needs more, and memory stays bounded. */
const maxParsedBytes = 25 * 1024 * 1024;

/** Thank-yous one person gets at most: someone who forwards a burst of mail is not answered with a burst. */
const thankYouLimit = { max: 5, windowSeconds: 3600 };

/** What an unreadable message's row says instead of an excerpt. */
const unreadableExcerpt = 'Vigil could not read this message. It was marked as processed in the mailbox: open it there to judge it.';

/** The error as the settings page shows it: the step's words, and the server's when it answered. */
export const errorText = (error: MailboxError) => (error.serverResponse ? `${error.message} (server said: ${error.serverResponse})` : error.message);

type Stored = { kind: ThankYouKind; reporterEmail: string; subject: string; reporterPersonId: string | null };
type Position = { lease: PollLease; uid: number; uidValidity: string; internalDate: Date };

/**
 * Reads, matches and stores one message.
 * @returns what was stored, or undefined when it already was
 * @throws PollLeaseLost when another poll has taken the mailbox (nothing is stored)
 */
const storeMessage = async (context: PollContext, scope: OrgScope, message: Position & { analysis: ReportedMailAnalysis }): Promise<(Stored & { counted: boolean }) | undefined> => {
  const { db, secrets } = context;
  const { analysis } = message;
  const repository = phishMailboxRepository(db, scope);
  const reporterEmail = analysis.reporter.address ?? '';
  // An address nobody vouches for names no one: it is stored as written, and neither counts nor is thanked.
  const reporter = reporterEmail && analysis.reporterVerified ? await repository.findPersonByEmail(reporterEmail) : undefined;
  const lures = await findProvenLures(db, secrets, scope, repository, analysis);
  const ownLure = lureOfReporter(lures, reporter?.id ?? null);
  const kind: ThankYouKind = lures.length > 0 ? 'simulation' : 'suspicious';

  return db.transaction(async (tx) => {
    const inTx = phishMailboxRepository(tx, scope);
    await inTx.saveReadPosition(message.lease, message.uidValidity, message.uid, now());
    const row = await inTx.insertMessage({
      mailboxUidValidity: message.uidValidity,
      mailboxUid: message.uid,
      kind,
      reportMessageId: analysis.messageId,
      reporterEmail,
      reporterVerified: analysis.reporterVerified,
      reporterPersonId: reporter?.id ?? null,
      senderAddress: analysis.original.sender.address,
      senderName: analysis.original.sender.name,
      subject: analysis.original.subject,
      receivedAt: analysis.original.sentAt ?? analysis.forwardedAt ?? message.internalDate,
      reportedAt: message.internalDate,
      links: analysis.original.links,
      attachments: analysis.original.attachments,
      excerpt: analysis.original.excerpt,
      campaignRecipientId: (ownLure ?? lures[0])?.id ?? null,
      verdict: kind === 'suspicious' ? 'pending' : null,
    });
    if (!row) return undefined;
    let counted = false;
    if (ownLure && reporter) {
      counted = await recordLureReport(tx, scope, { personId: reporter.id, recipient: ownLure, occurredAt: message.internalDate, via: 'mailbox' });
      if (counted) await inTx.markCountedAsReport(row.id);
    }
    return { kind, reporterEmail, subject: analysis.original.subject, reporterPersonId: reporter?.id ?? null, counted };
  });
};

/**
 * Keeps a message that could not be read or stored as a row for triage (what its envelope says, or
 * nothing of it when even that cannot be stored), and moves the read position past it.
 * @throws PollLeaseLost when another poll has taken the mailbox
 */
const storeUnreadable = async (context: PollContext, scope: OrgScope, message: Position, envelope: Envelope) => {
  const { reporter, original, messageId } = analyseEnvelope(envelope, undefined, { exchangeOnline: false });
  const store = (described: { reporterEmail: string; subject: string; reportMessageId: string | null }) =>
    context.db.transaction(async (tx) => {
      const inTx = phishMailboxRepository(tx, scope);
      await inTx.saveReadPosition(message.lease, message.uidValidity, message.uid, now());
      await inTx.insertMessage({
        mailboxUidValidity: message.uidValidity,
        mailboxUid: message.uid,
        kind: 'suspicious',
        ...described,
        receivedAt: message.internalDate,
        reportedAt: message.internalDate,
        excerpt: unreadableExcerpt,
        verdict: 'pending',
      });
    });
  try {
    await store({ reporterEmail: reporter.address ?? '', subject: original.subject, reportMessageId: messageId });
  } catch (error) {
    if (error instanceof PollLeaseLost) throw error;
    await store({ reporterEmail: '', subject: '', reportMessageId: null });
  }
};

/** Marks a read message as processed in the mailbox: \Seen, then moved or flagged. */
const markProcessed = async (client: ImapFlow, mailbox: PhishMailboxRow, uid: number, folderReady: { value: boolean }) => {
  if (mailbox.processedAction === 'flag') {
    await client.messageFlagsAdd(String(uid), ['\\Seen', '\\Flagged'], { uid: true });
    return;
  }
  await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  if (!folderReady.value) {
    const existing = await client.list();
    if (!existing.some((folder) => folder.path === mailbox.processedFolder)) await client.mailboxCreate(mailbox.processedFolder);
    folderReady.value = true;
  }
  await client.messageMove(String(uid), mailbox.processedFolder, { uid: true });
};

/** Sends the thank-you, at most `thankYouLimit` a person; a failure is logged, never thrown (the report itself is safe). */
const thankReporter = async (context: PollContext, repository: PhishMailboxRepository, organizationName: string, stored: Stored, send: (mail: { to: string; subject: string; text: string }) => Promise<void>) => {
  if (!stored.reporterPersonId) return;
  const person = await repository.findPersonByEmail(stored.reporterEmail);
  if (!person?.isActive) return;
  if ((await hitRateLimit(context.db, `phish-mailbox.thank-you:${person.id}`, thankYouLimit)).limited) {
    context.log.info({ personId: person.id }, 'a reporter was not thanked again: they had thanks enough this hour');
    return;
  }
  const mail = thankYouMail(stored.kind, person.preferredLanguage, { firstName: person.firstName, subject: stored.subject, organizationName });
  try {
    await send({ to: person.email, ...mail });
  } catch (error) {
    context.log.warn({ personId: person.id, reason: (error as Error).name }, 'a thank-you for a reported message could not be sent');
  }
};

const organizationNameOf = async (db: Db, scope: OrgScope) =>
  (await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, scope.organizationId)))[0]?.name ?? 'your organization';

/**
 * Reads the organisation's mailbox once (see the module comment).
 * @returns what it did; a mailbox another worker is reading, or that is off, is skipped
 */
export const pollMailbox = async (context: PollContext, organizationId: string): Promise<PollOutcome> => {
  const scope = { organizationId };
  const repository = phishMailboxRepository(context.db, scope);
  const claimed = await repository.claimForPoll(now());
  if (!claimed) return { status: 'skipped' };
  const { mailbox, lease } = claimed;

  let client: ImapFlow | undefined;
  let outcome: PollOutcome;
  const delivery = mailbox.thankReporters ? createDelivery(context.db as AuthDb, { smtpUrl: context.config.mail.smtpUrl, mailFrom: context.config.mail.from }) : undefined;
  try {
    client = await openMailbox(mailbox, context);
    let lock;
    try {
      lock = await client.getMailboxLock(mailbox.folder);
    } catch (error) {
      throw new MailboxError('folder', `The folder “${mailbox.folder}” cannot be opened`, (error as { responseText?: string }).responseText ?? null);
    }
    const counts = { read: 0, reports: 0, triaged: 0 };
    try {
      const opened = client.mailbox;
      if (!opened) throw new MailboxError('folder', `The folder “${mailbox.folder}” cannot be opened`, null);
      const uidValidity = String(opened.uidValidity);
      // Another UIDVALIDITY: the folder was rebuilt and its old UIDs mean nothing, so it is read from the start.
      const after = mailbox.uidValidity === uidValidity ? mailbox.lastUid : 0;
      const uids = opened.exists === 0 ? [] : ((await client.search({ uid: `${after + 1}:*` }, { uid: true })) || []).filter((uid) => uid > after).sort((a, b) => a - b);
      const organizationName = await organizationNameOf(context.db, scope);
      const folderReady = { value: false };
      // Microsoft 365 mailboxes are read with Entra app access only (Exchange Online turned passwords off).
      const mailboxKind = { exchangeOnline: mailbox.authMethod === 'microsoft' };
      for (const uid of uids) {
        if (context.stopping?.aborted) break;
        // IMAP failures here end the poll (the connection is likely gone); the message is read again next time.
        const fetched = await client.fetchOne(String(uid), { uid: true, size: true, internalDate: true, envelope: true, headers: authenticationHeaderNames }, { uid: true });
        if (!fetched) continue;
        const source = (fetched.size ?? 0) > maxParsedBytes ? undefined : await sourceOf(client, uid);
        const position = { lease, uid, uidValidity, internalDate: plausibleDate(fetched.internalDate) ?? now() };
        let analysis: ReportedMailAnalysis | undefined;
        let stored: Awaited<ReturnType<typeof storeMessage>>;
        try {
          // Too large to read: the envelope and the authentication fields alone.
          analysis = source ? await analyseReportedMail(source, mailboxKind) : analyseEnvelope(fetched.envelope, fetched.headers, mailboxKind);
          stored = await storeMessage(context, scope, { ...position, analysis });
        } catch (error) {
          if (error instanceof PollLeaseLost) throw error;
          // Only the kind of failure is logged: its text can quote the message.
          context.log.warn({ organizationId, uid, reason: (error as Error).name, code: (error as { code?: string }).code }, 'a reported message could not be read; it is listed as unreadable');
          await storeUnreadable(context, scope, position, fetched.envelope);
          analysis = undefined;
          stored = undefined;
          counts.triaged++;
        }
        counts.read++;
        await markProcessed(client, mailbox, uid, folderReady);
        if (!stored) continue;
        if (stored.counted) counts.reports++;
        if (stored.kind === 'suspicious') counts.triaged++;
        if (delivery && analysis && !analysis.automatic && !isOwnAddress(stored.reporterEmail, mailbox, context)) {
          await thankReporter(context, repository, organizationName, stored, (mail) => delivery.send({ channel: 'email', ...mail }));
        }
      }
    } finally {
      lock.release();
    }
    outcome = { status: 'polled', ...counts };
    await repository.finishPoll(lease, { at: now(), error: null });
  } catch (error) {
    if (error instanceof PollLeaseLost) {
      // Another poll holds the mailbox now: it reads on from where this one got, and records how it went.
      context.log.warn({ organizationId }, 'a poll of the reported-phish mailbox lost its hold to another and stopped');
      outcome = { status: 'skipped' };
    } else {
      const described = error instanceof MailboxError ? error : describeMailboxFailure(error, mailbox);
      // Only our own description is logged: imapflow's errors can carry the commands that were sent.
      context.log.warn({ organizationId, stage: described.stage, problem: described.message }, 'the reported-phish mailbox could not be read');
      outcome = { status: 'failed', error: errorText(described) };
      await repository.finishPoll(lease, { at: now(), error: errorText(described) });
    }
  } finally {
    delivery?.close();
    await client?.logout().catch(() => client?.close());
  }
  return outcome;
};

const sourceOf = async (client: ImapFlow, uid: number) => {
  const fetched = await client.fetchOne(String(uid), { source: true }, { uid: true });
  return (fetched && fetched.source) || Buffer.alloc(0);
};

/** Never thank the mailbox itself or Vigil's own sender: that would be a mail loop. */
const isOwnAddress = (address: string, mailbox: PhishMailboxRow, context: PollContext) => {
  const own = [mailbox.username, /<([^>]+)>/.exec(context.config.mail.from)?.[1] ?? context.config.mail.from].map((item) => item.toLowerCase());
  return own.includes(address.toLowerCase());
};
