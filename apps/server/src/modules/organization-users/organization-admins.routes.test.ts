import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { loginIds, userTenants, users } from '@vigil/auth-provider/schema';
import { people } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { breakProviderWritesFor } from '../../test/provider-outage.ts';
import { resolveTenantFor } from '../../test/tenants.ts';
import { useTestApp } from '../../test/test-app.ts';
import { changeOrganizationAdminRole, inviteOrganizationAdmin, removeOrganizationAdmin } from './organization-admins.service.ts';

const t = useTestApp();
const origin = { ip: '192.0.2.1', requestId: 'test-request' };

const buildOrg = async () => {
  const org = await buildOrganization(t.db, { name: 'Acme Admins' });
  const mail = (name: string) => `${name}@${org.domain}`;
  const superadmin = await buildPerson(t.db, org.id, { role: 'Superadmin', firstName: 'Sam', lastName: 'Super', email: mail('sam') });
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', firstName: 'Ada', lastName: 'Admin', email: mail('ada') });
  const user = await buildPerson(t.db, org.id, { role: 'User', firstName: 'Uma', lastName: 'User', email: mail('uma') });
  await createAuthManagement(t.db).upsertUsers(
    [superadmin, admin, user].map((p) => ({ userId: p.authUserId!, email: p.email, givenName: p.firstName, familyName: p.lastName, tenants: {} })),
  );
  return { org, mail, superadmin, admin, user };
};

const rolesInProvider = async (authUserId: string) =>
  (await t.db.select({ tenantId: userTenants.tenantId, roles: userTenants.roleNames }).from(userTenants).where(eq(userTenants.userId, authUserId)));

describe('GET /api/organization/admins/', () => {
  it('answers 401 without a session and 403 for a plain user', async () => {
    const { user } = await buildOrg();
    expect((await t.app.inject({ url: '/api/organization/admins/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/organization/admins/', headers: await t.authAs(user) })).statusCode).toBe(403);
  });

  it('lists superadmins then admins, with what the caller may do to each', async () => {
    const { admin, superadmin } = await buildOrg();
    const body = (await t.app.inject({ url: '/api/organization/admins/', headers: await t.authAs(admin) })).json();
    expect(body.assignableRoles).toEqual(['Admin']);
    expect(body.items).toEqual([
      expect.objectContaining({ id: superadmin.id, role: 'Superadmin', isYou: false, can: { changeRole: false, remove: false } }),
      expect.objectContaining({ id: admin.id, role: 'Admin', isYou: true, can: { changeRole: false, remove: false } }),
    ]);
    const asSuper = (await t.app.inject({ url: '/api/organization/admins/', headers: await t.authAs(superadmin) })).json();
    expect(asSuper.assignableRoles).toEqual(['Superadmin', 'Admin']);
    expect(asSuper.items[1].can).toEqual({ changeRole: true, remove: true });
  });
});

