// @vitest-environment jsdom
/**
 * Conformance, continued: what a password reset, update or replace does to the person's other
 * sessions (OWASP ASVS 7.4.3), through the published @descope/web-js-sdk against our provider.
 * Only "this browser" persists its tokens (jsdom has one localStorage); other devices hold theirs.
 */
import createSdk from '@descope/web-js-sdk';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from './schema/index.ts';
import { projectId, useProvider } from './test/provider-harness.ts';

const provider = useProvider();
const thisBrowser = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: true, autoRefresh: false });
const otherDevice = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });
const tokenIn = (text: string | undefined) => /[?&]t=([\w-]+)/.exec(text ?? '')?.[1];

/** Signs in on a device of its own and answers its refresh token. */
const signInElsewhere = async (user: { email: string; password: string }) => (await otherDevice().password.signIn(user.email, user.password)).data!.refreshJwt!;
const refreshes = async (refreshJwt: string) => (await otherDevice().refresh(refreshJwt)).ok;

/** The web app's way to pass an option the SDK's method has no argument for: the SDK's own client. */
const postWithSdkClient = async (sdk: { httpClient: ReturnType<typeof thisBrowser>['httpClient'] }, path: string, body: object, token?: string) => {
  const response = await sdk.httpClient.post(path, body, token ? { token } : undefined);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeEach(() => localStorage.clear());

describe('a password reset', () => {
  it('ends every other session: the refresh token kept before the reset no longer refreshes', async () => {
    const user = await provider.buildUser();
    const before = await signInElsewhere(user);

    const resetting = otherDevice();
    await resetting.password.sendReset(user.email, 'http://app.vigil.test/login/reset-password/');
    const token = tokenIn((await provider.inbox.nextMailTo(user.email)).text)!;
    const resetSession = (await resetting.magicLink.verify(token)).data!;
    const updated = await resetting.password.update(user.email, 'a brand new passphrase', resetSession.refreshJwt);
    expect(updated.ok).toBe(true);

    const stale = await otherDevice().refresh(before);
    expect(stale.code).toBe(401);
    expect(stale.error?.errorCode).toBe('E064001');
    // The session that did the reset goes on.
    expect(await refreshes(resetSession.refreshJwt!)).toBe(true);
    expect((await otherDevice().password.signIn(user.email, 'a brand new passphrase')).ok).toBe(true);
  });
});

describe('a password update from a signed-in session', () => {
  it('ends the other sessions and keeps this one', async () => {
    const user = await provider.buildUser();
    const elsewhere = await signInElsewhere(user);
    const current = await signInElsewhere(user);
    expect((await otherDevice().password.update(user.email, 'another long passphrase', current)).ok).toBe(true);
    expect(await refreshes(elsewhere)).toBe(false);
    expect(await refreshes(current)).toBe(true);
  });

  it('keeps the other sessions when asked to, with a body field the SDK method cannot send', async () => {
    const user = await provider.buildUser();
    const elsewhere = await signInElsewhere(user);
    const current = await signInElsewhere(user);
    const updated = await postWithSdkClient(
      otherDevice(),
      '/v1/auth/password/update',
      { loginId: user.email, newPassword: 'another long passphrase', keepOtherSessions: true },
      current,
    );
    expect(updated.status).toBe(200);
    expect(await refreshes(elsewhere)).toBe(true);
    expect(await refreshes(current)).toBe(true);
  });

  it('asks a session that signed in more than ten minutes ago to sign in again, and changes nothing', async () => {
    const user = await provider.buildUser();
    const signedIn = (await otherDevice().password.signIn(user.email, user.password)).data!;
    // Ten minutes pass: the whole sign-in (its family of refresh tokens) is older.
    await provider.database.db
      .update(refreshTokens)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(refreshTokens.familyId, decodeJwt(signedIn.sessionJwt).sid as string));

    const refused = await otherDevice().password.update(user.email, 'another long passphrase', signedIn.refreshJwt);
    expect(refused.code).toBe(403);
    expect(refused.error).toEqual({
      errorCode: 'E064003',
      errorDescription: expect.stringContaining('sign in again'),
      errorMessage: expect.any(String),
    });
    expect((await otherDevice().password.signIn(user.email, user.password)).ok).toBe(true);
    expect(await refreshes(signedIn.refreshJwt!)).toBe(true);
  });
});

describe('a password replace with the current password (the account settings page)', () => {
  it('by default ends the other sessions; this browser goes on with the session the answer brings', async () => {
    const user = await provider.buildUser();
    const elsewhere = await signInElsewhere(user);
    const sdk = thisBrowser();
    const before = (await sdk.password.signIn(user.email, user.password)).data!;

    const replaced = await sdk.password.replace(user.email, user.password, 'a much better passphrase');
    expect(replaced.ok).toBe(true);
    expect(localStorage.getItem('DSR')).toBe(replaced.data!.refreshJwt);
    expect(await refreshes(elsewhere)).toBe(false);
    // The browser's earlier tokens are replaced by the new sign-in, which refreshes.
    expect(await refreshes(before.refreshJwt!)).toBe(false);
    expect((await sdk.refresh()).ok).toBe(true);
  });

  it('keeps the other sessions when the person chooses to', async () => {
    const user = await provider.buildUser();
    const elsewhere = await signInElsewhere(user);
    const sdk = thisBrowser();
    const before = (await sdk.password.signIn(user.email, user.password)).data!;

    const replaced = await postWithSdkClient(sdk, '/v1/auth/password/replace', {
      loginId: user.email,
      oldPassword: user.password,
      newPassword: 'a much better passphrase',
      keepOtherSessions: true,
    });
    expect(replaced.status).toBe(200);
    // The SDK's own client stored the new session, as its methods do.
    expect(localStorage.getItem('DSR')).toBe(replaced.body.refreshJwt);
    expect(await refreshes(elsewhere)).toBe(true);
    expect(await refreshes(before.refreshJwt!)).toBe(false);
    expect((await sdk.refresh()).ok).toBe(true);
  });
});
