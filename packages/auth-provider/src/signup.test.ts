// @vitest-environment jsdom
/** Sign-up, where a deployment opens it (AUTH_SELF_SIGNUP); closed by default, as the other files show. */
import createSdk from '@descope/web-js-sdk';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectId, useProvider } from './test/provider-harness.ts';

const provider = useProvider({ selfSignUp: true });
const newSdk = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: true, autoRefresh: false });
const unique = () => Math.random().toString(36).slice(2, 10);

beforeEach(() => localStorage.clear());

describe('open sign-up', () => {
  it('password sign-up creates the user and signs them in, first seen', async () => {
    const email = `new.${unique()}@vigil.test`;
    const result = await newSdk().password.signUp(email, 'a perfectly long passphrase', { givenName: 'Nia', familyName: 'Okoro' });
    expect(result.ok).toBe(true);
    expect(result.data).toMatchObject({ firstSeen: true, user: { email, name: 'Nia Okoro', loginIds: [email], password: true } });
    expect((await newSdk().password.signUp(email, 'a perfectly long passphrase')).error?.errorCode).toBe('E062107');
  });

  it('refuses a weak password at sign-up, naming it', async () => {
    const result = await newSdk().password.signUp(`weak.${unique()}@vigil.test`, 'short');
    expect(result.code).toBe(400);
    expect(result.error?.errorDescription).toContain('password');
  });

  it('sign-up-or-in by email code creates the account on first use', async () => {
    const email = `code.${unique()}@vigil.test`;
    const sdk = newSdk();
    expect((await sdk.otp.signUpOrIn.email(email)).ok).toBe(true);
    const code = /\b(\d{6})\b/.exec((await provider.inbox.nextMailTo(email)).text ?? '')?.[1];
    const verified = await sdk.otp.verify.email(email, code!);
    expect(verified.ok).toBe(true);
    expect(decodeJwt(verified.data!.sessionJwt).amr).toEqual(['email']);
    expect(verified.data?.user).toMatchObject({ email, verifiedEmail: true });
  });

  it('a disabled tenant drops out of the token and cannot be selected', async () => {
    const user = await provider.buildUser({ tenants: 2 });
    const sdk = newSdk();
    await sdk.password.signIn(user.email, user.password);
    await provider.management.setTenantDisabled(user.tenantIds[1]!, true);
    expect((await sdk.selectTenant(user.tenantIds[1]!)).code).toBe(403);
    const claims = decodeJwt((await sdk.refresh()).data!.sessionJwt) as { tenants: Record<string, unknown> };
    expect(Object.keys(claims.tenants)).toEqual([user.tenantIds[0]]);
  });
});

describe('management', () => {
  it('setUserTenants replaces memberships and roles; the next token says so', async () => {
    const user = await provider.buildUser({ tenants: 2 });
    const sdk = newSdk();
    await sdk.password.signIn(user.email, user.password);
    await provider.management.setUserTenants(user.userId, { [user.tenantIds[1]!]: ['Manager'] });
    const claims = decodeJwt((await sdk.refresh()).data!.sessionJwt) as { tenants: Record<string, { roles: string[] }> };
    expect(claims.tenants).toEqual({ [user.tenantIds[1]!]: { roles: ['Manager'], permissions: [] } });
  });

  it('a disabled user can sign in again once enabled', async () => {
    const user = await provider.buildUser();
    await provider.management.disableUser(user.userId);
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(false);
    await provider.management.enableUser(user.userId);
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(true);
  });
});