const invite = async (headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/organization/admins/', headers, payload });

describe('POST /api/organization/admins/', () => {
  it('adds someone new as an admin with a password-less login and the role in the provider', async () => {
    const { org, admin, mail } = await buildOrg();
    const response = await invite(await t.authAs(admin), { email: mail('nia'), firstName: 'Nia', lastName: 'New', role: 'Admin' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // No mail delivery in this test app (the provider is not embedded): the answer says so.
    expect(body).toMatchObject({ created: true, invitationSent: false, admin: { email: mail('nia'), role: 'Admin', isActive: true } });
    const [login] = await t.db.select().from(users).where(eq(users.id, body.admin.id));
    expect(login).toMatchObject({ passwordHash: null, givenName: 'Nia' });
    expect(await rolesInProvider(body.admin.id)).toEqual([{ tenantId: org.id, roles: ['Admin'] }]);
  });

  it('promotes an existing user, whatever the case of the email', async () => {
    const { org, superadmin, user } = await buildOrg();
    const response = await invite(await t.authAs(superadmin), { email: user.email.toUpperCase(), role: 'Superadmin' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ created: false, admin: { id: user.id, role: 'Superadmin', firstName: 'Uma' } });
    expect(await rolesInProvider(user.authUserId!)).toEqual([{ tenantId: org.id, roles: ['Superadmin'] }]);
  });

  it('answers 400 naming the fields: a bad email, a bad role, names missing for someone new', async () => {
    const { admin, mail } = await buildOrg();
    const headers = await t.authAs(admin);
    const bad = await invite(headers, { email: 'nope', role: 'Owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual(['body.email', 'body.role']);
    const nameless = await invite(headers, { email: mail('x'), role: 'Admin' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.details.map((d: { field: string }) => d.field)).toEqual(['body.firstName', 'body.lastName']);
  });

  it('answers 409 for someone who is already an admin, and 403 when an admin grants Superadmin', async () => {
    const { admin, superadmin, user } = await buildOrg();
    const headers = await t.authAs(admin);
    const again = await invite(headers, { email: superadmin.email, role: 'Admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0]).toEqual({ field: 'body.email', problem: expect.stringContaining('already a Superadmin') });
    const grant = await invite(headers, { email: user.email, role: 'Superadmin' });
    expect(grant.statusCode).toBe(403);
    const [row] = await t.db.select().from(people).where(eq(people.id, user.id));
    expect(row?.role).toBe('User');
  });

  it("does not promote another organisation's person, nor give their login to this one", async () => {
    const { org, admin } = await buildOrg();
    const other = await buildOrg();
    const response = await invite(await t.authAs(admin), { email: other.user.email, firstName: 'U', lastName: 'X', role: 'Admin' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(people).where(eq(people.id, other.user.id));
    expect(row?.role).toBe('User');
    expect(await rolesInProvider(other.user.authUserId!)).toEqual([]);
    const [added] = await t.db.select().from(people).where(and(eq(people.organizationId, org.id), eq(people.email, other.user.email)));
    expect(added).toMatchObject({ role: 'Admin', authUserId: null });
  });

  it('emails the new admin how to sign in, through the mail delivery it is given', async () => {
    const { admin, mail } = await buildOrg();
    const sent: { to: string; subject: string; text: string }[] = [];
    const result = await inviteOrganizationAdmin(
      t.db,
      await resolveTenantFor(t.db, admin),
      { email: mail('ivy'), firstName: 'Ivy', lastName: 'Invited', role: 'Admin' },
      { appUrl: 'https://vigil.example/', mailer: async (message) => void sent.push(message), log: t.app.log },
      origin,
    );
    expect(result.invitationSent).toBe(true);
    expect(sent).toEqual([
      {
        to: mail('ivy'),
        subject: 'You are now an Admin of Acme Admins in Vigil',
        text: expect.stringContaining('Sign in at https://vigil.example/login/ with this email address'),
      },
    ]);
    expect(sent[0]!.text).toContain(`${admin.email} has made you an Admin of Acme Admins`);
  });
});

describe('PATCH /api/organization/admins/:id/', () => {
  it('lets a superadmin switch an admin to superadmin and back; the provider follows', async () => {
    const { org, superadmin, admin } = await buildOrg();
    const headers = await t.authAs(superadmin);
    const up = await t.app.inject({ method: 'PATCH', url: `/api/organization/admins/${admin.id}/`, headers, payload: { role: 'Superadmin' } });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ id: admin.id, role: 'Superadmin' });
    expect(await rolesInProvider(admin.authUserId!)).toEqual([{ tenantId: org.id, roles: ['Superadmin'] }]);
    const down = await t.app.inject({ method: 'PATCH', url: `/api/organization/admins/${admin.id}/`, headers, payload: { role: 'Admin' } });
    expect(down.json().role).toBe('Admin');
  });

  it('answers 403 for an admin changing a superadmin, 404 for a non-admin or another organisation, 400 for a bad role', async () => {
    const { superadmin, admin, user } = await buildOrg();
    const other = await buildOrg();
    const headers = await t.authAs(admin);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/organization/admins/${superadmin.id}/`, headers, payload: { role: 'Admin' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/organization/admins/${user.id}/`, headers, payload: { role: 'Admin' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/organization/admins/${other.admin.id}/`, headers, payload: { role: 'Admin' } })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/organization/admins/${admin.id}/`, headers, payload: { role: 'User' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('body.role');
  });
});

describe('DELETE /api/organization/admins/:id/', () => {
  it('takes admin rights away: the person stays, as a user, with no provider roles', async () => {
    const { org, superadmin, admin } = await buildOrg();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/organization/admins/${admin.id}/`, headers: await t.authAs(superadmin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: admin.id, role: 'User', isActive: true });
    expect(await rolesInProvider(admin.authUserId!)).toEqual([{ tenantId: org.id, roles: [] }]);
    // No longer an admin: the admin routes are closed to them.
    expect((await t.app.inject({ url: '/api/organization/admins/', headers: await t.authAs(admin) })).statusCode).toBe(403);
  });

  it('never leaves the organisation without a superadmin, and never removes yourself', async () => {
    const { superadmin, admin } = await buildOrg();
    const self = await t.app.inject({ method: 'DELETE', url: `/api/organization/admins/${superadmin.id}/`, headers: await t.authAs(superadmin) });
    expect(self.statusCode).toBe(409);
    const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/organization/admins/${superadmin.id}/`, headers: await t.authAs(admin) });
    expect(byAdmin.statusCode).toBe(403);
    const [row] = await t.db.select().from(people).where(eq(people.id, superadmin.id));
    expect(row?.role).toBe('Superadmin');
  });

  it('answers 404 for another organisation’s admin and leaves them be', async () => {
    const { superadmin } = await buildOrg();
    const other = await buildOrg();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/organization/admins/${other.admin.id}/`, headers: await t.authAs(superadmin) });
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.select().from(people).where(eq(people.id, other.admin.id));
    expect(row?.role).toBe('Admin');
  });
});

describe('the last active superadmin', () => {
  it('is neither demoted nor removed, even by a managed-service operator acting in the organisation', async () => {
    const msp = await buildOrganization(t.db);
    const client = await buildOrganization(t.db, { managedByOrganizationId: msp.id });
    const operator = await buildPerson(t.db, msp.id, { role: 'Superadmin' });
    const only = await buildPerson(t.db, client.id, { role: 'Superadmin', email: `only@${client.domain}` });
    const headers = await t.authAs(operator, { dct: client.id });
    const demote = await t.app.inject({ method: 'PATCH', url: `/api/organization/admins/${only.id}/`, headers, payload: { role: 'Admin' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatchObject({ code: 'CONFLICT', details: [{ field: 'body.role', problem: expect.stringContaining('last active superadmin') }] });
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/organization/admins/${only.id}/`, headers });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.message).toContain('last active superadmin');
    const [row] = await t.db.select().from(people).where(eq(people.id, only.id));
    expect(row).toMatchObject({ role: 'Superadmin', isActive: true });
  });

  it('stays when the only two superadmins remove each other at the same moment', async () => {
    const org = await buildOrganization(t.db);
    const one = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `one@${org.domain}` });
    const two = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `two@${org.domain}` });
    await createAuthManagement(t.db).upsertUsers(
      [one, two].map((p) => ({ userId: p.authUserId!, email: p.email, givenName: p.firstName, familyName: p.lastName, tenants: {} })),
    );
    const [asOne, asTwo] = [await resolveTenantFor(t.db, one), await resolveTenantFor(t.db, two)];
    // Called side by side, so that each would read the organisation before the other writes.
    const outcomes = await Promise.allSettled([
      removeOrganizationAdmin(t.db, asOne, two.id, origin),
      changeOrganizationAdminRole(t.db, asTwo, one.id, 'Admin', origin),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((o) => o.status === 'rejected')!.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('last active superadmin') });
    const superadmins = await t.db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.organizationId, org.id), eq(people.role, 'Superadmin'), eq(people.isActive, true)));
    expect(superadmins).toHaveLength(1);
  });
});

