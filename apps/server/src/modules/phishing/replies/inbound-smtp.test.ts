import { asc, eq, inArray, like } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, events, rateLimitWindows } from '@vigil/db';
import { dumpDatabase } from '../../../test/database-dump.ts';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../../test/phishing-factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { buildTrackedRecipient } from '../../../test/tracking-factories.ts';
import { dispatchDueRecipients, sendQueuedRecipient } from '../campaigns/campaign-sending.ts';
import { inboundUnknownRecipientLimit, startInboundSmtp } from './inbound-smtp.ts';
import { replyAddressFor } from './reply-address.ts';

const t = useTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', PHISH_PUBLIC_URL: 'http://phish.test' });
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let listener: Awaited<ReturnType<typeof startInboundSmtp>>;
const forgetUnknownRecipients = () => t.db.delete(rateLimitWindows).where(like(rateLimitWindows.key, 'inbound-smtp-unknown:%'));
beforeAll(async () => {
  inbox = await startSmtpInbox();
  listener = await startInboundSmtp({ db: t.db, port: 0, host: '127.0.0.1', log: t.app.log });
  await forgetUnknownRecipients();
});
afterAll(async () => {
  await listener?.close();
  await inbox?.close();
  if (t.db) await forgetUnknownRecipients();
});

/** Mail to the listener as a person's mail server would send it, on loopback. */
const mailListener = (message: SendMailOptions) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true }).sendMail({ from: 'robin@customer.example', subject: 'Re: the team list', text: 'Here it is.', ...message });

const eventsOf = (recipientIds: string[]) =>
  t.db.select({ type: events.type, recipientId: events.recipientId, organizationId: events.organizationId, data: events.data }).from(events).where(inArray(events.recipientId, recipientIds)).orderBy(asc(events.id));

/** A sent reply lure of a fresh organisation, and the address its Reply-To named. */
const sentReplyLure = async () => {
  const tracked = await buildTrackedRecipient(t.db, t.app.secrets, { vector: 'reply' });
  return { ...tracked, address: replyAddressFor('accounts@payroll-example.test', tracked.token) };
};

