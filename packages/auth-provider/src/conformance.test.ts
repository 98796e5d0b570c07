// @vitest-environment jsdom
/**
 * Conformance: the published @descope/web-js-sdk, unmodified, pointed at our provider with
 * `baseUrl`. Each test signs in as a user it builds, so files and tests never share state.
 */
import createSdk from '@descope/web-js-sdk';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authEvents } from './schema/index.ts';
import { projectId, useProvider } from './test/provider-harness.ts';

const provider = useProvider();
const newSdk = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: true, autoRefresh: false });
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

beforeEach(() => localStorage.clear());

describe('password', () => {
  it('signs in, persists DS, DSR, DSLI and the last-user keys, and returns a session our JWKS verifies', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const result = await sdk.password.signIn(user.email, user.password);
    expect(result.ok).toBe(true);
    const data = result.data!;
    expect(data.user).toMatchObject({ userId: user.userId, loginIds: [user.email, user.phone], email: user.email, password: true, TOTP: false });
    expect(data.sessionExpiration).toBeGreaterThan(Date.now() / 1000 + 500);
    expect(localStorage.getItem('DS')).toBe(data.sessionJwt);
    expect(localStorage.getItem('DSR')).toBe(data.refreshJwt);
    expect(localStorage.getItem('DSLI')).toBe(String(data.sessionExpiration));
    expect(localStorage.getItem('dls_last_user_login_id')).toBe(user.email);

    const keys = createRemoteJWKSet(new URL(`${provider.baseUrl}/v2/keys/${projectId}`));
    const { payload, protectedHeader } = await jwtVerify(data.sessionJwt, keys, { issuer: projectId });
    expect(protectedHeader.alg).toBe('ES384');
    expect(payload).toMatchObject({ sub: user.userId, drn: 'DS', amr: ['pwd'], tenants: { [user.tenantIds[0]!]: { roles: ['Admin'] } } });
    expect(decodeJwt(data.refreshJwt!)).toMatchObject({ drn: 'DSR', sub: user.userId });
  });

  it('refuses a wrong password and an unknown login id with the same answer', async () => {
    const user = await provider.buildUser();
    const wrong = await newSdk().password.signIn(user.email, 'not the right password');
    const unknown = await newSdk().password.signIn('nobody@vigil.test', 'not the right password');
    expect(wrong.ok).toBe(false);
    expect(wrong.code).toBe(401);
    expect(unknown.code).toBe(wrong.code);
    expect(unknown.error).toEqual(wrong.error);
    expect(wrong.error).toMatchObject({ errorCode: 'E061004', errorDescription: expect.any(String), errorMessage: expect.any(String) });
  });

  it('publishes its policy and refuses short and common passwords on replace', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    expect((await sdk.password.policy()).data).toMatchObject({ minLength: 12, lowercase: false, uppercase: false, number: false, nonAlphanumeric: false });
    const short = await sdk.password.replace(user.email, user.password, 'short');
    expect(short.error).toMatchObject({ errorCode: 'E062901', errorDescription: expect.stringContaining('at least 12') });
    const common = await sdk.password.replace(user.email, user.password, 'password1234');
    expect(common.error?.errorDescription).toContain('too common');
    const replaced = await sdk.password.replace(user.email, user.password, 'a much better passphrase');
    expect(replaced.ok).toBe(true);
    expect((await newSdk().password.signIn(user.email, 'a much better passphrase')).ok).toBe(true);
  });

  it('updates the password with the refresh token of a session', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const signedIn = await sdk.password.signIn(user.email, user.password);
    const updated = await sdk.password.update(user.email, 'another long passphrase', signedIn.data!.refreshJwt);
    expect(updated.ok).toBe(true);
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(false);
  });

  it('mails a reset link that signs in once, and then lets the password be set', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const sent = await sdk.password.sendReset(user.email, 'http://app.vigil.test/login/reset-password/');
    expect(sent.data).toMatchObject({ resetMethod: 'email', maskedEmail: expect.stringContaining('@vigil.test') });
    const mail = await provider.inbox.nextMailTo(user.email);
    expect(mail.subject).toBe('Reset your Vigil password');
    const token = /[?&]t=([\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const verified = await sdk.magicLink.verify(token!);
    expect(verified.ok).toBe(true);
    expect((await sdk.password.update(user.email, 'brand new passphrase here', verified.data!.refreshJwt)).ok).toBe(true);
    const again = await newSdk().magicLink.verify(token!);
    expect(again.ok).toBe(false);
  });

  it('refuses a reset link that would lead out of the application', async () => {
    const user = await provider.buildUser();
    const result = await newSdk().password.sendReset(user.email, 'https://attacker.example/steal');
    expect(result.code).toBe(400);
    expect(result.error?.errorDescription).toContain('redirectUrl');
  });
});

