/**
 * A person's own account with an outside provider serving the logins (AUTH_BASE_URL at a provider
 * served on its own port and database, AUTH_MANAGEMENT_KEY its management key): a new name reaches
 * that provider, and the views of sessions, second factors and sign-in history, which only it can
 * show, say so instead of showing the embedded provider's empty tables.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '@vigil/auth-provider';
import { users } from '@vigil/auth-provider/schema';
import { people } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useServedAuthProvider } from '../../test/served-auth-provider.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';
import { remoteLoginDirectory } from '../identity/remote-login-directory.ts';

const managementKey = 'account-remote-test-management-key-0123456789';
const served = useServedAuthProvider(managementKey);
const t = useTestApp(() => ({ AUTH_BASE_URL: served.baseUrl, AUTH_MANAGEMENT_KEY: managementKey }));
const password = 'a long enough passphrase';

const signedInPerson = async () => {
  const org = await buildOrganization(t.db);
  const person = await buildPerson(t.db, org.id, { firstName: 'Owen', lastName: 'Fletcher' });
  const directory = remoteLoginDirectory({ baseUrl: served.baseUrl, projectId: testProjectId, managementKey });
  await directory.upsertTenants([{ id: org.id, name: org.name }]);
  const made = await directory.upsertLogins([{ userId: person.authUserId!, email: person.email, givenName: 'Owen', familyName: 'Fletcher', tenants: { [org.id]: [] }, organizationId: org.id }]);
  const userId = made.get(person.authUserId!)!;
  await t.db.update(people).set({ authUserId: userId }).where(eq(people.id, person.id));
  await served.connection.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, userId));
  const response = await fetch(`${served.baseUrl}/v1/auth/password/signin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: person.email, password }),
  });
  const { sessionJwt } = (await response.json()) as { sessionJwt: string };
  return { userId, headers: { authorization: `Bearer ${sessionJwt}` } };
};

describe('your account with an outside provider', () => {
  it('renames you at that provider', async () => {
    const { userId, headers } = await signedInPerson();
    const renamed = await t.app.inject({ method: 'PATCH', url: '/api/account/profile/', headers, payload: { firstName: 'Owain', lastName: 'Fletcher-Ng' } });
    expect(renamed.statusCode).toBe(200);
    expect((await served.connection.db.select().from(users).where(eq(users.id, userId)))[0]).toMatchObject({ givenName: 'Owain', familyName: 'Fletcher-Ng', name: 'Owain Fletcher-Ng' });
  });

  it.each([
    ['GET', '/api/account/sessions/'],
    ['DELETE', '/api/account/sessions/F1/'],
    ['POST', '/api/account/sessions/revoke-others/'],
    ['GET', '/api/account/factors/'],
    ['GET', '/api/account/login-history/'],
  ] as const)('%s %s says that provider keeps them', async (method, url) => {
    const { headers } = await signedInPerson();
    const response = await t.app.inject({ method, url, headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining("managed by your organization's sign-in provider") });
  });
});
