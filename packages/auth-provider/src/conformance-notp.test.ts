// @vitest-environment jsdom
/**
 * Conformance: WhatsApp number-based login ("nOTP", contract §2.7 and §5.6) through the published
 * @descope/web-js-sdk against our provider. The person's WhatsApp message reaches the provider the
 * way Twilio delivers it: a form POST signed with X-Twilio-Signature, computed here from Twilio's
 * published algorithm. Without Twilio, a superadmin confirms the request from the operator outbox.
 */
import { createHmac } from 'node:crypto';
import createSdk from '@descope/web-js-sdk';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyedHash } from './crypto.ts';
import { authEvents, outboxMessages, tenantSignInPolicies, verifications } from './schema/index.ts';
import { projectId, providerSecret, useProvider } from './test/provider-harness.ts';

const appUrl = 'http://app.vigil.test';
const webhookPath = '/v1/notp/whatsapp/inbound';
const accountSid = 'ACtest0000000000000000000000000000';
const authToken = 'twilio-test-token';
const businessNumber = '+15550001111';

type Provider = ReturnType<typeof useProvider>;
const sdkFor = (provider: Provider) => () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: true, autoRefresh: false });

/** The message the link pre-fills, as WhatsApp would send it. */
const messageOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('text')!;

/** Twilio's signature, as Twilio documents it: HMAC-SHA1 (auth token) of the URL, then each POST field's name and value, sorted by name; base64. */
const twilioSignature = (token: string, url: string, params: Record<string, string>) =>
  createHmac('sha1', token)
    .update(url + Object.keys(params).sort().map((name) => name + params[name]).join(''))
    .digest('base64');

let messageCount = 0;
/** A WhatsApp message to the business number, posted as Twilio posts it to the webhook. */
const deliverWhatsApp = async (
  provider: Provider,
  from: string,
  text: string,
  { token = authToken, tamper, channel = 'whatsapp' }: { token?: string; tamper?: (params: Record<string, string>) => void; channel?: 'whatsapp' | 'sms' } = {},
) => {
  const sid = `SM${String(++messageCount).padStart(32, '0')}`;
  const params: Record<string, string> = {
    SmsMessageSid: sid,
    NumMedia: '0',
    ProfileName: 'Ada',
    MessageType: 'text',
    SmsSid: sid,
    WaId: from.slice(1),
    SmsStatus: 'received',
    Body: text,
    To: channel === 'whatsapp' ? `whatsapp:${businessNumber}` : businessNumber,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: accountSid,
    From: channel === 'whatsapp' ? `whatsapp:${from}` : from,
    ApiVersion: '2010-04-01',
  };
  const signature = twilioSignature(token, `${appUrl}${webhookPath}`, params);
  tamper?.(params);
  const response = await fetch(`${provider.baseUrl}${webhookPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
};

/** One poll, as the SDK makes it: non-2xx until the message has arrived. */
const poll = async (provider: Provider, pendingRef: string) => {
  const response = await fetch(`${provider.baseUrl}/v1/auth/notp/pending-session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pendingRef }),
  });
  return { status: response.status, body: (await response.json()) as { errorCode?: string; sessionJwt?: string } };
};

const pendingRow = (provider: Provider, pendingRef: string) =>
  provider.database.db.select().from(verifications).where(eq(verifications.pendingRefHash, keyedHash(providerSecret, pendingRef)));

beforeEach(() => localStorage.clear());

/** Moves a request's expiry into the past, as ten minutes passing would. */
const expire = (on: ReturnType<typeof useProvider>, pendingRef: string) =>
  on.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.pendingRefHash, keyedHash(providerSecret, pendingRef)));