describe('inviting and the provider', () => {
  it('gives a promoted person who had no login one, so the emailed sign-in works', async () => {
    const { org, superadmin, mail } = await buildOrg();
    const loginless = await buildPerson(t.db, org.id, { firstName: 'Lea', lastName: 'Loginless', email: mail('lea'), authUserId: null });
    const response = await invite(await t.authAs(superadmin), { email: mail('lea'), role: 'Admin' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ created: false, admin: { id: loginless.id, role: 'Admin' } });
    const [row] = await t.db.select().from(people).where(eq(people.id, loginless.id));
    expect(row?.authUserId).toEqual(expect.any(String));
    const [login] = await t.db.select().from(users).where(eq(users.id, row!.authUserId!));
    expect(login).toMatchObject({ email: mail('lea'), givenName: 'Lea', passwordHash: null, status: 'enabled' });
    expect(await t.db.select({ loginId: loginIds.loginId }).from(loginIds).where(eq(loginIds.userId, row!.authUserId!))).toEqual([{ loginId: mail('lea') }]);
    expect(await rolesInProvider(row!.authUserId!)).toEqual([{ tenantId: org.id, roles: ['Admin'] }]);
  });

  it('adds nobody and emails nobody when the login cannot be written', async () => {
    const { admin, mail } = await buildOrg();
    const sent: unknown[] = [];
    const outage = await breakProviderWritesFor(t.db, { email: mail('ivy') });
    const inviting = inviteOrganizationAdmin(
      t.db,
      await resolveTenantFor(t.db, admin),
      { email: mail('ivy'), firstName: 'Ivy', lastName: 'Invited', role: 'Admin' },
      { appUrl: 'https://vigil.example/', mailer: async (message) => void sent.push(message), log: t.app.log },
      origin,
    );
    await expect(inviting).rejects.toThrow();
    await outage.restore();
    expect(sent).toEqual([]);
    expect(await t.db.select().from(people).where(eq(people.email, mail('ivy')))).toEqual([]);
  });

  it('leaves the role as it was when the provider cannot follow a role change', async () => {
    const { superadmin, admin } = await buildOrg();
    const outage = await breakProviderWritesFor(t.db, { userId: admin.authUserId! });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/organization/admins/${admin.id}/`,
      headers: await t.authAs(superadmin),
      payload: { role: 'Superadmin' },
    });
    await outage.restore();
    expect(response.statusCode).toBe(500);
    expect((await t.db.select().from(people).where(eq(people.id, admin.id)))[0]?.role).toBe('Admin');
  });
});
