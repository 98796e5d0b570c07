import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '@vigil/auth-provider/schema';
import { startFakeTwilio } from '@vigil/auth-provider/testing';
import { campaignRecipients, events } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../../test/phishing-factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { trackingTokenHash } from '../tracking/tracking-links.ts';
import { type SendOutcome, dispatchDueRecipients, sendQueuedRecipient } from './campaign-sending.ts';

const accountSid = 'ACphonelures000000000000000000000';
const authToken = 'phone-lures-twilio-token';
const twilioFrom = '+15550001000';
const callbackNumber = '+15550002000';

// The fake Twilio starts first, so the app's TWILIO_BASE_URL can name it.
const env: Record<string, string> = { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', PHISH_PUBLIC_URL: 'http://phish.test', CALLBACK_NUMBER: callbackNumber };
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  twilio = await startFakeTwilio(accountSid, authToken, {
    refuse: (to) =>
      to === '+15550000400'
        ? { status: 400, code: 21211, message: "The 'To' number +15550000400 is not a valid phone number." }
        : to === '+15550000503'
          ? { status: 503, code: 20503, message: 'Service unavailable' }
          : undefined,
  });
  inbox = await startSmtpInbox();
  Object.assign(env, { TWILIO_BASE_URL: twilio.baseUrl, TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: twilioFrom });
});
afterAll(async () => {
  await twilio?.close();
  await inbox?.close();
});
const t = useTestApp(env);

const smsTemplate = (organizationId: string) =>
  buildPhishingTemplate(t.db, organizationId, {
    vector: 'sms',
    fromAddress: null,
    texts: {
      en_us: { name: 'Parcel fee', scenario: 'A courier asks for a fee.', sms: 'Courier: {{first_name}}, a parcel for {{company}} waits for a 1.99 fee: {{link}}', redFlags: [] },
      fr_fr: { name: 'Frais de colis', scenario: 'Un transporteur demande des frais.', sms: 'Transporteur : {{first_name}}, un colis pour {{company}} attend 1,99 € : {{link}}', redFlags: [] },
    },
  });

/** An organisation whose admin launches one campaign of `templateId` to `people` now, through the API. */
const launchNow = async (organizationId: string, templateId: string, people: { id: string }[]) => {
  const admin = await buildPerson(t.db, organizationId, { role: 'Admin' });
  const headers = await t.authAs(admin);
  const profile = await buildSendingProfile(t.db, t.app.secrets, organizationId, inbox);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/campaigns/',
    headers,
    payload: { name: 'Phone test', templateIds: [templateId], sendingProfileId: profile.id, audience: { kind: 'people', ids: people.map((person) => person.id) } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const launched = await t.app.inject({ method: 'POST', url: `/api/campaigns/${created.json().id}/launch/`, headers });
  expect(launched.statusCode, launched.body).toBe(200);
  return created.json().id as string;
};

/**
 * Runs the dispatcher and every send it queues, as the jobs would, with the app's configuration or
 * another; answers the outcomes of `campaignId`'s recipients (a shared database may hold other files' due ones).
 */
const sendEverythingDue = async (campaignId: string, context = t.jobContext) => {
  const batches: { organizationId: string; campaignId: string; recipientIds: string[] }[] = [];
  await dispatchDueRecipients(t.db, async (_tx, batch) => {
    batches.push(batch);
  });
  const outcomes: SendOutcome[] = [];
  for (const batch of batches) {
    for (const id of batch.recipientIds) {
      const outcome = await sendQueuedRecipient(context, batch.organizationId, id);
      if (batch.campaignId === campaignId) outcomes.push(outcome);
    }
  }
  return outcomes;
};

const recipientOf = async (campaignId: string, personId: string) =>
  (await t.db.select().from(campaignRecipients).where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.personId, personId))))[0]!;
const eventsOf = (recipientId: string) => t.db.select({ type: events.type, data: events.data }).from(events).where(eq(events.recipientId, recipientId)).orderBy(asc(events.id));

