// @vitest-environment jsdom
/**
 * A per-person sign-in policy (adaptive controls) enforced by the provider, through the published
 * web SDK: MFA asked for at the next sign-in and met by a second factor, and a shorter session.
 */
import createSdk from '@descope/web-js-sdk';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from './schema/index.ts';
import { projectId, useProvider } from './test/provider-harness.ts';

const provider = useProvider();
const newSdk = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: true, autoRefresh: false });
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

beforeEach(() => localStorage.clear());

describe('a sign-in policy that requires MFA', () => {
  it('marks a one-factor session as needing a second, which an emailed code of the same session meets', async () => {
    const user = await provider.buildUser();
    await provider.management.setSignInPolicy(user.userId, { requireMfa: true, sessionMaxSeconds: null, reason: 'failed two simulations' });

    const sdk = newSdk();
    const signedIn = await sdk.password.signIn(user.email, user.password);
    expect(signedIn.ok).toBe(true);
    expect(decodeJwt(signedIn.data!.sessionJwt)).toMatchObject({ amr: ['pwd'], mfa_required: true });

    // The second factor: a code to the session's own user, asked with the session's refresh token.
    const sent = await sdk.otp.signIn.email(user.email, { mfa: true }, signedIn.data!.refreshJwt);
    expect(sent.ok).toBe(true);
    const code = codeIn((await provider.inbox.nextMailTo(user.email)).text)!;
    const stepped = await sdk.otp.verify.email(user.email, code);
    expect(stepped.ok).toBe(true);
    const claims = decodeJwt(stepped.data!.sessionJwt);
    expect(claims.amr).toEqual(['pwd', 'email', 'mfa']);
    expect(claims.mfa_required).toBeUndefined();

    // The one-factor session is over; the stepped-up one refreshes and stays met.
    expect((await newSdk().refresh(signedIn.data!.refreshJwt)).ok).toBe(false);
    const refreshed = await newSdk().refresh(stepped.data!.refreshJwt);
    expect(decodeJwt(refreshed.data!.sessionJwt)).toMatchObject({ amr: ['pwd', 'email', 'mfa'] });

    // Lifted: the next sign-in needs one factor again.
    await provider.management.setSignInPolicy(user.userId, null);
    expect(decodeJwt((await newSdk().password.signIn(user.email, user.password)).data!.sessionJwt).mfa_required).toBeUndefined();
  });

  it('marks a session signed in before the policy at its next refresh', async () => {
    const user = await provider.buildUser();
    const signedIn = await newSdk().password.signIn(user.email, user.password);
    expect(decodeJwt(signedIn.data!.sessionJwt).mfa_required).toBeUndefined();
    await provider.management.setSignInPolicy(user.userId, { requireMfa: true, sessionMaxSeconds: null, reason: 'score above 60' });
    expect(decodeJwt((await newSdk().refresh(signedIn.data!.refreshJwt)).data!.sessionJwt).mfa_required).toBe(true);
  });

  it("refuses a second factor asked with another user's session", async () => {
    const owner = await provider.buildUser();
    const other = await provider.buildUser();
    const signedIn = await newSdk().password.signIn(other.email, other.password);
    const sent = await newSdk().otp.signIn.email(owner.email, { mfa: true }, signedIn.data!.refreshJwt);
    expect(sent.ok).toBe(false);
    expect(sent.error?.errorDescription).toContain('another user');
  });
});

describe('a sign-in policy that shortens the session', () => {
  it('caps a new sign-in at its lifetime, and ends an older session at its next refresh', async () => {
    const user = await provider.buildUser();
    const before = await newSdk().password.signIn(user.email, user.password);
    await provider.management.setSignInPolicy(user.userId, { requireMfa: false, sessionMaxSeconds: 3600, reason: 'score above 80' });

    const after = await newSdk().password.signIn(user.email, user.password);
    const [family] = await provider.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, String(decodeJwt(after.data!.sessionJwt).sid)));
    expect(family!.familyExpiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600 * 1000);
    expect(family!.familyExpiresAt.getTime() - Date.now()).toBeGreaterThan(3500 * 1000);

    // The session from before the policy was signed in two hours ago (as far as the policy can tell).
    await provider.database.db
      .update(refreshTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(refreshTokens.familyId, String(decodeJwt(before.data!.sessionJwt).sid)));
    const refreshed = await newSdk().refresh(before.data!.refreshJwt);
    expect(refreshed.ok).toBe(false);
    expect(refreshed.error?.errorDescription).toContain('session has ended');
  });
});