describe('one-time code by email', () => {
  it('delivers a code to a real SMTP server; the code signs in once', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const sent = await sdk.otp.signIn.email(user.email);
    expect(sent.ok).toBe(true);
    expect(sent.data?.maskedEmail).toMatch(/^us\*+@vigil\.test$/);
    const mail = await provider.inbox.nextMailTo(user.email);
    expect(mail.subject).toBe('Your Vigil sign-in code');
    const code = codeIn(mail.text);
    const verified = await sdk.otp.verify.email(user.email, code!);
    expect(verified.ok).toBe(true);
    expect(decodeJwt(verified.data!.sessionJwt).amr).toEqual(['email']);
    expect((await newSdk().otp.verify.email(user.email, code!)).ok).toBe(false);
  });

  it('kills a code after three wrong tries, even if the right one follows', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    await sdk.otp.signIn.email(user.email);
    const code = codeIn((await provider.inbox.nextMailTo(user.email)).text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) {
      const result = await sdk.otp.verify.email(user.email, wrong);
      expect(result.error?.errorCode).toBe('E061102');
    }
    expect((await sdk.otp.verify.email(user.email, code)).ok).toBe(false);
  });

  it('answers an unknown email like a known one, and sends nothing', async () => {
    const sdk = newSdk();
    const before = provider.inbox.received.length;
    const result = await sdk.otp.signIn.email('nobody.here@vigil.test');
    expect(result.ok).toBe(true);
    expect(result.data?.maskedEmail).toMatch(/^no\*+@vigil\.test$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(provider.inbox.received.length).toBe(before);
  });
});

describe('sessions', () => {
  it('refresh rotates the refresh token; reusing the old one revokes the whole family', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const first = (await sdk.password.signIn(user.email, user.password)).data!;
    const rotated = await sdk.refresh();
    expect(rotated.ok).toBe(true);
    expect(rotated.data!.refreshJwt).not.toBe(first.refreshJwt);
    expect(localStorage.getItem('DSR')).toBe(rotated.data!.refreshJwt);

    const reuse = await newSdk().refresh(first.refreshJwt);
    expect(reuse.code).toBe(401);
    const [recorded] = await provider.database.db.select().from(authEvents).where(and(eq(authEvents.userId, user.userId), eq(authEvents.event, 'refresh.reuse')));
    expect(recorded).toMatchObject({ success: false });
    // The family is gone: the newest token no longer works either, and the SDK cleared its storage.
    const after = await sdk.refresh();
    expect(after.code).toBe(401);
    expect(localStorage.getItem('DS')).toBeNull();
    expect(localStorage.getItem('DSR')).toBeNull();
  });

  it('try-refresh answers 200 without tokens when there is no session', async () => {
    localStorage.setItem('dls_last_user_login_id', 'someone@vigil.test');
    const result = await newSdk().refresh(undefined, true);
    expect(result.ok).toBe(true);
    expect(result.data?.sessionJwt).toBeUndefined();
  });

  it('me, me/tenants and me/history describe the signed-in user', async () => {
    const user = await provider.buildUser({ tenants: 2 });
    const sdk = newSdk();
    await sdk.password.signIn(user.email, user.password);
    const me = await sdk.me();
    expect(me.data).toMatchObject({ userId: user.userId, userTenants: expect.arrayContaining([expect.objectContaining({ tenantId: user.tenantIds[0], roleNames: ['Admin'] })]) });
    const tenants = await sdk.myTenants([user.tenantIds[1]!]);
    expect(tenants.data).toEqual({ tenants: [expect.objectContaining({ id: user.tenantIds[1] })] });
    const history = await sdk.history();
    expect(history.data).toEqual([expect.objectContaining({ userId: user.userId, loginTime: expect.any(Number), ip: expect.any(String) })]);
  });

  it('tenant/select puts the chosen tenant in dct, and refuses a tenant the user is not in', async () => {
    const user = await provider.buildUser({ tenants: 2 });
    const sdk = newSdk();
    await sdk.password.signIn(user.email, user.password);
    const selected = await sdk.selectTenant(user.tenantIds[1]!);
    expect(selected.ok).toBe(true);
    expect(decodeJwt(selected.data!.sessionJwt).dct).toBe(user.tenantIds[1]);
    // The choice survives a refresh.
    expect(decodeJwt((await sdk.refresh()).data!.sessionJwt).dct).toBe(user.tenantIds[1]);
    const refused = await sdk.selectTenant('T-not-mine');
    expect(refused.code).toBe(403);
    expect((await sdk.myTenants(true)).data?.tenants).toEqual([expect.objectContaining({ id: user.tenantIds[1] })]);
  });

  it('logout ends the session and clears DS, DSR, DSLI and the last-user keys', async () => {
    const user = await provider.buildUser();
    const sdk = newSdk();
    const signedIn = (await sdk.password.signIn(user.email, user.password)).data!;
    await sdk.logout();
    for (const key of ['DS', 'DSR', 'DSLI', 'dls_last_user_login_id', 'dls_last_user_display_name']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect((await newSdk().refresh(signedIn.refreshJwt)).code).toBe(401);
  });

  it('logoutall ends every session of the user', async () => {
    const user = await provider.buildUser();
    const laptop = (await newSdk().password.signIn(user.email, user.password)).data!;
    const phone = newSdk();
    await phone.password.signIn(user.email, user.password);
    await phone.logoutAll();
    expect((await newSdk().refresh(laptop.refreshJwt)).code).toBe(401);
  });

  it('a disabled user loses every session at once', async () => {
    const user = await provider.buildUser();
    const session = (await newSdk().password.signIn(user.email, user.password)).data!;
    await provider.management.disableUser(user.userId);
    expect((await newSdk().refresh(session.refreshJwt)).code).toBe(401);
    expect((await newSdk().password.signIn(user.email, user.password)).code).toBe(401);
  });
});