describe('reply lures', () => {
  it('ask for the answer at the sending profile’s reply-to address with the recipient’s code, and a reply there records replied with its size only', async () => {
    const organization = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
    const person = await buildPerson(t.db, organization.id, { firstName: 'Robin' });
    const headers = await t.authAs(admin);
    const profile = await buildSendingProfile(t.db, t.app.secrets, organization.id, inbox, { replyTo: 'accounts@payroll-example.test' });
    const template = await buildPhishingTemplate(t.db, organization.id, { vector: 'reply' });
    const created = await t.app.inject({ method: 'POST', url: '/api/campaigns/', headers, payload: { name: 'BEC', templateIds: [template.id], sendingProfileId: profile.id, audience: { kind: 'people', ids: [person.id] } } });
    expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${created.json().id}/launch/`, headers })).statusCode).toBe(200);
    const batches: { organizationId: string; campaignId: string; recipientIds: string[] }[] = [];
    await dispatchDueRecipients(t.db, async (_tx, batch) => {
      batches.push(batch);
    });
    // A shared database may hold other files' due recipients: only this campaign's outcome is this test's.
    for (const batch of batches) {
      for (const id of batch.recipientIds) {
        const outcome = await sendQueuedRecipient(t.jobContext, batch.organizationId, id);
        if (batch.campaignId === created.json().id) expect(outcome).toBe('sent');
      }
    }
    const lure = inbox.received.find((mail) => (mail.to as { text: string }).text.includes(person.email))!;
    const replyTo = lure.replyTo!.value[0]!.address!;
    expect(replyTo).toMatch(/^accounts\+[a-z2-7]{26}@payroll-example\.test$/);

    const secretWords = 'The quarterly team list: Robin, Sam, Alex (RX-unique-reply-body-7731)';
    const accepted = await mailListener({
      to: replyTo.toUpperCase(), // a mail server may change the case: the code still reads
      subject: 'Re: RX-unique-reply-subject-5520',
      text: secretWords,
      attachments: [{ filename: 'team.csv', content: 'name\nRX-unique-attachment-9911\n' }],
    });
    expect(accepted.response).toMatch(/^250 /);
    const [recipient] = await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, created.json().id));
    const recorded = await eventsOf([recipient!.id]);
    expect(recorded.map((event) => event.type)).toEqual(['sent', 'replied']);
    expect(recorded[1]).toMatchObject({ organizationId: organization.id, data: { size: expect.any(Number) } });
    expect(Object.keys(recorded[1]!.data as object)).toEqual(['size']);
    expect((recorded[1]!.data as { size: number }).size).toBeGreaterThan(secretWords.length);
    // Nothing of the reply is kept anywhere: not its words, subject or attachment.
    const dump = await dumpDatabase(t.db);
    for (const unique of ['RX-unique-reply-body-7731', 'RX-unique-reply-subject-5520', 'RX-unique-attachment-9911']) expect(dump).not.toContain(unique);
  });

  it('records a reply for its own recipient only: another organisation’s reply lure is untouched', async () => {
    const mine = await sentReplyLure();
    const theirs = await sentReplyLure();
    await mailListener({ to: mine.address });
    expect(await eventsOf([mine.recipient.id, theirs.recipient.id])).toEqual([{ type: 'replied', recipientId: mine.recipient.id, organizationId: mine.org.id, data: { size: expect.any(Number) } }]);
  });

  it('takes an out-of-office answer or a bounce and counts neither as a reply', async () => {
    const { recipient, address } = await sentReplyLure();
    const outOfOffice = await mailListener({ to: address, subject: 'Automatic reply: the team list', headers: { 'Auto-Submitted': 'auto-replied' } });
    expect(outOfOffice.response).toMatch(/^250 /);
    const bounce = await mailListener({ to: address, envelope: { from: '', to: address } });
    expect(bounce.response).toMatch(/^250 /);
    expect(await eventsOf([recipient.id])).toEqual([]);
  });

  it('refuses with 550 an address that names no sent reply lure: unknown, malformed, or another kind of lure', async () => {
    const clicked = await buildTrackedRecipient(t.db, t.app.secrets, { vector: 'email-link' });
    const unsent = await sentReplyLure();
    await t.db.update(campaignRecipients).set({ sentAt: null, state: 'scheduled' }).where(eq(campaignRecipients.id, unsent.recipient.id));
    for (const to of ['accounts+aaaaaaaaaaaaaaaaaaaaaaaaaa@payroll-example.test', 'accounts@payroll-example.test', 'postmaster@payroll-example.test', replyAddressFor('accounts@payroll-example.test', clicked.token), unsent.address]) {
      await expect(mailListener({ to }), to).rejects.toMatchObject({ responseCode: 550 });
    }
    expect(await eventsOf([clicked.recipient.id, unsent.recipient.id])).toEqual([]);
  });

  // Last: it leaves this address over the limit.
  it('slows a guesser: past the limit of unknown addresses, every address waits (450), even a real one', async () => {
    const { recipient, address } = await sentReplyLure();
    let refusal: { responseCode?: number } | undefined;
    for (let attempt = 0; attempt <= inboundUnknownRecipientLimit.max + 1 && refusal?.responseCode !== 450; attempt += 1) {
      refusal = await mailListener({ to: `accounts+${'b'.repeat(25)}${'a'}@payroll-example.test` }).then(() => undefined, (error: { responseCode?: number }) => error);
    }
    expect(refusal?.responseCode).toBe(450);
    await expect(mailListener({ to: address })).rejects.toMatchObject({ responseCode: 450 });
    expect(await eventsOf([recipient.id])).toEqual([]);
  });
});