describe('with Twilio: the message comes back through the signed webhook', () => {
  const provider = useProvider({ limits: { perLoginId: { max: 50, windowSeconds: 600 }, perIp: { max: 1000, windowSeconds: 60 } } });
  const newSdk = sdkFor(provider);

  it('signIn answers a wa.me link to the business number with a code, and the same link as a QR code', async () => {
    const user = await provider.buildUser();
    const started = await newSdk().notp.signIn(user.phone);
    expect(started.ok).toBe(true);
    const { pendingRef, redirectUrl, image } = started.data!;
    expect(pendingRef).toMatch(/^[\w-]{40,}$/);
    expect(redirectUrl).toMatch(/^https:\/\/wa\.me\/15550001111\?text=/);
    expect(messageOf(redirectUrl)).toMatch(/^Sign me in to Vigil: [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const png = PNG.sync.read(Buffer.from(image, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(redirectUrl);
    // Only keyed hashes are kept: neither the code nor the reference is in the table.
    const [row] = await pendingRow(provider, pendingRef);
    expect(row).toMatchObject({ kind: 'notp', channel: 'whatsapp', loginId: user.phone, userId: user.userId });
    expect(JSON.stringify(row)).not.toContain(messageOf(redirectUrl).slice(-9));
    expect(JSON.stringify(row)).not.toContain(pendingRef);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(10 * 60 * 1000, -4);
  });

  it('waitForSession polls until the signed message from the person’s phone arrives, then has a WhatsApp session', async () => {
    const user = await provider.buildUser();
    const asking = newSdk();
    const started = (await asking.notp.signIn(user.phone)).data!;
    const waiting = asking.notp.waitForSession(started.pendingRef, { pollingIntervalMs: 1000, timeoutMs: 20_000 });

    const early = await poll(provider, started.pendingRef);
    expect(early.status).toBe(401);
    expect(early.body.errorCode).toBe('E066103');

    const answer = await deliverWhatsApp(provider, user.phone, messageOf(started.redirectUrl));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/xml/);
    expect(answer.text).toContain('<Response>');
    expect(answer.text).toContain('If you did not start this sign-in yourself just now, tell your security team at once');

    const session = await waiting;
    expect(session.ok).toBe(true);
    const claims = decodeJwt(session.data!.sessionJwt);
    expect(claims).toMatchObject({ sub: user.userId, amr: ['whatsapp'] });
    expect(localStorage.getItem('DS')).toBe(session.data!.sessionJwt);
    const events = await provider.database.db.select().from(authEvents).where(eq(authEvents.userId, user.userId));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'notp.confirm', method: 'notp', success: true, loginId: user.phone }),
        expect.objectContaining({ event: 'signin', method: 'notp', success: true }),
      ]),
    );
  });

  it('refuses a request without the right signature with 403 and confirms nothing', async () => {
    const user = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;
    const text = messageOf(started.redirectUrl);

    const wrongToken = await deliverWhatsApp(provider, user.phone, text, { token: 'not-the-account-token' });
    expect(wrongToken.status).toBe(403);
    expect(JSON.parse(wrongToken.text)).toMatchObject({ errorCode: 'E011403' });
    // Signed for another sender: the signature no longer matches what arrives.
    const changed = await deliverWhatsApp(provider, '+15550009999', text, { tamper: (params) => (params.From = `whatsapp:${user.phone}`) });
    expect(changed.status).toBe(403);
    const unsigned = await fetch(`${provider.baseUrl}${webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ From: `whatsapp:${user.phone}`, Body: text }).toString(),
    });
    expect(unsigned.status).toBe(403);

    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');
    expect((await pendingRow(provider, started.pendingRef))[0]).toMatchObject({ verifiedAt: null, consumedAt: null });
    // Still live: the genuine message confirms it.
    expect((await deliverWhatsApp(provider, user.phone, text)).status).toBe(200);
    expect((await poll(provider, started.pendingRef)).status).toBe(200);
  });

  it('a message from another phone does not confirm a request that named a phone', async () => {
    const user = await provider.buildUser();
    const stranger = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;

    const answer = await deliverWhatsApp(provider, stranger.phone, messageOf(started.redirectUrl));
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<Message>');
    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');
    const [refused] = await provider.database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, user.userId), eq(authEvents.event, 'notp.confirm')));
    expect(refused).toMatchObject({ success: false, loginId: stranger.phone, reason: expect.stringContaining('another phone') });
  });

  it('an SMS with the code to the same number confirms nothing: only WhatsApp vouches for the sender', async () => {
    const user = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;
    const answer = await deliverWhatsApp(provider, user.phone, messageOf(started.redirectUrl), { channel: 'sms' });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<Message>');
    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');
    expect((await deliverWhatsApp(provider, user.phone, messageOf(started.redirectUrl))).text).toContain('<Message>');
  });

  it('with no phone given, whoever’s account the sending phone belongs to is signed in; an unknown phone confirms nothing', async () => {
    const user = await provider.buildUser();
    // The SDK sends the login id as a string, which may be empty (contract §2.7).
    const anonymous = (await newSdk().notp.signIn('')).data!;
    expect(anonymous.redirectUrl).toMatch(/^https:\/\/wa\.me\/15550001111\?text=/);
    const text = messageOf(anonymous.redirectUrl);

    expect((await deliverWhatsApp(provider, '+15550000042', text)).text).not.toContain('<Message>');
    expect((await poll(provider, anonymous.pendingRef)).body.errorCode).toBe('E066103');

    const asking = newSdk();
    expect((await deliverWhatsApp(provider, user.phone, text)).text).toContain('<Message>');
    const session = await asking.notp.waitForSession(anonymous.pendingRef, { pollingIntervalMs: 1000, timeoutMs: 10_000 });
    expect(decodeJwt(session.data!.sessionJwt)).toMatchObject({ sub: user.userId, amr: ['whatsapp'] });
  });

  it('answers an unknown phone exactly like a known one, and sends nothing anywhere', async () => {
    const user = await provider.buildUser();
    const twilioBefore = provider.twilio.received.length;
    const known = await newSdk().notp.signIn(user.phone);
    const unknown = await newSdk().notp.signIn('+15550000077');
    expect(unknown.code).toBe(known.code);
    expect(Object.keys(unknown.data!).sort()).toEqual(Object.keys(known.data!).sort());
    expect(unknown.data!.redirectUrl.replace(/text=.*/, '')).toBe(known.data!.redirectUrl.replace(/text=.*/, ''));
    expect(messageOf(unknown.data!.redirectUrl)).toMatch(/^Sign me in to Vigil: \S{4}-\S{4}$/);
    expect(provider.twilio.received.length).toBe(twilioBefore);
    // The unknown phone's own message does not make a session out of nothing.
    await deliverWhatsApp(provider, '+15550000077', messageOf(unknown.data!.redirectUrl));
    expect((await poll(provider, unknown.data!.pendingRef)).body.errorCode).toBe('E066103');
  });

  it('an expired request cannot be confirmed', async () => {
    const user = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;
    await expire(provider, started.pendingRef);
    const answer = await deliverWhatsApp(provider, user.phone, messageOf(started.redirectUrl));
    expect(answer.text).not.toContain('<Message>');
    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');
  });

  it('a used code and a used reference give nothing more', async () => {
    const user = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;
    const text = messageOf(started.redirectUrl);
    await deliverWhatsApp(provider, user.phone, text);
    expect((await poll(provider, started.pendingRef)).status).toBe(200);

    // The same message again (Twilio retries, or someone replays it), and the same poll again.
    expect((await deliverWhatsApp(provider, user.phone, text)).text).not.toContain('<Message>');
    const again = await poll(provider, started.pendingRef);
    expect(again.status).toBe(401);
    expect(again.body.errorCode).toBe('E066103');
  });

  it('a newer request retires the earlier one for the same phone', async () => {
    const user = await provider.buildUser();
    const first = (await newSdk().notp.signIn(user.phone)).data!;
    const second = (await newSdk().notp.signIn(user.phone)).data!;
    await deliverWhatsApp(provider, user.phone, messageOf(first.redirectUrl));
    expect((await poll(provider, first.pendingRef)).body.errorCode).toBe('E066103');
    await deliverWhatsApp(provider, user.phone, messageOf(second.redirectUrl));
    expect((await poll(provider, second.pendingRef)).status).toBe(200);
  });

  it('tolerates overlapping polls: exactly one of them gets the session', async () => {
    const user = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;
    await deliverWhatsApp(provider, user.phone, messageOf(started.redirectUrl));
    const polls = await Promise.all(Array.from({ length: 5 }, () => poll(provider, started.pendingRef)));
    expect(polls.filter((p) => p.status === 200)).toHaveLength(1);
    expect(polls.filter((p) => p.status === 401).every((p) => p.body.errorCode === 'E066103')).toBe(true);
  });

  it('applies the organisation’s sign-in policy and the person’s second-factor requirement through the sign-in gate', async () => {
    const refused = await provider.buildUser();
    await provider.database.db.insert(tenantSignInPolicies).values({ tenantId: refused.tenantIds[0]!, requireSso: false, requireMfa: false, allowedMethods: ['password'] });
    const started = (await newSdk().notp.signIn(refused.phone)).data!;
    await deliverWhatsApp(provider, refused.phone, messageOf(started.redirectUrl));
    const answer = await poll(provider, started.pendingRef);
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe('E062113');
    const [failure] = await provider.database.db.select().from(authEvents).where(and(eq(authEvents.userId, refused.userId), eq(authEvents.event, 'signin')));
    expect(failure).toMatchObject({ success: false, method: 'notp' });

    const stepUp = await provider.buildUser();
    await provider.management.setSignInPolicy(stepUp.userId, { requireMfa: true, sessionMaxSeconds: null, reason: 'test' });
    const next = (await newSdk().notp.signIn(stepUp.phone)).data!;
    await deliverWhatsApp(provider, stepUp.phone, messageOf(next.redirectUrl));
    const session = await poll(provider, next.pendingRef);
    expect(decodeJwt(session.body.sessionJwt!)).toMatchObject({ amr: ['whatsapp'], mfa_required: true });
  });

  it('refuses sign-up where it is not open, and signup-in of an unknown phone makes no account', async () => {
    const signUp = await newSdk().notp.signUp('+15550000088');
    expect(signUp.code).toBe(403);
    expect(signUp.error?.errorCode).toBe('E062110');
    const signUpOrIn = await newSdk().notp.signUpOrIn('+15550000089');
    expect(signUpOrIn.ok).toBe(true);
    const [row] = await pendingRow(provider, signUpOrIn.data!.pendingRef);
    expect(row!.userId).toBeNull();
  });

  it('refuses a login id that is not a phone number in the contract shape', async () => {
    const refused = await newSdk().notp.signIn('ada@vigil.test');
    expect(refused.code).toBe(400);
    expect(refused.error).toMatchObject({ errorCode: 'E011003', errorDescription: expect.stringContaining('loginId') });
  });
});

describe('embedded default (no Twilio): the request waits in the operator outbox', () => {
  const provider = useProvider({ twilio: undefined, selfSignUp: true, limits: { perLoginId: { max: 50, windowSeconds: 600 }, perIp: { max: 1000, windowSeconds: 60 } } });
  const newSdk = sdkFor(provider);

  const outboxOf = async (userIds: string[]) => (await provider.management.listOutboxFor(userIds)).filter((message) => message.channel === 'whatsapp-inbound');

  it('a superadmin confirms the waiting request from the outbox, and the page gets its session', async () => {
    const user = await provider.buildUser();
    const other = await provider.buildUser();
    const asking = newSdk();
    const started = (await asking.notp.signIn(user.phone)).data!;
    // No business number: WhatsApp asks whom to send the message to.
    expect(started.redirectUrl).toMatch(/^https:\/\/wa\.me\/\?text=Sign%20me%20in%20to%20Vigil%3A%20/);
    const png = PNG.sync.read(Buffer.from(started.image, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(started.redirectUrl);

    const [waitingMessage] = await outboxOf([user.userId]);
    expect(waitingMessage).toMatchObject({ recipient: user.phone, subject: `Waiting for WhatsApp from ${user.phone}` });
    expect(waitingMessage!.body).toContain(messageOf(started.redirectUrl));
    expect(await outboxOf([other.userId])).toEqual([]);

    // Another organisation's superadmin: the request is not theirs to confirm.
    expect(await provider.management.confirmWhatsAppFromOutbox(waitingMessage!.id, [other.userId])).toEqual({ outcome: 'not-found' });
    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');

    const waiting = asking.notp.waitForSession(started.pendingRef, { pollingIntervalMs: 1000, timeoutMs: 10_000 });
    expect(await provider.management.confirmWhatsAppFromOutbox(waitingMessage!.id, [user.userId, other.userId])).toEqual({ outcome: 'confirmed', userId: user.userId });
    const session = await waiting;
    expect(decodeJwt(session.data!.sessionJwt)).toMatchObject({ sub: user.userId, amr: ['whatsapp'] });
    // No longer waiting: gone from the outbox, and it cannot be confirmed twice.
    expect(await outboxOf([user.userId])).toEqual([]);
    expect(await provider.management.confirmWhatsAppFromOutbox(waitingMessage!.id, [user.userId])).toEqual({ outcome: 'not-found' });
    const [confirmedEvent] = await provider.database.db.select().from(authEvents).where(and(eq(authEvents.userId, user.userId), eq(authEvents.event, 'notp.confirm')));
    expect(confirmedEvent).toMatchObject({ success: true, reason: 'confirmed from the operator outbox' });
  });

  it('is never confirmed from the outbox for someone another organisation also holds (a managed-service operator)', async () => {
    const operator = await provider.buildUser({ tenants: 2 });
    const started = (await newSdk().notp.signIn(operator.phone)).data!;
    const [waitingMessage] = await outboxOf([operator.userId]);
    expect(await provider.management.confirmWhatsAppFromOutbox(waitingMessage!.id, [operator.userId])).toEqual({ outcome: 'not-found' });
    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');
  });

  it('an expired outbox request is gone: confirming it changes nothing', async () => {
    const user = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;
    await expire(provider, started.pendingRef);
    const [waitingMessage] = await outboxOf([user.userId]);
    expect(await provider.management.confirmWhatsAppFromOutbox(waitingMessage!.id, [user.userId])).toMatchObject({ outcome: 'gone' });
    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');
  });

  it('an unknown phone gets the same answer and nothing in the outbox', async () => {
    const before = await provider.database.db.select().from(outboxMessages);
    const unknown = await newSdk().notp.signIn('+15550000066');
    expect(unknown.ok).toBe(true);
    expect(Object.keys(unknown.data!).sort()).toEqual(['image', 'pendingRef', 'redirectUrl']);
    expect(await provider.database.db.select().from(outboxMessages)).toHaveLength(before.length);
  });

  it('needs a phone number, since no message can arrive here', async () => {
    const refused = await newSdk().notp.signIn('');
    expect(refused.code).toBe(400);
    expect(refused.error).toMatchObject({ errorCode: 'E011002', errorDescription: expect.stringContaining('loginId') });
  });

  it('refuses every webhook call: without Twilio nothing can prove where it comes from', async () => {
    const user = await provider.buildUser();
    const started = (await newSdk().notp.signIn(user.phone)).data!;
    const answer = await deliverWhatsApp(provider, user.phone, messageOf(started.redirectUrl));
    expect(answer.status).toBe(403);
    expect((await poll(provider, started.pendingRef)).body.errorCode).toBe('E066103');
  });

  it('signs a newcomer up where sign-up is open: the account signs in with the phone it confirmed', async () => {
    const phone = '+15550000055';
    const started = await newSdk().notp.signUp(phone, { name: 'Nia Newcomer', givenName: 'Nia', familyName: 'Newcomer' });
    expect(started.ok).toBe(true);
    const [row] = await pendingRow(provider, started.data!.pendingRef);
    const [waitingMessage] = await outboxOf([row!.userId!]);
    expect(await provider.management.confirmWhatsAppFromOutbox(waitingMessage!.id, [row!.userId!])).toMatchObject({ outcome: 'confirmed' });
    const session = await poll(provider, started.data!.pendingRef);
    expect(session.status).toBe(200);
    expect((session.body as { user?: { loginIds: string[]; name: string } }).user).toMatchObject({ loginIds: [phone], name: 'Nia Newcomer' });
  });
});