describe('keys', () => {
  it('rotation keeps tokens signed by the old key verifiable', async () => {
    const user = await provider.buildUser();
    const before = (await newSdk().password.signIn(user.email, user.password)).data!;
    await provider.app.authProvider.keys.rotate();
    const after = (await newSdk().password.signIn(user.email, user.password)).data!;
    const keys = createRemoteJWKSet(new URL(`${provider.baseUrl}/v2/keys/${projectId}`));
    const headers = await Promise.all([before, after].map(async (d) => (await jwtVerify(d.sessionJwt, keys)).protectedHeader.kid));
    expect(headers[0]).not.toBe(headers[1]);
    const published = (await (await fetch(`${provider.baseUrl}/v2/keys/${projectId}`)).json()) as { keys: { kid: string; alg: string; use: string }[] };
    expect(published.keys.map((k) => k.kid)).toEqual(expect.arrayContaining(headers as string[]));
    expect(published.keys.every((k) => k.alg === 'ES384' && k.use === 'sig')).toBe(true);
  });
});

describe('a replaced secret', () => {
  it('retires the key it cannot decrypt and signs with a new one; earlier sessions stay verifiable', async () => {
    const { createKeyRing } = await import('./keys/signing-keys.ts');
    const user = await provider.buildUser();
    const before = (await newSdk().password.signIn(user.email, user.password)).data!;
    const retired: string[] = [];
    const ring = createKeyRing(provider.database.db, Buffer.from('a-different-secret-of-32-bytes-long!!'), 3600, (kid) => retired.push(kid));
    const { kid } = await ring.signingKey();
    expect(retired).toHaveLength(1);
    expect(kid).not.toBe(retired[0]);
    const keys = createRemoteJWKSet(new URL(`${provider.baseUrl}/v2/keys/${projectId}`));
    await expect(jwtVerify(before.sessionJwt, keys)).resolves.toBeTruthy();
  });
});

describe('closed sign-up (the default)', () => {
  it('refuses sign-up whatever the address, without telling whether it exists', async () => {
    const user = await provider.buildUser();
    const known = await newSdk().password.signUp(user.email, 'a perfectly long passphrase');
    const unknown = await newSdk().password.signUp('fresh.person@vigil.test', 'a perfectly long passphrase');
    expect(known.code).toBe(403);
    expect(unknown.error).toEqual(known.error);
    expect(known.error?.errorCode).toBe('E062110');
  });
});
