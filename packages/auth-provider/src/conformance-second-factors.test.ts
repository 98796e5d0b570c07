// @vitest-environment jsdom
/**
 * Conformance for second factors (contract §2.10–2.11) through the published @descope/web-js-sdk:
 * authenticator apps (TOTP codes computed by `otpauth`, as a phone app would), recovery codes and
 * passkeys (a software authenticator producing real WebAuthn attestations and signatures).
 */
import createSdk from '@descope/web-js-sdk';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSoftwareAuthenticator } from './test/software-authenticator.ts';
import { projectId, useProvider } from './test/provider-harness.ts';

const origin = 'http://app.vigil.test';
const provider = useProvider({ selfSignUp: true });
const device = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
const codeAt = (key: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });
const post = async (path: string, body: object, token: string) => {
  const response = await device().httpClient.post(path, body, { token });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const signIn = async (user: { email: string; password: string }) => (await device().password.signIn(user.email, user.password)).data!;

beforeEach(() => localStorage.clear());

/** A person with a confirmed authenticator app, and the key their app holds. */
const withAuthenticatorApp = async () => {
  const user = await provider.buildUser();
  const session = await signIn(user);
  const setup = await device().totp.update(user.email, session.refreshJwt);
  expect(setup.ok).toBe(true);
  const key = setup.data!.key;
  const confirmed = await device().totp.verify(user.email, codeAt(key), undefined, session.refreshJwt);
  expect(confirmed.ok).toBe(true);
  return { user, key, session: confirmed.data! };
};

describe('an authenticator app (TOTP)', () => {
  it('is set up from a session: a QR code and key, confirmed by its first code, then asked for at every password sign-in', async () => {
    const user = await provider.buildUser();
    const session = await signIn(user);
    expect(session.claims?.mfa_required).toBeUndefined();

    const setup = await device().totp.update(user.email, session.refreshJwt);
    expect(setup.data!.provisioningURL).toMatch(/^otpauth:\/\/totp\/Vigil:.+\?.*secret=[A-Z2-7]+/);
    expect(setup.data!.key).toMatch(/^[A-Z2-7]{32}$/);
    expect(Buffer.from(setup.data!.image, 'base64').subarray(1, 4).toString()).toBe('PNG');

    // Until a code confirms it, the new app is not required: a password sign-in is enough.
    expect((await signIn(user)).claims?.mfa_required).toBeUndefined();
    const confirmed = await device().totp.verify(user.email, codeAt(setup.data!.key), undefined, session.refreshJwt);
    expect(confirmed.ok).toBe(true);
    expect(confirmed.data!.claims?.amr).toEqual(expect.arrayContaining(['pwd', 'totp', 'mfa']));
    expect(confirmed.data!.user?.TOTP).toBe(true);

    const next = await signIn(user);
    expect(next.claims?.mfa_required).toBe(true);
    const stepped = await device().totp.verify(user.email, codeAt(setup.data!.key, 30), { mfa: true }, next.refreshJwt);
    expect(stepped.ok).toBe(true);
    expect(stepped.data!.claims?.mfa_required).toBeUndefined();
    expect(stepped.data!.claims?.amr).toEqual(expect.arrayContaining(['pwd', 'totp', 'mfa']));
  });

  it('refuses a code used once already, even from another session', async () => {
    const { user, key } = await withAuthenticatorApp();
    const next = await signIn(user);
    // The code that confirmed the app is still within its 30 seconds, and refused.
    const reused = await device().totp.verify(user.email, codeAt(key), { mfa: true }, next.refreshJwt);
    expect(reused.ok).toBe(false);
    expect(reused.code).toBe(401);
    expect(reused.error?.errorCode).toBe('E061102');
    expect(reused.error?.errorDescription).toMatch(/^code: .*used already/);
  });

  it('stops taking codes after five wrong ones in five minutes, the right one included', async () => {
    const { user, key } = await withAuthenticatorApp();
    const next = await signIn(user);
    const wrong = codeAt(key, -300);
    for (let attempt = 0; attempt < 5; attempt++) expect((await device().totp.verify(user.email, wrong, { mfa: true }, next.refreshJwt)).code).toBe(401);
    const blocked = await device().totp.verify(user.email, codeAt(key, 30), { mfa: true }, next.refreshJwt);
    expect(blocked.code).toBe(429);
    expect(blocked.error?.retryAfter).toBeGreaterThan(0);
  });

  it('refuses a second factor from the same app as the first', async () => {
    const { user, key } = await withAuthenticatorApp();
    const byCode = await device().totp.verify(user.email, codeAt(key, 30));
    expect(byCode.data!.claims?.amr).toEqual(['totp']);
    expect(byCode.data!.claims?.mfa_required).toBe(true);
    // A minute and a half later the app shows a fresh code; it is still the same factor.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 90_000);
      const again = await device().totp.verify(user.email, codeAt(key), { mfa: true }, byCode.data!.refreshJwt);
      expect(again.code).toBe(400);
      expect(again.error?.errorDescription).toMatch(/another one/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs a new person up where sign-up is open: the first code confirms the app and signs in', async () => {
    const email = `totp.${Date.now()}@vigil.test`;
    const setup = await device().totp.signUp(email, { name: 'Tess Otp' });
    expect(setup.ok).toBe(true);
    const signedIn = await device().totp.verify(email, codeAt(setup.data!.key));
    expect(signedIn.data!.user?.loginIds).toEqual([email]);
    expect(signedIn.data!.user?.TOTP).toBe(true);
    expect((await device().totp.signUp(email)).code).toBe(409);
  });

  it('is replaced from a session confirmed with the old app: the new app’s first code switches it over', async () => {
    const { user, key, session } = await withAuthenticatorApp();
    const setup = await device().totp.update(user.email, session.refreshJwt);
    expect(setup.ok).toBe(true);
    const switched = await device().totp.verify(user.email, codeAt(setup.data!.key, 30), undefined, session.refreshJwt);
    expect(switched.ok).toBe(true);
    // The old app's codes no longer work.
    const next = await signIn(user);
    expect((await device().totp.verify(user.email, codeAt(key, -30), { mfa: true }, next.refreshJwt)).ok).toBe(false);
  });

  it('cannot be stood in for by a code sent to the mailbox once it is set up', async () => {
    const { user } = await withAuthenticatorApp();
    const next = await signIn(user);
    expect((await device().otp.signIn.email(user.email, { mfa: true }, next.refreshJwt)).ok).toBe(true);
    const code = /\b(\d{6})\b/.exec((await provider.inbox.nextMailTo(user.email)).text ?? '')![1]!;
    const refused = await device().otp.verify.email(user.email, code);
    expect(refused.code).toBe(403);
    expect(refused.error?.errorCode).toBe('E064004');
  });

  it('leaves a session that owes a second factor unable to change the address, the password or the factors', async () => {
    const { user } = await withAuthenticatorApp();
    const passwordOnly = await signIn(user);
    expect((await device().otp.update.email(user.email, 'attacker@evil.example', passwordOnly.refreshJwt!)).error?.errorCode).toBe('E064004');
    expect((await device().password.update(user.email, 'a brand new passphrase here', passwordOnly.refreshJwt)).error?.errorCode).toBe('E064004');
    expect((await post('/v1/auth/totp/delete', { loginId: user.email }, passwordOnly.refreshJwt!)).status).toBe(403);
  });

  it('cannot be set up to get around a policy that asks for a second factor', async () => {
    const user = await provider.buildUser();
    await provider.management.setSignInPolicy(user.userId, { requireMfa: true, sessionMaxSeconds: null, reason: 'test' });
    const owing = await signIn(user);
    expect(owing.claims?.mfa_required).toBe(true);
    expect((await device().totp.update(user.email, owing.refreshJwt)).error?.errorCode).toBe('E064004');
    expect((await device().webauthn.update.start(user.email, origin, owing.refreshJwt)).error?.errorCode).toBe('E064004');
  });

  it('is replaced only from a session that confirmed the current one', async () => {
    const { user } = await withAuthenticatorApp();
    const passwordOnly = await signIn(user);
    const refused = await device().totp.update(user.email, passwordOnly.refreshJwt);
    expect(refused.code).toBe(403);
    expect(refused.error?.errorCode).toBe('E064004');
  });
});

describe('recovery codes', () => {
  it('stand in for the app once each, and only for the person’s own session', async () => {
    const { user, session } = await withAuthenticatorApp();
    const generated = await post('/v1/auth/recovery-codes/generate', { loginId: user.email }, session.refreshJwt!);
    expect(generated.status).toBe(200);
    const codes = generated.body.codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const next = await signIn(user);
    const used = await post('/v1/auth/recovery-code/verify', { loginId: user.email, code: codes[0]!.toUpperCase() }, next.refreshJwt!);
    expect(used.status).toBe(200);
    expect((used.body.claims as { amr: string[] }).amr).toEqual(expect.arrayContaining(['pwd', 'recovery_code', 'mfa']));

    const again = await post('/v1/auth/recovery-code/verify', { loginId: user.email, code: codes[0]! }, (await signIn(user)).refreshJwt!);
    expect(again.status).toBe(401);
    const someoneElse = await provider.buildUser();
    const foreign = await post('/v1/auth/recovery-code/verify', { loginId: user.email, code: codes[1]! }, (await signIn(someoneElse)).refreshJwt!);
    expect(foreign.status).toBe(401);
  });
});

describe('passkeys (WebAuthn)', () => {
  it('are added from a session, then sign in without a login id (discoverable) and with one, as two factors', async () => {
    const user = await provider.buildUser();
    const authenticator = createSoftwareAuthenticator(origin);
    const session = await signIn(user);

    const start = await device().webauthn.update.start(user.email, origin, session.refreshJwt);
    expect(start.data!.create).toBe(true);
    const creation = JSON.parse(start.data!.options) as { publicKey: { rp: { id: string }; user: { name: string }; challenge: string } };
    expect(creation.publicKey.rp.id).toBe('app.vigil.test');
    expect(creation.publicKey.user.name).toBe(user.email);
    const finished = await device().webauthn.update.finish(start.data!.transactionId, authenticator.create(start.data!.options));
    expect(finished.ok).toBe(true);
    expect(((await device().me(session.refreshJwt)).data as { webauthn?: boolean }).webauthn).toBe(true);

    const discoverable = await device().webauthn.signIn.start('', origin);
    expect((JSON.parse(discoverable.data!.options) as { publicKey: { allowCredentials: unknown[] } }).publicKey.allowCredentials).toEqual([]);
    const byPasskey = await device().webauthn.signIn.finish(discoverable.data!.transactionId, authenticator.get(discoverable.data!.options));
    expect(byPasskey.data!.user?.userId).toBe(user.userId);
    expect(byPasskey.data!.claims?.amr).toEqual(['webauthn', 'mfa']);
    expect(byPasskey.data!.claims?.mfa_required).toBeUndefined();

    const named = await device().webauthn.signUpOrIn.start(user.email, origin);
    expect(named.data!.create).toBe(false);
    expect((await device().webauthn.signIn.finish(named.data!.transactionId, authenticator.get(named.data!.options))).ok).toBe(true);

    // A password sign-in now needs the passkey too.
    const passwordOnly = await signIn(user);
    expect(passwordOnly.claims?.mfa_required).toBe(true);
    const stepUp = await device().webauthn.signIn.start(user.email, origin, { mfa: true }, passwordOnly.refreshJwt);
    const stepped = await device().webauthn.signIn.finish(stepUp.data!.transactionId, authenticator.get(stepUp.data!.options));
    expect(stepped.data!.claims?.mfa_required).toBeUndefined();
    expect(stepped.data!.claims?.amr).toEqual(expect.arrayContaining(['pwd', 'webauthn', 'mfa']));
  });

  it('refuse a replayed finish, a foreign origin and another person’s passkey', async () => {
    const owner = await provider.buildUser();
    const other = await provider.buildUser();
    const authenticator = createSoftwareAuthenticator(origin);
    const start = await device().webauthn.update.start(owner.email, origin, (await signIn(owner)).refreshJwt);
    await device().webauthn.update.finish(start.data!.transactionId, authenticator.create(start.data!.options));

    const signInStart = await device().webauthn.signIn.start(owner.email, origin);
    const answer = authenticator.get(signInStart.data!.options);
    expect((await device().webauthn.signIn.finish(signInStart.data!.transactionId, answer)).ok).toBe(true);
    const replayed = await device().webauthn.signIn.finish(signInStart.data!.transactionId, answer);
    expect(replayed.code).toBe(401);

    const foreign = await device().webauthn.signIn.start(owner.email, 'https://evil.example');
    expect(foreign.code).toBe(400);
    expect(foreign.error?.errorDescription).toMatch(/^origin: /);

    // The owner's passkey answering a ceremony started for someone else is refused.
    const forOther = await device().webauthn.signIn.start(other.email, origin);
    const discoverableAnswer = authenticator.get(JSON.stringify({ publicKey: { ...JSON.parse(forOther.data!.options).publicKey, allowCredentials: [] } }));
    expect((await device().webauthn.signIn.finish(forOther.data!.transactionId, discoverableAnswer)).code).toBe(401);

    // A phishing page relaying the challenge: the browser signs its own origin, which is refused.
    const ceremony = await device().webauthn.signIn.start('', origin);
    const relayed = await device().webauthn.signIn.finish(ceremony.data!.transactionId, authenticator.get(ceremony.data!.options, 'https://vigil-login.example'));
    expect(relayed.code).toBe(401);
    expect(relayed.error?.errorDescription).toMatch(/origin/i);
  });

  it('sign a new person up where sign-up is open (signup-in creates when the login id is new)', async () => {
    const email = `passkey.${Date.now()}@vigil.test`;
    const authenticator = createSoftwareAuthenticator(origin);
    const start = await device().webauthn.signUpOrIn.start(email, origin);
    expect(start.data!.create).toBe(true);
    const signedUp = await device().webauthn.signUp.finish(start.data!.transactionId, authenticator.create(start.data!.options));
    expect(signedUp.data!.user?.loginIds).toEqual([email]);
    expect(signedUp.data!.firstSeen).toBe(true);
    expect((await device().webauthn.signUp.start(email, origin, 'Someone')).code).toBe(409);
  });

  it('are removed and renamed only by their owner, with the second factor confirmed', async () => {
    const user = await provider.buildUser();
    const authenticator = createSoftwareAuthenticator(origin);
    const start = await device().webauthn.update.start(user.email, origin, (await signIn(user)).refreshJwt);
    await device().webauthn.update.finish(start.data!.transactionId, authenticator.create(start.data!.options));
    const [passkey] = (await provider.management.listFactors(user.userId)).passkeys;

    const passwordOnly = await signIn(user);
    expect((await post('/v1/auth/webauthn/delete', { loginId: user.email, credentialId: passkey!.id }, passwordOnly.refreshJwt!)).status).toBe(403);
    const discover = await device().webauthn.signIn.start('', origin);
    const strong = (await device().webauthn.signIn.finish(discover.data!.transactionId, authenticator.get(discover.data!.options))).data!;
    expect((await post('/v1/auth/webauthn/rename', { loginId: user.email, credentialId: passkey!.id, name: 'Work laptop' }, strong.refreshJwt!)).status).toBe(200);
    expect((await provider.management.listFactors(user.userId)).passkeys[0]!.name).toBe('Work laptop');

    const stranger = await provider.buildUser();
    expect((await post('/v1/auth/webauthn/delete', { loginId: stranger.email, credentialId: passkey!.id }, (await signIn(stranger)).refreshJwt!)).status).toBe(404);
    expect((await post('/v1/auth/webauthn/delete', { loginId: user.email, credentialId: passkey!.id }, strong.refreshJwt!)).status).toBe(200);
    expect((await signIn(user)).claims?.mfa_required).toBeUndefined();
  });
});
