/**
 * The product configured with an outside provider (AUTH_BASE_URL at a provider served on its own
 * port and database, AUTH_MANAGEMENT_KEY its management key): SCIM provisioning gives people logins
 * that provider serves, and deprovisioning disables them there.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@vigil/auth-provider';
import { loginIds, users } from '@vigil/auth-provider/schema';
import { people, scimTokens } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useServedAuthProvider } from '../../test/served-auth-provider.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';
import { generateScimToken } from '../onboarding/scim-token.ts';
import { createScopedLoginSync } from '../organization-users/organization-logins.ts';

const managementKey = 'remote-provisioning-management-key-0123456789';
const served = useServedAuthProvider(managementKey);
const t = useTestApp(() => ({ AUTH_BASE_URL: served.baseUrl, AUTH_MANAGEMENT_KEY: managementKey }));

let organizationId: string;
let scimToken: string;
beforeAll(async () => {
  const org = await buildOrganization(t.db, { name: 'Remote Provisioned' });
  organizationId = org.id;
  const { token, tokenHash, lastFour } = generateScimToken();
  await t.db.insert(scimTokens).values({ organizationId, tokenHash, lastFour });
  scimToken = token;
});

const scim = async (method: string, path: string, body?: unknown) => {
  const response = await t.app.inject({
    method: method as 'POST',
    url: `/scim/v2/${organizationId}${path}`,
    headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : {} };
};
const mgmt = async (path: string) =>
  (await fetch(`${served.baseUrl}${path}`, { headers: { authorization: `Bearer ${testProjectId}:${managementKey}` } })).json() as Promise<{
    user: { userId: string; loginIds: string[]; status: string; givenName: string; userTenants: { tenantId: string }[] };
  }>;
const auth = async (path: string, body: unknown, token?: string) => {
  const response = await fetch(`${served.baseUrl}/v1/auth${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testProjectId}${token ? `:${token}` : ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { sessionJwt?: string; refreshJwt?: string } };
};
const patchActive = (id: string, value: string) =>
  scim('PATCH', `/Users/${id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'active', value }] });

describe('SCIM provisioning with an outside provider', () => {
  it('the person gets a login the provider serves; deactivation disables it there and ends access; reactivation restores it', async () => {
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'remote.person@remote.example',
      name: { givenName: 'Rami', familyName: 'Nassar' },
      emails: [{ value: 'remote.person@remote.example', type: 'work', primary: true }],
      active: true,
    });
    expect(created.status).toBe(201);
    const [person] = await t.db.select().from(people).where(eq(people.id, created.body.id));
    // The provider chose the login's id; the person holds it (their session tokens carry it).
    expect(person?.authUserId).toBeTruthy();
    const { user } = await mgmt(`/v1/mgmt/user?userId=${person!.authUserId}`);
    expect(user).toMatchObject({ userId: person!.authUserId, loginIds: ['remote.person@remote.example'], givenName: 'Rami', status: 'enabled', userTenants: [{ tenantId: organizationId }] });

    // They set a password at the provider and sign in there; the product accepts the provider's session.
    await served.connection.db.update(users).set({ passwordHash: await hashPassword('a long enough passphrase') }).where(eq(users.id, user.userId));
    const session = await auth('/password/signin', { loginId: 'remote.person@remote.example', password: 'a long enough passphrase' });
    expect(session.status).toBe(200);
    const api = () => t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${session.body.sessionJwt}` } });
    expect((await api()).statusCode).toBe(200);

    expect((await patchActive(created.body.id, 'False')).body.active).toBe(false);
    expect((await mgmt(`/v1/mgmt/user?userId=${user.userId}`)).user.status).toBe('disabled');
    expect((await api()).statusCode).toBe(401);
    expect((await auth('/refresh', {}, session.body.refreshJwt)).status).toBe(401);

    expect((await patchActive(created.body.id, 'True')).body.active).toBe(true);
    expect((await mgmt(`/v1/mgmt/user?userId=${user.userId}`)).user.status).toBe('enabled');
    expect((await auth('/password/signin', { loginId: 'remote.person@remote.example', password: 'a long enough passphrase' })).status).toBe(200);
  });

  it('never hands a person a login someone registered at the provider with their address before Vigil made them', async () => {
    // Before HR provisions the new hire, someone signs up at the provider as them, with a password of their own.
    const tag = randomUUID().replaceAll('-', '');
    const email = `new.hire.${tag.slice(0, 8)}@remote.example`;
    const squatterId = `U${tag}`;
    await served.connection.db.insert(users).values({ id: squatterId, email, givenName: 'Mallory', verifiedEmail: false, passwordHash: await hashPassword('a long enough passphrase') });
    await served.connection.db.insert(loginIds).values({ loginId: email, userId: squatterId });
    const session = await auth('/password/signin', { loginId: email, password: 'a long enough passphrase' });
    expect(session.status).toBe(200);

    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { givenName: 'Nia', familyName: 'Okafor' },
      emails: [{ value: email, type: 'work', primary: true }],
    });
    expect(created.status).toBe(201);
    // The person exists, without a login: their address signs in as someone else.
    const [person] = await t.db.select().from(people).where(eq(people.id, created.body.id));
    expect(person?.authUserId).toBeNull();
    const { user } = await mgmt(`/v1/mgmt/user?userId=${squatterId}`);
    expect(user).toMatchObject({ userId: squatterId, givenName: 'Mallory', userTenants: [] });
    expect((await served.connection.db.select().from(users).where(eq(users.id, squatterId)))[0]?.verifiedEmail).toBe(false);
    // Their provider session opens nothing in Vigil.
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${session.body.sessionJwt}` } })).statusCode).toBe(401);
  });

  it('takes the id the provider chose for a login only onto a person of the organisation whose change made it', async () => {
    // A person of another organisation whose id the caller names (a bug elsewhere, say) keeps theirs.
    const other = await buildOrganization(t.db, { name: 'Someone Else' });
    const outsider = await buildPerson(t.db, other.id);
    await createScopedLoginSync(t.db, { organizationId }).syncLogins([{ authUserId: outsider.authUserId!, email: `made.${randomUUID().slice(0, 8)}@remote.example`, firstName: 'Out', lastName: 'Sider', role: 'User' }]);
    expect((await t.db.select().from(people).where(eq(people.id, outsider.id)))[0]?.authUserId).toBe(outsider.authUserId);
  });

  it('a SCIM DELETE disables the login at the provider too', async () => {
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'leaver@remote.example',
      name: { givenName: 'Lee', familyName: 'Ver' },
      emails: [{ value: 'leaver@remote.example', type: 'work', primary: true }],
    });
    const [person] = await t.db.select().from(people).where(eq(people.id, created.body.id));
    expect((await scim('DELETE', `/Users/${created.body.id}`)).status).toBe(204);
    expect((await mgmt(`/v1/mgmt/user?userId=${person!.authUserId}`)).user.status).toBe('disabled');
  });
});
