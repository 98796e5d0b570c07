import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { outboxMessages } from '@vigil/auth-provider/schema';
import { campaignRecipients, events, people, phishMailboxes, reportedMessages } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { type DovecotServer, startDovecot } from '../../../test/dovecot-server.ts';
import { startFakeOAuthServer } from '../../../test/fake-oauth-server.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { buildTrackedRecipient } from '../../../test/tracking-factories.ts';
import { readFilterHeaderSecret } from '../../phishing/sending-profiles/phishing-settings.service.ts';
import { pollMailbox } from './mailbox-poll.ts';
import { PollLeaseLost, phishMailboxRepository } from './phish-mailbox.repository.ts';

// The mailbox every test reads: a real Dovecot, and OAuth token endpoints that speak Microsoft's and Google's APIs.
const mailboxUser = 'reports@corp.example';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const serviceAccount = { clientEmail: 'vigil-reader@corp-project.iam.gserviceaccount.com', privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
const entraApp = { tenantId: 'corp.onmicrosoft.com', clientId: '6731de76-14a6-49ae-97bc-6eba6914391e', clientSecret: 'entra-client-secret-value' };

let dovecot: DovecotServer;
let oauth: Awaited<ReturnType<typeof startFakeOAuthServer>>;
beforeAll(async () => {
  oauth = await startFakeOAuthServer({
    microsoft: { ...entraApp, mailbox: mailboxUser },
    google: { clientEmail: serviceAccount.clientEmail, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), delegatedMailboxes: [mailboxUser] },
  });
  dovecot = await startDovecot({ user: mailboxUser, oauth2IntrospectionUrl: `${oauth.baseUrl}/introspect` });
});
afterAll(async () => {
  await dovecot?.stop();
  await oauth?.close();
});

const t = useTestApp(() => ({
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  PHISH_MAILBOX_MICROSOFT_LOGIN_URL: oauth.baseUrl,
  PHISH_MAILBOX_GOOGLE_TOKEN_URL: `${oauth.baseUrl}/token`,
}));

const compose = (mail: Mail.Options) => new MailComposer(mail).compile().build();

/** A lure as our SMTP delivery sends it: the recipient's Message-ID, the filter header, the tracking link. */
const lureMail = async (lure: Awaited<ReturnType<typeof buildTrackedRecipient>>, { withLink = true, filterHeader }: { withLink?: boolean; filterHeader?: string } = {}) => {
  const messageId = `<${lure.recipient.id}@lures.example>`;
  await t.db.update(campaignRecipients).set({ messageId }).where(eq(campaignRecipients.id, lure.recipient.id));
  const link = `${t.config.phish.publicUrl}/c/${lure.token}`;
  return compose({
    from: 'IT Service Desk <it@lures.example>',
    to: lure.person.email,
    subject: 'Your password expires today',
    messageId,
    headers: { 'X-Vigil-Simulation': filterHeader ?? (await readFilterHeaderSecret(t.db, t.app.secrets, { organizationId: lure.org.id })) },
    html: withLink ? `<p>Keep your password: <a href="${link}">sign in</a></p>` : '<p>Call the service desk to keep your password.</p>',
    text: withLink ? `Keep your password: ${link}` : 'Call the service desk to keep your password.',
  });
};

/**
 * A report as it lands in the mailbox: the receiving mail server writes its verdict on the From on
 * top (RFC 8601 Authentication-Results); by default DMARC passed for the From's domain.
 */
const received = async (report: Buffer | Promise<Buffer>, results = 'dmarc=pass (p=REJECT) header.from=example.com') =>
  Buffer.concat([Buffer.from(`Authentication-Results: mx.corp.example; ${results}\r\n`), await report]);

/** What Outlook's "Forward as attachment" (and most Report buttons) send, as it arrives. */
const forwardAsAttachment = (from: string, original: Buffer, subject = 'FW: Your password expires today') =>
  received(compose({ from, to: mailboxUser, subject, text: 'This looks odd.', attachments: [{ filename: 'original.eml', content: original, contentType: 'message/rfc822', contentDisposition: 'attachment' }] }));

