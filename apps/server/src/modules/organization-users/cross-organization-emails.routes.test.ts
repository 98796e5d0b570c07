import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAuthManagement, hashPassword } from '@vigil/auth-provider';
import { loginIds, outboxMessages, userTenants, users } from '@vigil/auth-provider/schema';
import { people } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';

// An organisation's admin must not learn whether an address already has an account in another
// organisation: every answer is the one a fresh address gets, and the address's owner is told by
// mail instead. The provider is embedded here, so that mail goes out through its real delivery
// (the operator outbox) and admins sign in for real.
const t = useTestApp({}, { embeddedAuth: true });
const password = 'a long enough test password 7';
let passwordHash: Promise<string> | undefined;

const buildOrg = async (name: string) => {
  const org = await buildOrganization(t.db, { name });
  const mail = (local: string) => `${local}@${org.domain}`;
  const superadmin = await buildPerson(t.db, org.id, { role: 'Superadmin', firstName: 'Sam', lastName: 'Super', email: mail('sam') });
  const user = await buildPerson(t.db, org.id, { role: 'User', firstName: 'Uma', lastName: 'User', email: mail('uma') });
  const management = createAuthManagement(t.db);
  await management.upsertTenants([{ id: org.id, name }]);
  await management.upsertUsers(
    [superadmin, user].map((p) => ({
      userId: p.authUserId!,
      email: p.email,
      givenName: p.firstName,
      familyName: p.lastName,
      tenants: { [org.id]: p.role === 'User' ? [] : [p.role] },
    })),
  );
  return { org, mail, superadmin, user };
};

