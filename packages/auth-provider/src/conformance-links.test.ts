// @vitest-environment jsdom
/**
 * Conformance, continued: links, phone channels, updates, lockout and access keys, through the
 * published @descope/web-js-sdk against our provider, with mail from a real SMTP server and phone
 * messages from a local server that speaks Twilio's API.
 */
import createSdk from '@descope/web-js-sdk';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyedHash } from './crypto.ts';
import { outboxMessages, verifications } from './schema/index.ts';
import { projectId, useProvider } from './test/provider-harness.ts';

const provider = useProvider({ limits: { perLoginId: { max: 50, windowSeconds: 600 }, perIp: { max: 1000, windowSeconds: 60 } } });
const newSdk = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: true, autoRefresh: false });
const appUrl = 'http://app.vigil.test';
const tokenIn = (text: string | undefined) => /[?&]t=([\w-]+)/.exec(text ?? '')?.[1];
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];
const lastTwilio = (to: string) => provider.twilio.received.filter((r) => r.to.endsWith(to)).at(-1);
/** Phone messages leave after the answer: wait for the one to this number. */
const nextTwilio = async (to: string) => {
  await expect.poll(() => lastTwilio(to), { timeout: 5000 }).toBeTruthy();
  return lastTwilio(to)!;
};

beforeEach(() => localStorage.clear());

describe('magic link', () => {
  it('mails a link into the app that signs in once', async () => {
    const user = await provider.buildUser();
    const sent = await newSdk().magicLink.signIn.email(user.email, `${appUrl}/login/verify/`);
    expect(sent.data?.maskedEmail).toMatch(/@vigil\.test$/);
    const mail = await provider.inbox.nextMailTo(user.email);
    expect(mail.subject).toBe('Sign in to Vigil');
    expect(mail.text).toContain(`${appUrl}/login/verify/?t=`);
    const token = tokenIn(mail.text)!;
    const verified = await newSdk().magicLink.verify(token);
    expect(verified.ok).toBe(true);
    expect(verified.data?.user?.userId).toBe(user.userId);
    const reused = await newSdk().magicLink.verify(token);
    expect(reused.error?.errorCode).toBe('E061102');
  });

  it('refuses an expired link', async () => {
    const user = await provider.buildUser();
    await newSdk().magicLink.signIn.email(user.email, `${appUrl}/login/verify/`);
    const token = tokenIn((await provider.inbox.nextMailTo(user.email)).text)!;
    await provider.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.secretHash, keyedHash(Buffer.from('conformance-test-secret-of-32-bytes!!'), token)));
    expect((await newSdk().magicLink.verify(token)).code).toBe(401);
  });

  it('sends a link by SMS through the Twilio API', async () => {
    const user = await provider.buildUser();
    const sent = await newSdk().magicLink.signIn.sms(user.phone, `${appUrl}/login/verify/`);
    expect(sent.data?.maskedPhone).toBe(`${'*'.repeat(user.phone.length - 4)}${user.phone.slice(-4)}`);
    const sms = await nextTwilio(user.phone);
    expect(sms).toMatchObject({ kind: 'message', to: user.phone, from: '+15550001111' });
    expect((await newSdk().magicLink.verify(tokenIn(sms.body)!)).ok).toBe(true);
  });
});

