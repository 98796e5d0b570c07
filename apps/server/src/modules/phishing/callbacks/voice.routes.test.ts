import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestPhishApp } from '../../../test/test-phish-app.ts';
import { buildTrackedRecipient } from '../../../test/tracking-factories.ts';
import { twilioSignatureOf } from '@vigil/auth-provider';

const authToken = 'voice-webhook-auth-token';
const callbackNumber = '+15550009000';
const t = useTestPhishApp({ TWILIO_ACCOUNT_SID: 'ACvoice00000000000000000000000000', TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: '+15550009001', CALLBACK_NUMBER: callbackNumber });

let callCount = 0;
/** A call as Twilio posts it to the webhook, signed with `token` (the account's, unless a test says otherwise). */
const call = async (from: string, { token = authToken, tamper }: { token?: string; tamper?: (form: URLSearchParams) => void } = {}) => {
  const form = new URLSearchParams({ AccountSid: 'ACvoice00000000000000000000000000', CallSid: `CA${String(++callCount).padStart(32, '0')}`, From: from, Caller: from, To: callbackNumber, CallStatus: 'ringing', Direction: 'inbound', ApiVersion: '2010-04-01' });
  const signature = twilioSignatureOf(token, 'http://phish.test/v/voice', form);
  tamper?.(form);
  const response = await t.app.inject({ method: 'POST', url: '/v/voice', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, payload: form.toString() });
  await t.app.eventWriter.flush();
  return response;
};

const eventsOf = (recipientIds: string[]) =>
  t.db.select({ type: events.type, recipientId: events.recipientId, organizationId: events.organizationId, data: events.data }).from(events).where(inArray(events.recipientId, recipientIds)).orderBy(asc(events.id));

/** A person with `phone` who was sent a callback lure `sentSecondsAgo` ago, in an organisation of their own. */
const calledBack = async (phone: string, { language = 'en_us', sentSecondsAgo = 3_600, vector = 'callback', organizationName = 'Harbor Freight Co' } = {}) => {
  const organization = await buildOrganization(t.db, { name: organizationName });
  const person = await buildPerson(t.db, organization.id, { phone });
  return buildTrackedRecipient(t.db, t.secrets, { vector, language, sentSecondsAgo, recipientOf: person });
};

describe('the voice webhook of the callback number', () => {
  it('records a correctly signed call from a person sent a callback lure, and tells them in their language it was a test', async () => {
    const mine = await calledBack('+15550007001', { language: 'fr_fr', organizationName: 'Harbor <Freight> & Co' });
    const theirs = await calledBack('+15550007002');

    const response = await call('+15550007001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<Response><Say language="fr-FR">Bonjour\. Cet appel faisait partie d’un test de sensibilisation à la sécurité organisé par Harbor &lt;Freight&gt; &amp; Co\..*<\/Say><Hangup\/><\/Response>$/);
    // Only the caller's recipient, in its own organisation; the other organisation's callback lure is untouched.
    expect(await eventsOf([mine.recipient.id, theirs.recipient.id])).toEqual([
      { type: 'called', recipientId: mine.recipient.id, organizationId: mine.org.id, data: { callSid: expect.stringMatching(/^CA/) } },
    ]);
  });

  it('refuses a request with a wrong signature, a changed field or no signature (403), and records nothing', async () => {
    const { recipient } = await calledBack('+15550007011');
    expect((await call('+15550007011', { token: 'not-the-account-token' })).statusCode).toBe(403);
    // Signed for another caller, then the caller changed: a forged From.
    expect((await call('+15550007999', { tamper: (form) => form.set('From', '+15550007011') })).statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: '/v/voice', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'From=%2B15550007011&To=%2B15550009000' });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.body).not.toContain('<Response>');
    await t.app.eventWriter.flush();
    expect(await eventsOf([recipient.id])).toEqual([]);
  });

  it('answers any other caller with a neutral message and records nothing: an unknown number, an old or other kind of lure', async () => {
    const old = await calledBack('+15550007021', { sentSecondsAgo: 31 * 86_400 });
    const mailed = await calledBack('+15550007022', { vector: 'email-link' });
    for (const from of ['+15550007020', '+15550007021', '+15550007022', 'anonymous']) {
      const response = await call(from);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<Say language="en-US">Hello. This number belongs to a security awareness program and takes no calls. Goodbye.</Say>');
    }
    expect(await eventsOf([old.recipient.id, mailed.recipient.id])).toEqual([]);
  });

  it('records a number two organisations share once, for the lure sent last, never in the other organisation', async () => {
    const earlier = await calledBack('+15550007031', { sentSecondsAgo: 7_200 });
    const later = await calledBack('+15550007031', { sentSecondsAgo: 600 });
    expect((await call('+15550007031')).statusCode).toBe(200);
    const recorded = await eventsOf([earlier.recipient.id, later.recipient.id]);
    expect(recorded.map((event) => [event.recipientId, event.organizationId])).toEqual([[later.recipient.id, later.org.id]]);
    expect(await t.db.select().from(events).where(eq(events.organizationId, earlier.org.id))).toEqual([]);
  });
});
