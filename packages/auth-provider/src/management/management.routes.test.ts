/** The management API (/v1/mgmt, /v2/mgmt) as Descope's management clients call it, with the management key. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { totpSecrets } from '../schema/index.ts';
import { projectId, useProvider } from '../test/provider-harness.ts';

const managementKey = 'mgmt-key-for-the-conformance-tests-0123456789';
const provider = useProvider({ managementKey });

const mgmt = async (method: 'GET' | 'POST', path: string, body?: unknown, key: string | null = managementKey) => {
  const response = await fetch(`${provider.baseUrl}${path}`, {
    method,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${projectId}:${key}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely in assertions
  return { status: response.status, body: (await response.json()) as any };
};
const signIn = (loginId: string, password: string) =>
  fetch(`${provider.baseUrl}/v1/auth/password/signin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password }),
  });
const refresh = (refreshJwt: string) =>
  fetch(`${provider.baseUrl}/v1/auth/refresh`, { method: 'POST', headers: { authorization: `Bearer ${projectId}:${refreshJwt}`, 'content-type': 'application/json' }, body: '{}' });

const tag = () => randomUUID().slice(0, 8);
const errorShape = (code: string) => ({ errorCode: code, errorDescription: expect.any(String), errorMessage: expect.any(String) });

describe('the management key', () => {
  it('is required: none, a wrong one or another project is refused with 401 in the contract shape', async () => {
    expect(await mgmt('POST', '/v1/mgmt/tenant/create', { name: 'No key' }, null)).toEqual({ status: 401, body: errorShape('E011004') });
    expect(await mgmt('POST', '/v1/mgmt/tenant/create', { name: 'Wrong key' }, 'not-the-management-key')).toEqual({ status: 401, body: errorShape('E061001') });
    const other = await fetch(`${provider.baseUrl}/v2/mgmt/user/search`, { method: 'POST', headers: { authorization: `Bearer P2another:${managementKey}`, 'content-type': 'application/json' }, body: '{}' });
    expect(other.status).toBe(401);
    // A refresh token is no management key either.
    const user = await provider.buildUser();
    const session = (await (await signIn(user.email, user.password)).json()) as { refreshJwt: string };
    expect((await mgmt('GET', `/v1/mgmt/user?userId=${user.userId}`, undefined, session.refreshJwt)).status).toBe(401);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field and the problem', async () => {
    const missing = await mgmt('POST', '/v1/mgmt/user/create', { email: 'x@vigil.test' });
    expect(missing).toEqual({ status: 400, body: errorShape('E011002') });
    expect(missing.body.errorDescription).toContain('loginId');
    const badEmail = await mgmt('POST', '/v1/mgmt/user/create', { loginId: 'x@vigil.test', email: 'not an address' });
    expect(badEmail).toEqual({ status: 400, body: errorShape('E011003') });
    expect(badEmail.body.errorDescription).toContain('email');
    const badStatus = await mgmt('POST', '/v1/mgmt/user/update/status', { loginId: 'x@vigil.test', status: 'paused' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errorDescription).toContain('status');
    expect((await mgmt('POST', '/v2/mgmt/user/search', { emails: 'a@vigil.test' })).status).toBe(400);
    expect((await mgmt('GET', '/v1/mgmt/user')).status).toBe(400);
    expect((await mgmt('POST', '/v1/mgmt/user/create', { loginId: 'x@vigil.test', userTenants: [{ tenantId: 'T-nobody-has', roleNames: [] }] })).body.errorDescription).toContain('userTenants');
    expect((await mgmt('POST', '/v1/mgmt/tenant/update', { id: 'T-nobody-has', name: 'x' })).status).toBe(400);
  });

  it('answers an unknown user with the management "user not found" code', async () => {
    expect(await mgmt('GET', '/v1/mgmt/user?loginId=nobody@vigil.test')).toEqual({ status: 400, body: errorShape('E112102') });
    expect((await mgmt('POST', '/v1/mgmt/user/update/status', { loginId: 'U-nobody', status: 'disabled' })).body.errorCode).toBe('E112102');
    expect((await mgmt('POST', '/v1/mgmt/user/logout', { userId: 'U-nobody' })).body.errorCode).toBe('E112102');
  });
});

describe('users and tenants', () => {
  it('creates a tenant and a user in it, loads and searches them, and refuses a second user with the login id', async () => {
    const t = tag();
    const tenant = await mgmt('POST', '/v1/mgmt/tenant/create', { id: `T${t}`, name: `Tenant ${t}` });
    expect(tenant).toEqual({ status: 200, body: { id: `T${t}` } });
    expect((await mgmt('POST', '/v1/mgmt/tenant/create', { id: `T${t}`, name: 'again' })).status).toBe(409);
    expect((await mgmt('POST', '/v1/mgmt/tenant/update', { id: `T${t}`, name: `Renamed ${t}` })).status).toBe(200);

    const email = `New.${t}@Vigil.test`;
    const created = await mgmt('POST', '/v1/mgmt/user/create', { loginId: email, email, verifiedEmail: true, givenName: 'Nia', familyName: 'Okafor', userTenants: [{ tenantId: `T${t}`, roleNames: ['Admin'] }] });
    expect(created.status).toBe(200);
    expect(created.body.user).toMatchObject({
      loginIds: [email.toLowerCase()],
      email,
      name: 'Nia Okafor',
      givenName: 'Nia',
      familyName: 'Okafor',
      verifiedEmail: true,
      status: 'enabled',
      userTenants: [{ tenantId: `T${t}`, tenantName: `Renamed ${t}`, roleNames: ['Admin'], permissions: [] }],
    });
    const userId = created.body.user.userId as string;
    expect((await mgmt('POST', '/v1/mgmt/user/create', { loginId: email.toUpperCase() })).status).toBe(409);

    expect((await mgmt('GET', `/v1/mgmt/user?loginId=${encodeURIComponent(email)}`)).body.user.userId).toBe(userId);
    expect((await mgmt('GET', `/v1/mgmt/user?userId=${userId}`)).body.user.email).toBe(email);
    const byEmail = await mgmt('POST', '/v2/mgmt/user/search', { emails: [email.toLowerCase()] });
    expect(byEmail.body).toMatchObject({ total: 1, users: [{ userId }] });
    expect((await mgmt('POST', '/v2/mgmt/user/search', { loginIds: [email], tenantIds: [`T${t}`] })).body.total).toBe(1);
    expect((await mgmt('POST', '/v2/mgmt/user/search', { userIds: [userId], statuses: ['disabled'] })).body.total).toBe(0);
  });

  it('updates a user as a full replace, moves a login id, and sets tenant roles', async () => {
    const user = await provider.buildUser({ tenants: 2 });
    const [first, second] = user.tenantIds;
    const updated = await mgmt('POST', '/v1/mgmt/user/update', { loginId: user.userId, email: user.email, givenName: 'Ida', familyName: 'Noor', userTenants: [{ tenantId: second, roleNames: ['Manager'] }] });
    expect(updated.body.user).toMatchObject({ name: 'Ida Noor', phone: '', userTenants: [{ tenantId: second, roleNames: ['Manager'] }] });

    const moved = `moved.${user.email}`;
    expect((await mgmt('POST', '/v1/mgmt/user/update/loginid', { loginId: user.email, newLoginId: moved })).body.user.loginIds).toContain(moved);
    expect((await signIn(moved, user.password)).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);

    await mgmt('POST', '/v1/mgmt/user/update/tenant/add', { loginId: moved, tenantId: first });
    const roles = await mgmt('POST', '/v1/mgmt/user/update/role/set', { loginId: moved, tenantId: first, roleNames: ['Admin'] });
    expect(roles.body.user.userTenants.map((m: { tenantId: string; roleNames: string[] }) => [m.tenantId, m.roleNames]).sort()).toEqual([[first, ['Admin']], [second, ['Manager']]].sort());
    const removed = await mgmt('POST', '/v1/mgmt/user/update/tenant/remove', { loginId: user.userId, tenantId: second });
    expect(removed.body.user.userTenants.map((m: { tenantId: string }) => m.tenantId)).toEqual([first]);
  });

  it('keeps the custom attributes a host sets, and replaces them with the rest of the user on update', async () => {
    const t = tag();
    const email = `marked.${t}@vigil.test`;
    const created = await mgmt('POST', '/v1/mgmt/user/create', { loginId: email, email, customAttributes: { vigilOrganizationId: `org-${t}`, seats: 3, tags: ['a', 'b'] } });
    expect(created.body.user.customAttributes).toEqual({ vigilOrganizationId: `org-${t}`, seats: 3, tags: ['a', 'b'] });
    const userId = created.body.user.userId as string;
    expect((await mgmt('POST', '/v2/mgmt/user/search', { userIds: [userId] })).body.users[0].customAttributes).toEqual({ vigilOrganizationId: `org-${t}`, seats: 3, tags: ['a', 'b'] });
    // Descope's update is a full replace: attributes left out are cleared.
    expect((await mgmt('POST', '/v1/mgmt/user/update', { loginId: userId, email, customAttributes: { vigilOrganizationId: `org-${t}` } })).body.user.customAttributes).toEqual({ vigilOrganizationId: `org-${t}` });
    expect((await mgmt('POST', '/v1/mgmt/user/update', { loginId: userId, email })).body.user.customAttributes).toEqual({});
    const bad = await mgmt('POST', '/v1/mgmt/user/create', { loginId: `bad.${email}`, customAttributes: { 'not a name': 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorDescription).toContain('customAttributes');
    expect((await mgmt('POST', '/v1/mgmt/user/create', { loginId: `bad.${email}`, customAttributes: { half: '\uD800' } })).status).toBe(400);
  });

  it('takes a value shaped like a user id as that user, even when someone made it their login id', async () => {
    const tenant = (await provider.buildUser()).tenantIds[0]!;
    const made = await mgmt('POST', '/v1/mgmt/user/create', { loginId: `rightful.${tag()}@vigil.test` });
    const userId = made.body.user.userId as string;
    expect(userId).toMatch(/^U[0-9a-f]{32}$/);
    // Someone signs up with that user's id as their login id, hoping to receive the host's changes to it.
    const squatter = await mgmt('POST', '/v1/mgmt/user/create', { loginId: userId });
    expect(squatter.status).toBe(200);
    const updated = await mgmt('POST', '/v1/mgmt/user/update', { loginId: userId, givenName: 'Rightful', userTenants: [{ tenantId: tenant, roleNames: ['Admin'] }] });
    expect(updated.body.user.userId).toBe(userId);
    expect((await mgmt('GET', `/v1/mgmt/user?loginId=${userId}`)).body.user.userId).toBe(userId);
    expect((await mgmt('GET', `/v1/mgmt/user?userId=${squatter.body.user.userId}`)).body.user).toMatchObject({ givenName: '', userTenants: [] });
    // Any other login id is still found as a login id first.
    const other = await provider.buildUser();
    expect((await mgmt('GET', `/v1/mgmt/user?loginId=${encodeURIComponent(other.email)}`)).body.user.userId).toBe(other.userId);
  });

  it('answers a search of many users with each one’s own login ids, tenants and factors, in order', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => provider.buildUser({ tenants: 2 })));
    await provider.database.db.insert(totpSecrets).values({ userId: people[2]!.userId, secretEncrypted: 'sealed', confirmedAt: new Date() });
    const found = await mgmt('POST', '/v2/mgmt/user/search', { userIds: people.map((person) => person.userId), limit: 10 });
    expect(found.body.total).toBe(5);
    const byId = new Map(found.body.users.map((user: { userId: string }) => [user.userId, user]));
    for (const [index, person] of people.entries()) {
      expect(byId.get(person.userId)).toMatchObject({
        loginIds: [person.email, person.phone],
        userTenants: expect.arrayContaining(person.tenantIds.map((tenantId) => expect.objectContaining({ tenantId, roleNames: ['Admin'] }))),
        TOTP: index === 2,
        webauthn: false,
      });
    }
  });

  it('disabling ends every session and refresh family at once; enabling lets the user sign in again', async () => {
    const user = await provider.buildUser();
    const laptop = (await (await signIn(user.email, user.password)).json()) as { refreshJwt: string };
    const phone = (await (await signIn(user.email, user.password)).json()) as { refreshJwt: string };
    const disabled = await mgmt('POST', '/v1/mgmt/user/update/status', { loginId: user.email, status: 'disabled' });
    expect(disabled.body.user.status).toBe('disabled');
    expect((await refresh(laptop.refreshJwt)).status).toBe(401);
    expect((await refresh(phone.refreshJwt)).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).not.toBe(200);

    expect((await mgmt('POST', '/v1/mgmt/user/update/status', { loginId: user.userId, status: 'enabled' })).body.user.status).toBe('enabled');
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('signs a user out everywhere: the refresh fails, a new sign-in works', async () => {
    const user = await provider.buildUser();
    const session = (await (await signIn(user.email, user.password)).json()) as { refreshJwt: string };
    expect(await mgmt('POST', '/v1/mgmt/user/logout', { userId: user.userId })).toEqual({ status: 200, body: {} });
    expect((await refresh(session.refreshJwt)).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });
});