describe('SMS lures', () => {
  it('texts the lure to the person’s phone through Twilio, in their language, with their short click link', async () => {
    const organization = await buildOrganization(t.db, { name: 'Harbor Freight Co' });
    const robin = await buildPerson(t.db, organization.id, { firstName: 'Robin', phone: '+15550003001' });
    const rene = await buildPerson(t.db, organization.id, { firstName: 'René', phone: '+33612345678', preferredLanguage: 'fr_fr' });
    const template = await smsTemplate(organization.id);
    const campaignId = await launchNow(organization.id, template.id, [robin, rene]);

    expect(await sendEverythingDue(campaignId)).toEqual(['sent', 'sent']);
    const toRobin = twilio.received.find((message) => message.to === robin.phone);
    expect(toRobin).toMatchObject({ kind: 'message', from: twilioFrom });
    const link = /http:\/\/phish\.test\/c\/([A-Za-z0-9_-]{22})$/.exec(toRobin!.body!);
    expect(toRobin!.body).toMatch(/^Courier: Robin, a parcel for Harbor Freight Co waits for a 1\.99 fee: http:\/\/phish\.test\/c\/\S+$/);
    // The token in the text is the recipient's own: the listener finds them by its hash.
    const recipient = await recipientOf(campaignId, robin.id);
    expect(trackingTokenHash(link![1]!)).toBe(recipient.tokenHash);
    expect(recipient).toMatchObject({ state: 'sent', lastError: null });
    expect(recipient.messageId).toMatch(/^SM/);
    expect((await eventsOf(recipient.id)).map((event) => event.type)).toEqual(['sent']);
    expect(twilio.received.find((message) => message.to === rene.phone)?.body).toMatch(/^Transporteur : René, un colis pour Harbor Freight Co/);
    // No mail went out for a text lure.
    expect(inbox.received.filter((mail) => [robin.email, rene.email].includes((mail.to as { text: string }).text))).toEqual([]);
  });

  it('fails a person without a phone number with that reason, sending nothing', async () => {
    const organization = await buildOrganization(t.db);
    const noPhone = await buildPerson(t.db, organization.id, { firstName: 'Nora' });
    const campaignId = await launchNow(organization.id, (await smsTemplate(organization.id)).id, [noPhone]);
    const before = twilio.received.length;

    expect(await sendEverythingDue(campaignId)).toEqual(['failed']);
    const recipient = await recipientOf(campaignId, noPhone.id);
    expect(recipient.state).toBe('failed');
    expect(recipient.lastError).toBe('The person has no phone number to text the lure to');
    expect(await eventsOf(recipient.id)).toEqual([{ type: 'delivery_failed', data: { reason: 'The person has no phone number to text the lure to', field: 'phone' } }]);
    expect(twilio.received).toHaveLength(before);
  });

  it('fails a number Twilio refuses for good, and tries again later when Twilio is unavailable', async () => {
    const organization = await buildOrganization(t.db);
    const invalid = await buildPerson(t.db, organization.id, { phone: '+15550000400' });
    const busy = await buildPerson(t.db, organization.id, { phone: '+15550000503' });
    const campaignId = await launchNow(organization.id, (await smsTemplate(organization.id)).id, [invalid, busy]);

    expect((await sendEverythingDue(campaignId)).sort()).toEqual(['failed', 'retry']);
    const refused = await recipientOf(campaignId, invalid.id);
    expect(refused.state).toBe('failed');
    expect(refused.lastError).toContain('HTTP 400 21211');
    const waiting = await recipientOf(campaignId, busy.id);
    expect(waiting.state).toBe('scheduled');
    expect(waiting.sendAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('without Twilio, keeps the text in the operator outbox, which only its own organisation’s superadmin sees', async () => {
    const organization = await buildOrganization(t.db);
    const person = await buildPerson(t.db, organization.id, { firstName: 'Olu', phone: '+15550003101' });
    const campaignId = await launchNow(organization.id, (await smsTemplate(organization.id)).id, [person]);

    // The same app's jobs on a server with no TWILIO_* settings.
    expect(await sendEverythingDue(campaignId, { ...t.jobContext, config: { ...t.jobContext.config, twilio: undefined } })).toEqual(['sent']);
    const recipient = await recipientOf(campaignId, person.id);
    const [kept] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, `lure-sms:${recipient.id}`));
    expect(kept).toMatchObject({ channel: 'sms', recipient: '+15550003101', subject: 'Simulated phishing text' });
    expect(kept!.body).toMatch(/^Courier: Olu, .* http:\/\/phish\.test\/c\/\S+$/);
    expect(recipient).toMatchObject({ state: 'sent', messageId: `lure-sms:${recipient.id}` });

    const superadmin = await buildPerson(t.db, organization.id, { role: 'Superadmin' });
    const outbox = await t.app.inject({ url: '/api/outbox/', headers: await t.authAs(superadmin) });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().messages).toEqual([expect.objectContaining({ id: `lure-sms:${recipient.id}`, channel: 'sms', recipient: '+15550003101', body: kept!.body })]);

    // Another organisation whose superadmin (and one of whose people) has the same phone number sees none of it.
    const other = await buildOrganization(t.db);
    await buildPerson(t.db, other.id, { phone: '+15550003101' });
    const otherSuperadmin = await buildPerson(t.db, other.id, { role: 'Superadmin', phone: '+15550003101' });
    const otherOutbox = await t.app.inject({ url: '/api/outbox/', headers: await t.authAs(otherSuperadmin) });
    expect(otherOutbox.json().messages).toEqual([]);
  });
});

describe('callback lures', () => {
  it('show CALLBACK_NUMBER where the lure asks the person to call', async () => {
    const organization = await buildOrganization(t.db);
    const person = await buildPerson(t.db, organization.id);
    const template = await buildPhishingTemplate(t.db, organization.id, {
      vector: 'callback',
      texts: {
        en_us: { name: 'Order', scenario: 'Call to cancel.', fromName: 'Orders', subject: 'Your order', html: '<p>Not you? Call {{callback_number}} now.</p>', text: 'Not you? Call {{callback_number}} now.', redFlags: [] },
      },
    });
    const campaignId = await launchNow(organization.id, template.id, [person]);
    expect(await sendEverythingDue(campaignId)).toEqual(['sent']);
    const mail = inbox.received.find((received) => (received.to as { text: string }).text.includes(person.email));
    expect(mail?.text).toContain(`Not you? Call ${callbackNumber} now.`);
    expect(mail?.html).toContain(`Call ${callbackNumber} now.`);
  });
});