describe('enchanted link', () => {
  it('the asking browser polls until the link is opened in another browser, then has the session', async () => {
    const user = await provider.buildUser();
    const asking = newSdk();
    const started = await asking.enchantedLink.signIn(user.email, `${appUrl}/login/enchanted/`);
    expect(started.data).toMatchObject({ pendingRef: expect.any(String), linkId: expect.stringMatching(/^\d{2}$/), maskedEmail: expect.any(String) });
    const waiting = asking.enchantedLink.waitForSession(started.data!.pendingRef, { pollingIntervalMs: 1000, timeoutMs: 20_000 });

    const mail = await provider.inbox.nextMailTo(user.email);
    expect(mail.subject).toBe(`Sign in to Vigil (link ${started.data!.linkId})`);
    // Not opened yet: the poll answers non-2xx, so the SDK keeps waiting.
    const early = await fetch(`${provider.baseUrl}/v1/auth/enchantedlink/pending-session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pendingRef: started.data!.pendingRef }),
    });
    expect(early.status).toBe(401);
    expect(((await early.json()) as { errorCode: string }).errorCode).toBe('E062503');

    const otherDevice = newSdk();
    expect((await otherDevice.enchantedLink.verify(tokenIn(mail.text)!)).ok).toBe(true);
    const session = await waiting;
    expect(session.ok).toBe(true);
    expect(decodeJwt(session.data!.sessionJwt).sub).toBe(user.userId);
    expect(localStorage.getItem('DS')).toBe(session.data!.sessionJwt);
  });

  it('ends polling with the SDK timeout result when the link is never opened', async () => {
    const started = await newSdk().enchantedLink.signIn('nobody.polls@vigil.test', `${appUrl}/login/enchanted/`);
    const result = await newSdk().enchantedLink.waitForSession(started.data!.pendingRef, { pollingIntervalMs: 1000, timeoutMs: 2500 });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ errorCode: '0', errorDescription: expect.stringContaining('Session polling timeout exceeded') });
  });
});

describe('codes on phone channels', () => {
  it('SMS: the code arrives through the Twilio API and signs in', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    await sdk.otp.signIn.sms(user.phone);
    const code = codeIn((await nextTwilio(user.phone)).body)!;
    const verified = await sdk.otp.verify.sms(user.phone, code);
    expect(verified.ok).toBe(true);
    expect(decodeJwt(verified.data!.sessionJwt).amr).toEqual(['sms']);
  });

  it('voice: a call reads the code out digit by digit', async () => {
    const user = await provider.buildUser();
    await newSdk().otp.signIn.voice(user.phone);
    const call = await nextTwilio(user.phone);
    expect(call.kind).toBe('call');
    const digits = /(\d, \d, \d, \d, \d, \d)/.exec(call.twiml ?? '')?.[1];
    expect(digits).toBeTruthy();
    expect((await newSdk().otp.verify.voice(user.phone, digits!.replace(/, /g, ''))).ok).toBe(true);
  });

  it('WhatsApp: sent as a whatsapp: message', async () => {
    const user = await provider.buildUser();
    await newSdk().otp.signIn.whatsapp(user.phone);
    expect(await nextTwilio(user.phone)).toMatchObject({ kind: 'message', to: `whatsapp:${user.phone}`, from: 'whatsapp:+15550001111' });
  });

  it('IM has no outside service: the code waits in the operator outbox', async () => {
    const user = await provider.buildUser();
    await newSdk().otp.signIn.im(user.phone);
    // Delivery happens after the answer, so the message lands a moment later.
    const waiting = () => provider.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.phone));
    await expect.poll(async () => (await waiting()).length).toBe(1);
    const [message] = await waiting();
    expect(message).toMatchObject({ channel: 'im', subject: 'Your Vigil sign-in code' });
    expect((await newSdk().otp.verify.im(user.phone, codeIn(message!.body)!)).ok).toBe(true);
  });
});

describe('updating the email and phone of a signed-in user', () => {
  it('a code sent to the new email confirms it; the person then signs in with the new email only', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const session = (await sdk.password.signIn(user.email, user.password)).data!;
    const newEmail = `moved.${user.userId.toLowerCase()}@vigil.test`;
    const sent = await sdk.otp.update.email(user.email, newEmail, session.refreshJwt);
    expect(sent.data?.maskedEmail).toMatch(/^mo\*+@vigil\.test$/);
    const code = codeIn((await provider.inbox.nextMailTo(newEmail)).text)!;
    const confirmed = await sdk.otp.verify.email(user.email, code);
    expect(confirmed.ok).toBe(true);
    expect(confirmed.data?.user).toMatchObject({ email: newEmail, loginIds: expect.arrayContaining([newEmail]), verifiedEmail: true });
    expect((await newSdk().password.signIn(newEmail, user.password)).ok).toBe(true);
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(false);
  });

  it('a magic link by SMS confirms a new phone', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const session = (await sdk.password.signIn(user.email, user.password)).data!;
    const newPhone = `+4479${user.phone.slice(-8)}`;
    await sdk.magicLink.update.phone.sms(user.email, newPhone, `${appUrl}/login/verify/`, session.refreshJwt);
    const confirmed = await newSdk().magicLink.verify(tokenIn((await nextTwilio(newPhone)).body)!);
    expect(confirmed.data?.user).toMatchObject({ phone: newPhone, verifiedPhone: true });
  });

  it('needs the session of the user whose login id it names', async () => {
    const owner = await provider.buildUser();
    const other = await provider.buildUser();
    const session = (await newSdk().password.signIn(other.email, other.password)).data!;
    const refused = await newSdk().otp.update.email(owner.email, 'hijack@vigil.test', session.refreshJwt);
    expect(refused.code).toBe(401);
  });
});

describe('lockout', () => {
  it('ten wrong passwords lock the account and mail an unlock link; the link unlocks it', async () => {
    const user = await provider.buildUser();
    for (let i = 0; i < 10; i++) await newSdk().password.signIn(user.email, `wrong password number ${i}`);
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(false);
    const mail = await provider.inbox.nextMailTo(user.email);
    expect(mail.subject).toBe('Your Vigil account was locked');
    const unlocked = await newSdk().magicLink.verify(tokenIn(mail.text)!);
    expect(unlocked.ok).toBe(true);
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(true);
  });
});

describe('access keys', () => {
  it('an admin-made key exchanges for a session our JWKS verifies; revoked and expired keys do not', async () => {
    const user = await provider.buildUser();
    const tenantId = user.tenantIds[0]!;
    const { id, accessKey } = await provider.management.createAccessKey({ name: 'SIEM export', tenantRoles: { [tenantId]: ['Admin'] } });
    const exchanged = await newSdk().accessKey.exchange(accessKey, { selectedTenant: tenantId });
    expect(exchanged.ok).toBe(true);
    expect(exchanged.data).toMatchObject({ keyId: id, expiration: expect.any(Number) });
    const keys = createRemoteJWKSet(new URL(`${provider.baseUrl}/v2/keys/${projectId}`));
    const { payload } = await jwtVerify(exchanged.data!.sessionJwt, keys, { issuer: projectId });
    expect(payload).toMatchObject({ sub: id, dct: tenantId, tenants: { [tenantId]: { roles: ['Admin'] } } });
    expect((await provider.management.listAccessKeys(tenantId))[0]).not.toHaveProperty('secretHash');

    await provider.management.revokeAccessKey(id);
    expect((await newSdk().accessKey.exchange(accessKey)).code).toBe(401);
    const expired = await provider.management.createAccessKey({ name: 'old', tenantRoles: {}, expiresAt: new Date(Date.now() - 1000) });
    expect((await newSdk().accessKey.exchange(expired.accessKey)).code).toBe(401);
  });
});