const saveMailbox = async (organizationId: string, values: Partial<typeof phishMailboxes.$inferInsert> = {}) => {
  await t.db.delete(phishMailboxes).where(eq(phishMailboxes.organizationId, organizationId));
  await t.db.insert(phishMailboxes).values({
    organizationId,
    host: dovecot.host,
    port: dovecot.port,
    tlsMode: 'none',
    username: mailboxUser,
    authMethod: 'password',
    passwordSealed: t.app.secrets.seal(dovecot.password),
    ...values,
  });
};

const reportedEvents = (recipientId: string) => t.db.select().from(events).where(and(eq(events.recipientId, recipientId), eq(events.type, 'reported')));
const messagesOf = (organizationId: string) => t.db.select().from(reportedMessages).where(eq(reportedMessages.organizationId, organizationId));
const outboxTo = (email: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));

describe('reading the reported-phish mailbox (a real Dovecot)', () => {
  it('counts a simulation forwarded as an attachment as its recipient’s report, once, by its Message-ID and filter header', async () => {
    const lure = await buildTrackedRecipient(t.db, t.app.secrets);
    await saveMailbox(lure.org.id);
    // No tracking link in the body: only the attached original's headers tie it to the lure.
    await dovecot.deliver(await forwardAsAttachment(lure.person.email, await lureMail(lure, { withLink: false })));

    expect(await pollMailbox(t.jobContext, lure.org.id)).toEqual({ status: 'polled', read: 1, reports: 1, triaged: 0 });

    expect(await reportedEvents(lure.recipient.id)).toEqual([
      expect.objectContaining({ organizationId: lure.org.id, personId: lure.person.id, campaignId: lure.campaign.id, data: { simulation: true, via: 'mailbox' } }),
    ]);
    const [stored] = await messagesOf(lure.org.id);
    expect(stored).toMatchObject({ kind: 'simulation', countedAsReport: true, campaignRecipientId: lure.recipient.id, reporterPersonId: lure.person.id, senderAddress: 'it@lures.example', verdict: null });
    // Moved out of the inbox, read, into the folder Vigil made for it.
    const folders = await dovecot.inspect();
    expect(folders.INBOX).toEqual([]);
    expect(folders['Vigil processed']).toEqual([expect.objectContaining({ flags: ['\\Seen'] })]);
    // The reporter is thanked in plain words: it was a practice email.
    const [thanks] = await outboxTo(lure.person.email);
    expect(thanks?.subject).toBe('Well spotted: “Your password expires today” was a practice email');
    expect(thanks?.body).toContain('You do not need to do anything else.');

    // A second poll finds nothing new; forwarding the same lure again stores the message but adds no second report.
    expect(await pollMailbox(t.jobContext, lure.org.id)).toEqual({ status: 'polled', read: 0, reports: 0, triaged: 0 });
    await dovecot.deliver(await forwardAsAttachment(lure.person.email, await lureMail(lure, { withLink: false })));
    expect(await pollMailbox(t.jobContext, lure.org.id)).toEqual({ status: 'polled', read: 1, reports: 0, triaged: 0 });
    expect(await reportedEvents(lure.recipient.id)).toHaveLength(1);
    expect(await messagesOf(lure.org.id)).toHaveLength(2);
  });

  it('counts a simulation forwarded inline (headers lost) by the tracking token in its link', async () => {
    const lure = await buildTrackedRecipient(t.db, t.app.secrets, { language: 'fr_fr' });
    await t.db.update(people).set({ preferredLanguage: 'fr_fr' }).where(eq(people.id, lure.person.id));
    await saveMailbox(lure.org.id);
    const link = `${t.config.phish.publicUrl}/c/${lure.token}`;
    await dovecot.deliver(
      await received(
        compose({
          from: lure.person.email,
          to: mailboxUser,
          subject: 'Fwd: Your password expires today',
          text: `Is this real?\n\n---------- Forwarded message ---------\nFrom: IT Service Desk <it@lures.example>\nSubject: Your password expires today\n\nKeep your password: ${link}\n`,
        }),
      ),
    );

    expect(await pollMailbox(t.jobContext, lure.org.id)).toMatchObject({ reports: 1 });
    expect(await reportedEvents(lure.recipient.id)).toHaveLength(1);
    const [stored] = await messagesOf(lure.org.id);
    expect(stored).toMatchObject({ kind: 'simulation', countedAsReport: true, subject: 'Your password expires today', senderAddress: 'it@lures.example', senderName: 'IT Service Desk' });
    // In the person's own language when there is a translation.
    expect((await outboxTo(lure.person.email))[0]?.subject).toBe('Bien vu : « Your password expires today » était un e-mail d’entraînement');
  });

  it('lists other mail for triage with its senders, link hosts and attachment hashes, and thanks the reporter', async () => {
    const org = await buildOrganization(t.db);
    const reporter = await buildPerson(t.db, org.id, { firstName: 'Ada' });
    await saveMailbox(org.id);
    const invoice = Buffer.from('%PDF-1.4 not really an invoice');
    const original = await compose({
      from: 'Billing <billing@invoices-payable.example>',
      to: reporter.email,
      subject: 'Overdue invoice 4471',
      date: new Date('2026-03-02T08:15:00Z'),
      html: '<p>Pay now: <a href="https://pay.invoices-payable.example/x?id=1&amp;t=2">portal</a> or see https://cdn.files-share.example/inv.zip.</p><script>alert(1)</script>',
      attachments: [{ filename: 'invoice-4471.pdf', content: invoice, contentType: 'application/pdf' }],
    });
    await dovecot.deliver(await forwardAsAttachment(reporter.email, original, 'FW: Overdue invoice 4471'));

    expect(await pollMailbox(t.jobContext, org.id)).toMatchObject({ read: 1, reports: 0, triaged: 1 });
    const [stored] = await messagesOf(org.id);
    expect(stored).toMatchObject({
      kind: 'suspicious',
      verdict: 'pending',
      reporterEmail: reporter.email,
      reporterPersonId: reporter.id,
      senderAddress: 'billing@invoices-payable.example',
      senderName: 'Billing',
      subject: 'Overdue invoice 4471',
      receivedAt: new Date('2026-03-02T08:15:00Z'),
      links: [
        { url: 'https://pay.invoices-payable.example/x?id=1&t=2', host: 'pay.invoices-payable.example' },
        { url: 'https://cdn.files-share.example/inv.zip', host: 'cdn.files-share.example' },
      ],
      attachments: [{ name: 'invoice-4471.pdf', contentType: 'application/pdf', size: invoice.length, sha256: createHash('sha256').update(invoice).digest('hex') }],
      countedAsReport: false,
    });
    // A plain-text excerpt: no markup, no script.
    expect(stored?.excerpt).toMatch(/^Pay now: portal (\[https:\/\/pay\.invoices-payable\.example\/x\?id=1&t=2\] )?or see https:\/\/cdn\.files-share\.example\/inv\.zip\.$/);
    expect((await outboxTo(reporter.email))[0]).toMatchObject({ subject: 'Thank you for reporting “Overdue invoice 4471”' });
  });

  it('does not report for anyone on a forged header or an unknown token, nor for someone else’s lure', async () => {
    const lure = await buildTrackedRecipient(t.db, t.app.secrets);
    const colleague = await buildPerson(t.db, lure.org.id);
    await saveMailbox(lure.org.id);
    // The victim's own address, the lure's real Message-ID, but a made-up filter header and token.
    await dovecot.deliver(await forwardAsAttachment(lure.person.email, await lureMail(lure, { withLink: false, filterHeader: 'guessed-value' })));
    await dovecot.deliver(await received(compose({ from: lure.person.email, to: mailboxUser, subject: 'Fwd: hi', text: `${t.config.phish.publicUrl}/c/AAAAAAAAAAAAAAAAAAAAAA` })));
    // The genuine lure, forwarded by a colleague: it is ours, but it is not their report to make.
    await dovecot.deliver(await forwardAsAttachment(colleague.email, await lureMail(lure)));

    expect(await pollMailbox(t.jobContext, lure.org.id)).toMatchObject({ read: 3, reports: 0 });
    expect(await reportedEvents(lure.recipient.id)).toEqual([]);
    const stored = await messagesOf(lure.org.id);
    expect(stored.map((row) => [row.kind, row.countedAsReport]).sort()).toEqual([
      ['simulation', false],
      ['suspicious', false],
      ['suspicious', false],
    ]);
  });

  it('lists a forged From that no DMARC or DKIM pass vouches for, but neither counts it nor thanks the address', async () => {
    const lure = await buildTrackedRecipient(t.db, t.app.secrets);
    await saveMailbox(lure.org.id);
    // An outsider writes the victim's address as From, and a DMARC pass of their own below the receiving server's verdict.
    const forged = compose({
      from: lure.person.email,
      to: mailboxUser,
      subject: 'FW: Your password expires today',
      headers: { 'Authentication-Results': 'mx.corp.example; dmarc=pass header.from=example.com' },
      text: 'This looks odd.',
      attachments: [{ filename: 'original.eml', content: await lureMail(lure), contentType: 'message/rfc822', contentDisposition: 'attachment' }],
    });
    await dovecot.deliver(await received(forged, 'dmarc=fail (p=NONE) header.from=example.com'));
    // No verdict from the receiving server at all.
    await dovecot.deliver(await compose({ from: lure.person.email, to: mailboxUser, subject: 'Fwd: Your password expires today', text: `${t.config.phish.publicUrl}/c/${lure.token}` }));

    expect(await pollMailbox(t.jobContext, lure.org.id)).toEqual({ status: 'polled', read: 2, reports: 0, triaged: 0 });
    expect(await reportedEvents(lure.recipient.id)).toEqual([]);
    expect(await outboxTo(lure.person.email)).toEqual([]);
    expect(await messagesOf(lure.org.id)).toEqual([
      expect.objectContaining({ kind: 'simulation', reporterEmail: lure.person.email, reporterVerified: false, reporterPersonId: null, countedAsReport: false }),
      expect.objectContaining({ kind: 'simulation', reporterEmail: lure.person.email, reporterVerified: false, reporterPersonId: null, countedAsReport: false }),
    ]);

    // The same lure forwarded by its recipient through their own mail server counts, and is thanked.
    await dovecot.deliver(await forwardAsAttachment(lure.person.email, await lureMail(lure)));
    expect(await pollMailbox(t.jobContext, lure.org.id)).toMatchObject({ read: 1, reports: 1 });
    expect(await outboxTo(lure.person.email)).toHaveLength(1);
  });

  it('thanks one person at most five times an hour', async () => {
    const org = await buildOrganization(t.db);
    const reporter = await buildPerson(t.db, org.id);
    await saveMailbox(org.id);
    for (let index = 0; index < 6; index++) {
      await dovecot.deliver(await received(compose({ from: reporter.email, to: mailboxUser, subject: `Fwd: invoice ${index}`, text: 'Is this real?' })));
    }
    expect(await pollMailbox(t.jobContext, org.id)).toMatchObject({ read: 6, triaged: 6 });
    expect(await messagesOf(org.id)).toHaveLength(6);
    expect(await outboxTo(reporter.email)).toHaveLength(5);
  });

  it('reads on past messages it cannot store: later reports are still read', async () => {
    const org = await buildOrganization(t.db);
    const reporter = await buildPerson(t.db, org.id);
    await saveMailbox(org.id);
    // An attachment name whose 255th character is an emoji: cut in the middle, jsonb refused it.
    const longName = `${'a'.repeat(254)}😀b.pdf`;
    await dovecot.deliver(await received(compose({ from: reporter.email, to: mailboxUser, subject: 'Fwd: scan', text: 'see attached', attachments: [{ filename: longName, content: 'x' }] })));
    // A message the database refuses for a reason nobody foresaw.
    await t.db.execute(sql`create function refuse_poison() returns trigger language plpgsql as $$ begin if new.excerpt like '%poison-pill%' then raise exception 'refused'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger refuse_poison before insert on reported_messages for each row execute function refuse_poison()`);
    try {
      await dovecot.deliver(await received(compose({ from: reporter.email, to: mailboxUser, subject: 'Fwd: poison', text: 'poison-pill' })));
      await dovecot.deliver(await received(compose({ from: reporter.email, to: mailboxUser, subject: 'Fwd: the next report', text: 'Is this real?' })));

      expect(await pollMailbox(t.jobContext, org.id)).toEqual({ status: 'polled', read: 3, reports: 0, triaged: 3 });
    } finally {
      await t.db.execute(sql`drop trigger refuse_poison on reported_messages`);
      await t.db.execute(sql`drop function refuse_poison()`);
    }
    const stored = await t.db.select().from(reportedMessages).where(eq(reportedMessages.organizationId, org.id)).orderBy(reportedMessages.mailboxUid);
    expect(stored).toEqual([
      expect.objectContaining({ subject: 'scan', attachments: [expect.objectContaining({ name: `${'a'.repeat(254)}😀` })] }),
      expect.objectContaining({ subject: 'Fwd: poison', reporterEmail: reporter.email, verdict: 'pending', excerpt: expect.stringContaining('Vigil could not read this message') }),
      expect.objectContaining({ subject: 'the next report', excerpt: 'Is this real?' }),
    ]);
    const [mailbox] = await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, org.id));
    expect(mailbox).toMatchObject({ lastUid: stored[2]!.mailboxUid, lastError: null, pollLeaseUntil: null });
    expect(await pollMailbox(t.jobContext, org.id)).toEqual({ status: 'polled', read: 0, reports: 0, triaged: 0 });
  });

  it('neither stores nor thanks again when the folder’s UIDVALIDITY changes in flag mode', async () => {
    const org = await buildOrganization(t.db);
    const reporter = await buildPerson(t.db, org.id);
    const folder = 'Flagged reports';
    await saveMailbox(org.id, { folder, processedAction: 'flag' });
    await dovecot.deliver(await received(compose({ from: reporter.email, to: mailboxUser, subject: 'Fwd: Overdue invoice', text: 'Is this real?' })), folder);
    expect(await pollMailbox(t.jobContext, org.id)).toMatchObject({ read: 1, triaged: 1 });
    expect((await dovecot.inspect())[folder]).toEqual([expect.objectContaining({ flags: ['\\Flagged', '\\Seen'] })]);
    const [before] = await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, org.id));

    // The server rebuilds the folder: same messages and arrival times, new UIDs under a new UIDVALIDITY.
    await dovecot.renewUidValidity(folder);
    expect(await pollMailbox(t.jobContext, org.id)).toEqual({ status: 'polled', read: 1, reports: 0, triaged: 0 });
    const [after] = await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, org.id));
    expect(after!.uidValidity).not.toBe(before!.uidValidity);
    expect(await messagesOf(org.id)).toHaveLength(1);
    expect(await outboxTo(reporter.email)).toHaveLength(1);
  });

  it('keeps a refused sign-in as the mailbox’s last error, in the server’s words and without the password', async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, org.id, { role: 'Admin' });
    await saveMailbox(org.id, { passwordSealed: t.app.secrets.seal('wrong-password-1234') });
    const tested = await t.app.inject({ method: 'POST', url: '/api/integrations/phish-mailbox/test/', headers: await t.authAs(admin) });
    expect(tested.json()).toEqual({
      ok: false,
      stage: 'login',
      message: 'The server refused the sign-in as reports@corp.example: check the password',
      serverResponse: 'NO [AUTHENTICATIONFAILED] Authentication failed.',
    });
    const outcome = await pollMailbox(t.jobContext, org.id);
    expect(outcome).toMatchObject({ status: 'failed' });
    const [row] = await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, org.id));
    expect(row?.lastError).toMatch(/^The server refused the sign-in as reports@corp\.example: check the password \(server said: NO \[AUTHENTICATIONFAILED\] Authentication failed\.\)$/);
    expect(row?.lastError).not.toContain('wrong-password-1234');
    expect(row?.pollLeaseUntil).toBeNull();
  });

  it('never lets two polls read one mailbox at once', async () => {
    const org = await buildOrganization(t.db);
    await saveMailbox(org.id, { pollLeaseUntil: new Date(Date.now() + 60_000) });
    expect(await pollMailbox(t.jobContext, org.id)).toEqual({ status: 'skipped' });
  });

  it('signs in with Microsoft 365’s client credentials and Google’s delegated service account (XOAUTH2)', async () => {
    const admin = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role: 'Admin' });
    const headers = await t.authAs(admin);
    const save = async (auth: unknown) => {
      const response = await t.app.inject({ method: 'PUT', url: '/api/integrations/phish-mailbox/', headers, payload: { host: dovecot.host, port: dovecot.port, tlsMode: 'none', username: mailboxUser, auth } });
      expect(response.statusCode, response.body).toBe(200);
    };
    const test = async () => (await t.app.inject({ method: 'POST', url: '/api/integrations/phish-mailbox/test/', headers })).json();

    await save({ method: 'microsoft', ...entraApp });
    expect(await test()).toMatchObject({ ok: true, folder: 'INBOX' });
    const tokenRequests = () => oauth.requests.filter((request) => request.path !== '/introspect');
    expect(tokenRequests().at(-1)).toEqual({
      path: `/${entraApp.tenantId}/oauth2/v2.0/token`,
      form: { client_id: entraApp.clientId, client_secret: entraApp.clientSecret, scope: 'https://outlook.office365.com/.default', grant_type: 'client_credentials' },
    });
    await save({ method: 'microsoft', tenantId: entraApp.tenantId, clientId: entraApp.clientId, clientSecret: 'a-revoked-secret' });
    expect(await test()).toEqual({ ok: false, stage: 'token', message: 'Microsoft refused the app’s credentials (HTTP 401)', serverResponse: 'invalid_client: AADSTS7000215: Invalid client secret provided.' });

    const key = JSON.stringify({ type: 'service_account', project_id: 'corp-project', private_key_id: 'k1', private_key: serviceAccount.privateKeyPem, client_email: serviceAccount.clientEmail });
    await save({ method: 'google', serviceAccountKey: key });
    expect(await test()).toMatchObject({ ok: true });
    expect(tokenRequests().at(-1)).toMatchObject({ path: '/token', form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' } });
  });
});