/** Signs the person in through the embedded provider, as the web app does. */
const signIn = async (person: { authUserId: string | null; email: string }) => {
  await t.db.update(users).set({ passwordHash: await (passwordHash ??= hashPassword(password)) }).where(eq(users.id, person.authUserId!));
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/password/signin',
    headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ loginId: person.email, password }),
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().sessionJwt}` };
};

/** Everything the provider and Vigil hold about a person and their login. */
const snapshot = async (person: { id: string; authUserId: string | null }) => ({
  person: (await t.db.select().from(people).where(eq(people.id, person.id)))[0],
  login: (await t.db.select().from(users).where(eq(users.id, person.authUserId!)))[0],
  loginIds: await t.db.select().from(loginIds).where(eq(loginIds.userId, person.authUserId!)),
  tenants: await t.db.select().from(userTenants).where(eq(userTenants.userId, person.authUserId!)),
});

const freshAddress = () => `fresh.${randomUUID().slice(0, 8)}@nowhere.example`;

/** A body with the ids and the address itself replaced, so two answers compare whole. */
const withoutIds = (body: unknown, email: string) =>
  JSON.parse(JSON.stringify(body).replaceAll(email, '<email>').replace(/"id":"[^"]+"/g, '"id":"<id>"'));

const mailTo = async (email: string) => {
  await expect.poll(async () => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).length, { timeout: 5000 }).toBeGreaterThan(0);
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
};

const expectToldAboutOtherAccount = async (email: string, organizationName: string, askWhom: string) => {
  const [message] = await mailTo(email);
  expect(message!.subject).toContain(organizationName);
  expect(message!.body).toContain(`tried to add you to ${organizationName}`);
  expect(message!.body).toContain('already belongs to an account in another organization');
  expect(message!.body).toContain(askWhom);
};

const loginlessPersonOf = async (organizationId: string, email: string) =>
  (await t.db.select().from(people).where(and(eq(people.organizationId, organizationId), eq(people.email, email))))[0];

describe('an address that already has an account in another organisation', () => {
  it('adding a person answers as for a fresh address; the other organisation is untouched and the owner is mailed', async () => {
    const a = await buildOrg('Alpha Adders');
    const b = await buildOrg('Beta Keepers');
    const before = await snapshot(b.user);
    const headers = await signIn(a.superadmin);
    const add = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/organization/users/', headers, payload: { firstName: 'Fay', lastName: 'Found', email, role: 'User' } });

    const fresh = freshAddress();
    const [freshAnswer, takenAnswer] = [await add(fresh), await add(b.user.email)];
    expect(takenAnswer.statusCode).toBe(freshAnswer.statusCode);
    expect(withoutIds(takenAnswer.json(), b.user.email)).toEqual(withoutIds(freshAnswer.json(), fresh));

    expect(await snapshot(b.user)).toEqual(before);
    // A's person exists, without a login: nothing of A points at B's.
    expect(await loginlessPersonOf(a.org.id, b.user.email)).toMatchObject({ firstName: 'Fay', authUserId: null });
    await expectToldAboutOtherAccount(b.user.email, 'Alpha Adders', a.superadmin.email);
  });

  it('the import preview and the import answer as for a fresh address', async () => {
    const a = await buildOrg('Alpha Importers');
    const b = await buildOrg('Beta Holders');
    const before = await snapshot(b.user);
    const headers = await signIn(a.superadmin);
    const csv = (email: string) => `first_name,last_name,email\nIvo,Imported,${email}\n`;
    const post = (url: string, email: string) => t.app.inject({ method: 'POST', url, headers, payload: { csv: csv(email) } });

    const fresh = freshAddress();
    const [freshPreview, takenPreview] = [await post('/api/organization/users/import/preview/', fresh), await post('/api/organization/users/import/preview/', b.user.email)];
    expect(takenPreview.statusCode).toBe(200);
    expect(withoutIds(takenPreview.json(), b.user.email)).toEqual(withoutIds(freshPreview.json(), fresh));
    expect(takenPreview.json().rows[0]).toMatchObject({ action: 'create', errors: [] });

    const [freshImport, takenImport] = [await post('/api/organization/users/import/', fresh), await post('/api/organization/users/import/', b.user.email)];
    expect(takenImport.statusCode).toBe(freshImport.statusCode);
    expect(takenImport.json()).toEqual(freshImport.json());

    expect(await snapshot(b.user)).toEqual(before);
    expect(await loginlessPersonOf(a.org.id, b.user.email)).toMatchObject({ firstName: 'Ivo', authUserId: null });
    await expectToldAboutOtherAccount(b.user.email, 'Alpha Importers', a.superadmin.email);
  });

  it('inviting an admin answers as for a fresh address, and the invitation mail says why they cannot sign in', async () => {
    const a = await buildOrg('Alpha Inviters');
    const b = await buildOrg('Beta Admins');
    const before = await snapshot(b.superadmin);
    const headers = await signIn(a.superadmin);
    const invite = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/organization/admins/', headers, payload: { email, firstName: 'Ida', lastName: 'Invited', role: 'Admin' } });

    const fresh = freshAddress();
    const [freshAnswer, takenAnswer] = [await invite(fresh), await invite(b.superadmin.email)];
    expect(takenAnswer.statusCode).toBe(201);
    expect(withoutIds(takenAnswer.json(), b.superadmin.email)).toEqual(withoutIds(freshAnswer.json(), fresh));
    expect(takenAnswer.json()).toMatchObject({ created: true, invitationSent: true });

    expect(await snapshot(b.superadmin)).toEqual(before);
    expect(await loginlessPersonOf(a.org.id, b.superadmin.email)).toMatchObject({ role: 'Admin', authUserId: null });
    await expectToldAboutOtherAccount(b.superadmin.email, 'Alpha Inviters', a.superadmin.email);
    // The fresh address got the usual invitation.
    expect((await mailTo(fresh))[0]!.subject).toBe('You are now an Admin of Alpha Inviters in Vigil');
  });

  it("changing a person's email to it answers as for a fresh address; their old login stops signing in and B is untouched", async () => {
    const a = await buildOrg('Alpha Editors');
    const b = await buildOrg('Beta Owners');
    const before = await snapshot(b.user);
    const headers = await signIn(a.superadmin);
    const other = await buildPerson(t.db, a.org.id, { firstName: 'Oli', lastName: 'Other', email: a.mail('oli') });
    await createAuthManagement(t.db).upsertUsers([{ userId: other.authUserId!, email: other.email, givenName: 'Oli', familyName: 'Other', tenants: { [a.org.id]: [] } }]);
    const change = (id: string, email: string) => t.app.inject({ method: 'PATCH', url: `/api/organization/users/${id}/`, headers, payload: { email } });

    const fresh = freshAddress();
    const [freshAnswer, takenAnswer] = [await change(other.id, fresh), await change(a.user.id, b.user.email)];
    expect(takenAnswer.statusCode).toBe(freshAnswer.statusCode);
    // Only the person differs: their id, names and address.
    const normalise = (body: Record<string, unknown>, email: string) => ({ ...withoutIds(body, email), firstName: '-', lastName: '-' });
    expect(normalise(takenAnswer.json(), b.user.email)).toEqual(normalise(freshAnswer.json(), fresh));

    expect(await snapshot(b.user)).toEqual(before);
    expect((await t.db.select().from(people).where(eq(people.id, a.user.id)))[0]).toMatchObject({ email: b.user.email, authUserId: null });
    // Uma's own login no longer signs in to A (as when a fresh address moves it).
    expect((await t.db.select().from(users).where(eq(users.id, a.user.authUserId!)))[0]).toMatchObject({ status: 'disabled' });
    expect(await t.db.select().from(userTenants).where(eq(userTenants.userId, a.user.authUserId!))).toEqual([]);
    await expectToldAboutOtherAccount(b.user.email, 'Alpha Editors', a.superadmin.email);
  });
});