describe('the poll’s hold on the mailbox', () => {
  it('lets a poll whose hold another took neither move the read position back nor end the other’s poll', async () => {
    const org = await buildOrganization(t.db);
    await saveMailbox(org.id);
    const repository = phishMailboxRepository(t.db, { organizationId: org.id });
    const start = new Date();
    const first = await repository.claimForPoll(start);
    expect(await repository.claimForPoll(start)).toBeUndefined();
    // The first poll stalls past its hold; a second takes the mailbox and reads on.
    const later = new Date(start.getTime() + 301_000);
    const second = await repository.claimForPoll(later);
    await repository.saveReadPosition(second!.lease, '7', 10, later);

    await expect(repository.saveReadPosition(first!.lease, '7', 5, later)).rejects.toBeInstanceOf(PollLeaseLost);
    expect(await repository.finishPoll(first!.lease, { at: later, error: 'stale' })).toBe(false);
    const row = async () => (await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, org.id)))[0]!;
    // Saving the position renewed the second poll's hold.
    expect(await row()).toMatchObject({ uidValidity: '7', lastUid: 10, lastError: null, pollLeaseUntil: new Date(later.getTime() + 300_000) });

    // Within one UIDVALIDITY the position never goes back; a new UIDVALIDITY starts afresh.
    await repository.saveReadPosition(second!.lease, '7', 4, later);
    expect(await row()).toMatchObject({ uidValidity: '7', lastUid: 10 });
    await repository.saveReadPosition(second!.lease, '8', 4, later);
    expect(await row()).toMatchObject({ uidValidity: '8', lastUid: 4 });
    expect(await repository.finishPoll(second!.lease, { at: later, error: null })).toBe(true);
    expect(await row()).toMatchObject({ pollLeaseUntil: null, pollLeaseId: null, lastSuccessAt: later });
  });
});
