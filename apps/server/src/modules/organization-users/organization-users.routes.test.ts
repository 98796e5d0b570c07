import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { loginIds, refreshTokens, userTenants, users } from '@vigil/auth-provider/schema';
import { auditLog, people } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { breakProviderWritesFor } from '../../test/provider-outage.ts';
import { resolveTenantFor } from '../../test/tenants.ts';
import { useTestApp } from '../../test/test-app.ts';

import { setOrganizationUserActive, updateOrganizationUser } from './organization-users.service.ts';

const t = useTestApp();
const origin = { ip: '192.0.2.1', requestId: 'test-request' };

/** An organisation with a superadmin, an admin and a few people in two departments. */
const buildStaffedOrganization = async () => {
  const org = await buildOrganization(t.db, { name: 'Acme Staffing' });
  // Emails are one login across Vigil, so each organisation gets addresses of its own.
  const mail = (name: string) => `${name}@${org.domain}`;
  const finance = await buildDepartment(t.db, org.id, 'Finance');
  const sales = await buildDepartment(t.db, org.id, 'Sales');
  const superadmin = await buildPerson(t.db, org.id, { role: 'Superadmin', firstName: 'Sam', lastName: 'Super', email: mail('sam') });
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', firstName: 'Ada', lastName: 'Admin', email: mail('ada') });
  const boss = await buildPerson(t.db, org.id, { role: 'Manager', firstName: 'Bea', lastName: 'Boss', email: mail('bea'), departmentId: finance.id });
  const worker = await buildPerson(t.db, org.id, {
    firstName: 'Will',
    lastName: 'Worker',
    email: mail('will'),
    departmentId: finance.id,
    managerId: boss.id,
    startDate: '2023-04-01',
  });
  const leaver = await buildPerson(t.db, org.id, { firstName: 'Lou', lastName: 'Leaver', email: mail('lou'), departmentId: sales.id, isActive: false });
  await createAuthManagement(t.db).upsertUsers(
    [superadmin, admin, boss, worker].map((p) => ({ userId: p.authUserId!, email: p.email, givenName: p.firstName, familyName: p.lastName, tenants: {} })),
  );
  return { org, mail, finance, sales, superadmin, admin, boss, worker, leaver };
};

const names = (body: { items: { firstName: string }[] }) => body.items.map((i) => i.firstName);

describe('GET /api/organization/users/', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/organization/users/' })).statusCode).toBe(401);
  });

  it.each(['Manager', 'User'] as const)('refuses a %s with 403', async (role) => {
    const person = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role });
    const response = await t.app.inject({ url: '/api/organization/users/', headers: await t.authAs(person) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('lists active people by name with department, manager and what the caller may do', async () => {
    const { admin, boss, worker, finance, mail } = await buildStaffedOrganization();
    const response = await t.app.inject({ url: '/api/organization/users/', headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 25, assignableRoles: ['Admin', 'Manager', 'User'], organizationTimeZone: 'UTC' });
    expect(names(body)).toEqual(['Ada', 'Bea', 'Sam', 'Will']);
    expect(body.items[3]).toEqual({
      id: worker.id,
      firstName: 'Will',
      lastName: 'Worker',
      email: mail('will'),
      role: 'User',
      department: { id: finance.id, name: 'Finance' },
      manager: { id: boss.id, name: 'Bea Boss', email: mail('bea') },
      startDate: '2023-04-01',
      jobTitle: null,
      phone: null,
      timeZone: null,
      preferredLanguage: null,
      isActive: true,
      source: 'manual',
      isYou: false,
      can: { edit: true, changeRole: true, deactivate: true, reactivate: false },
    });
    // Yourself: editable, but not your role and not deactivation. A superadmin: not for an admin.
    expect(body.items[0]).toMatchObject({ isYou: true, can: { edit: true, changeRole: false, deactivate: false } });
    expect(body.items[2].can).toEqual({ edit: false, changeRole: false, deactivate: false, reactivate: false });
  });

  it('searches names and emails, filters by role, department and status, sorts and pages', async () => {
    const { superadmin, finance } = await buildStaffedOrganization();
    const headers = await t.authAs(superadmin);
    const get = async (query: string) => (await t.app.inject({ url: `/api/organization/users/?${query}`, headers })).json();
    expect(names(await get('search=bea%20bo'))).toEqual(['Bea']);
    expect(names(await get('search=WILL@'))).toEqual(['Will']);
    expect(names(await get('search=%25'))).toEqual([]);
    expect(names(await get('role=Manager'))).toEqual(['Bea']);
    expect(names(await get(`departmentId=${finance.id}`))).toEqual(['Bea', 'Will']);
    expect(names(await get('departmentId=none'))).toEqual(['Ada', 'Sam']);
    expect(names(await get('status=inactive'))).toEqual(['Lou']);
    expect((await get('status=all')).total).toBe(5);
    expect(names(await get('sort=-startDate&status=all')).slice(0, 1)).toEqual(['Will']);
    expect(names(await get('sort=role'))).toEqual(['Sam', 'Ada', 'Bea', 'Will']);
    const page2 = await get('pageSize=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(page2)).toEqual(['Will']);
    // A superadmin may grant every role and touch other superadmins.
    expect((await get('')).assignableRoles).toEqual(['Superadmin', 'Admin', 'Manager', 'User']);
  });

  it.each([
    ['pageSize=500', 'querystring.pageSize'],
    ['page=0', 'querystring.page'],
    ['status=gone', 'querystring.status'],
    ['role=Owner', 'querystring.role'],
    ['sort=age', 'querystring.sort'],
    ['departmentId=finance', 'querystring.departmentId'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { admin } = await buildStaffedOrganization();
    const response = await t.app.inject({ url: `/api/organization/users/?${query}`, headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe(field);
  });

  it('never shows another organisation’s people, even when filtering by its department', async () => {
    const { admin } = await buildStaffedOrganization();
    const other = await buildStaffedOrganization();
    const headers = await t.authAs(admin);
    const body = (await t.app.inject({ url: `/api/organization/users/?departmentId=${other.finance.id}&status=all`, headers })).json();
    expect(body.total).toBe(0);
  });

  it('exports the filtered people as CSV in the import format, with formulas neutralised', async () => {
    const { org, admin, mail } = await buildStaffedOrganization();
    await buildPerson(t.db, org.id, { firstName: '=HYPERLINK("x")', lastName: 'Evil', email: mail('evil') });
    const response = await t.app.inject({ url: '/api/organization/users/?format=csv&status=all&sort=email', headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('first_name,last_name,email,role,department,manager_email,start_date,status,job_title,phone,time_zone,language');
    expect(lines).toHaveLength(7);
    expect(lines).toContain(`Will,Worker,${mail('will')},User,Finance,${mail('bea')},2023-04-01,active,,,,`);
    expect(lines).toContain(`Lou,Leaver,${mail('lou')},User,Sales,,,inactive,,,,`);
    expect(response.body).toContain(`"'=HYPERLINK(""x"")",Evil,${mail('evil')}`);
  });
});

describe('GET /api/organization/departments/', () => {
  it('lists the departments with their active people; 403 for a plain user', async () => {
    const { admin, worker, finance, sales } = await buildStaffedOrganization();
    const response = await t.app.inject({ url: '/api/organization/departments/', headers: await t.authAs(admin) });
    expect(response.json()).toEqual({
      departments: [
        { id: finance.id, name: 'Finance', peopleCount: 2 },
        { id: sales.id, name: 'Sales', peopleCount: 0 },
      ],
    });
    expect((await t.app.inject({ url: '/api/organization/departments/', headers: await t.authAs(worker) })).statusCode).toBe(403);
  });
});

describe('POST /api/organization/users/', () => {
  const newPerson = (org: { domain: string }) => ({ firstName: 'Nia', lastName: 'New', email: `Nia.New@${org.domain}` });

  it('adds a person with a password-less login in the provider, audits it and answers 201', async () => {
    const { org, admin, boss, finance } = await buildStaffedOrganization();
    const person = newPerson(org);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organization/users/',
      headers: await t.authAs(admin),
      payload: { ...person, role: 'Manager', departmentId: finance.id, managerId: boss.id, startDate: '2025-02-03' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      ...person,
      role: 'Manager',
      department: { name: 'Finance' },
      manager: { id: boss.id },
      startDate: '2025-02-03',
      isActive: true,
    });
    const [row] = await t.db.select().from(people).where(eq(people.id, created.id));
    expect(row).toMatchObject({ organizationId: org.id, authUserId: created.id });
    const [login] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(login).toMatchObject({ email: person.email, givenName: 'Nia', familyName: 'New', passwordHash: null, status: 'enabled' });
    expect(await t.db.select().from(loginIds).where(eq(loginIds.userId, created.id))).toEqual([expect.objectContaining({ loginId: person.email.toLowerCase() })]);
    expect(await t.db.select().from(userTenants).where(eq(userTenants.userId, created.id))).toEqual([
      expect.objectContaining({ tenantId: org.id, roleNames: ['Manager'] }),
    ]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'organization.user.create')));
    expect(entry).toMatchObject({ targetId: created.id, actorPersonId: admin.id });
  });

  it('answers 400 naming each bad field, and writes nothing', async () => {
    const { org, admin } = await buildStaffedOrganization();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organization/users/',
      headers: await t.authAs(admin),
      payload: { firstName: ' ', lastName: 'X', email: 'not-an-email', role: 'Owner', startDate: '2025-13-01' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.firstName', 'body.email', 'body.role', 'body.startDate']));
    expect(await t.db.select().from(people).where(and(eq(people.organizationId, org.id), eq(people.lastName, 'X')))).toEqual([]);
  });

  it('answers 409 on the email field when someone of the organisation has it, whatever its case', async () => {
    const { org, admin, worker } = await buildStaffedOrganization();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organization/users/',
      headers: await t.authAs(admin),
      payload: { ...newPerson(org), email: worker.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual([{ field: 'body.email', problem: expect.stringContaining('already has this email') }]);
  });

  it('refuses a department or manager of another organisation as a bad field (not found here)', async () => {
    const { org, admin } = await buildStaffedOrganization();
    const other = await buildStaffedOrganization();
    const headers = await t.authAs(admin);
    const person = newPerson(org);
    const withDepartment = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers, payload: { ...person, departmentId: other.finance.id } });
    expect(withDepartment.statusCode).toBe(400);
    expect(withDepartment.json().error.details[0].field).toBe('body.departmentId');
    const withManager = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers, payload: { ...person, managerId: other.boss.id } });
    expect(withManager.statusCode).toBe(400);
    expect(withManager.json().error.details[0].field).toBe('body.managerId');
  });

  it('lets only a superadmin add a superadmin', async () => {
    const { org, admin, superadmin } = await buildStaffedOrganization();
    const person = newPerson(org);
    const asAdmin = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers: await t.authAs(admin), payload: { ...person, role: 'Superadmin' } });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.details[0].field).toBe('body.role');
    const asSuper = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers: await t.authAs(superadmin), payload: { ...person, role: 'Superadmin' } });
    expect(asSuper.statusCode).toBe(201);
  });
});

describe('PATCH /api/organization/users/:id/', () => {
  it("changes details, moves the login id to the new email and the provider's roles with the role", async () => {
    const { org, admin, worker, sales, mail } = await buildStaffedOrganization();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/organization/users/${worker.id}/`,
      headers: await t.authAs(admin),
      payload: { lastName: 'Wright', email: mail('will.wright'), role: 'Admin', departmentId: sales.id, managerId: null, startDate: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ lastName: 'Wright', email: mail('will.wright'), role: 'Admin', department: { name: 'Sales' }, manager: null, startDate: null });
    const ids = (await t.db.select().from(loginIds).where(eq(loginIds.userId, worker.authUserId!))).map((l) => l.loginId);
    expect(ids).toEqual([mail('will.wright')]);
    const [login] = await t.db.select().from(users).where(eq(users.id, worker.authUserId!));
    expect(login).toMatchObject({ email: mail('will.wright'), familyName: 'Wright' });
    expect(await t.db.select().from(userTenants).where(eq(userTenants.userId, worker.authUserId!))).toEqual([
      expect.objectContaining({ tenantId: org.id, roleNames: ['Admin'] }),
    ]);
  });

  it('answers 404 for a person of another organisation, and changes nothing there', async () => {
    const { admin } = await buildStaffedOrganization();
    const other = await buildStaffedOrganization();
    const response = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${other.worker.id}/`, headers: await t.authAs(admin), payload: { lastName: 'Hacked' } });
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.select().from(people).where(eq(people.id, other.worker.id));
    expect(row?.lastName).toBe('Worker');
  });

  it('answers 400 for a malformed id or body', async () => {
    const { admin, worker } = await buildStaffedOrganization();
    const headers = await t.authAs(admin);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/organization/users/nope/', headers, payload: {} })).json().error.details[0].field).toBe('params.id');
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${worker.id}/`, headers, payload: { email: 'x@' } });
    expect(bad.json().error.details[0].field).toBe('body.email');
  });

  it('keeps a SCIM-provisioned person’s details with the identity provider (409 naming the field), and lets their role change here', async () => {
    const { admin, worker } = await buildStaffedOrganization();
    await t.db.update(people).set({ source: 'scim' }).where(eq(people.id, worker.id));
    const headers = await t.authAs(admin);
    const listed = (await t.app.inject({ url: `/api/organization/users/?search=${encodeURIComponent(worker.email)}`, headers })).json();
    expect(listed.items[0]).toMatchObject({ id: worker.id, source: 'scim' });
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${worker.id}/`, headers, payload: { firstName: 'Wilma', lastName: 'Worker' } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.details).toEqual([{ field: 'body.firstName', problem: expect.stringContaining('identity provider') }]);
    // The same values sent back (a dialog saved as it was) are no change; the role is Vigil's.
    const promoted = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${worker.id}/`, headers, payload: { firstName: worker.firstName, lastName: worker.lastName, role: 'Manager' } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ firstName: 'Will', role: 'Manager', source: 'scim' });
  });

  it('keeps what the Google Workspace sync writes with Google (409 naming the field), and lets the time zone change here', async () => {
    const { admin, worker } = await buildStaffedOrganization();
    await t.db.update(people).set({ source: 'google' }).where(eq(people.id, worker.id));
    const headers = await t.authAs(admin);
    const retitled = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${worker.id}/`, headers, payload: { jobTitle: 'Night manager' } });
    expect(retitled.statusCode).toBe(409);
    expect(retitled.json().error.details).toEqual([{ field: 'body.jobTitle', problem: 'is kept by your Google Workspace directory: change it there' }]);
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${worker.id}/`, headers, payload: { timeZone: 'Asia/Tokyo' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ timeZone: 'Asia/Tokyo', source: 'google' });
  });

  it('refuses to make someone their own manager or close a reporting loop', async () => {
    const { admin, boss, worker } = await buildStaffedOrganization();
    const headers = await t.authAs(admin);
    const self = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${worker.id}/`, headers, payload: { managerId: worker.id } });
    expect(self.statusCode).toBe(400);
    const loop = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${boss.id}/`, headers, payload: { managerId: worker.id } });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error.details[0]).toEqual({ field: 'body.managerId', problem: expect.stringContaining('reporting loop') });
  });

  it('follows the policy: no change of your own role, an admin cannot touch a superadmin, the last superadmin stays', async () => {
    const { admin, superadmin } = await buildStaffedOrganization();
    const own = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${admin.id}/`, headers: await t.authAs(admin), payload: { role: 'User' } });
    expect(own.statusCode).toBe(409);
    const ownName = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${admin.id}/`, headers: await t.authAs(admin), payload: { firstName: 'Adah' } });
    expect(ownName.statusCode).toBe(200);
    const touchSuper = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${superadmin.id}/`, headers: await t.authAs(admin), payload: { firstName: 'X' } });
    expect(touchSuper.statusCode).toBe(403);
    const promote = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${admin.id}/`, headers: await t.authAs(superadmin), payload: { role: 'Superadmin' } });
    expect(promote.statusCode).toBe(200);
    // Now two superadmins: one may demote the other, who then is the last.
    const demote = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${superadmin.id}/`, headers: await t.authAs(admin), payload: { role: 'Admin' } });
    expect(demote.statusCode).toBe(200);
  });

  it('protects the last active superadmin from a managed-service operator too', async () => {
    const msp = await buildOrganization(t.db);
    const client = await buildOrganization(t.db, { managedByOrganizationId: msp.id });
    const operator = await buildPerson(t.db, msp.id, { role: 'Superadmin' });
    const only = await buildPerson(t.db, client.id, { role: 'Superadmin' });
    const headers = await t.authAs(operator, { dct: client.id });
    const demote = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${only.id}/`, headers, payload: { role: 'Admin' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toContain('last active superadmin');
    const deactivate = await t.app.inject({ method: 'POST', url: `/api/organization/users/${only.id}/deactivate/`, headers });
    expect(deactivate.statusCode).toBe(409);
  });
});

describe('POST /api/organization/users/:id/deactivate/ and reactivate/', () => {
  it('deactivates: the person is inactive, their provider user disabled and sessions revoked; reactivating enables them', async () => {
    const { admin, worker } = await buildStaffedOrganization();
    const headers = await t.authAs(admin);
    await t.db.insert(refreshTokens).values({
      tokenHash: `H${worker.id}`,
      familyId: `F${worker.id}`,
      userId: worker.authUserId!,
      familyExpiresAt: new Date(Date.now() + 3_600_000),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const response = await t.app.inject({ method: 'POST', url: `/api/organization/users/${worker.id}/deactivate/`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isActive: false, can: { deactivate: false, reactivate: true } });
    expect((await t.db.select().from(users).where(eq(users.id, worker.authUserId!)))[0]?.status).toBe('disabled');
    expect((await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, worker.authUserId!)))[0]?.status).toBe('revoked');
    // Their own API calls stop at once.
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(worker) })).statusCode).toBe(401);

    const back = await t.app.inject({ method: 'POST', url: `/api/organization/users/${worker.id}/reactivate/`, headers });
    expect(back.json()).toMatchObject({ isActive: true });
    expect((await t.db.select().from(users).where(eq(users.id, worker.authUserId!)))[0]?.status).toBe('enabled');
  });

  it('refuses to deactivate yourself (409), a plain user (403) and another organisation’s person (404)', async () => {
    const { admin, worker } = await buildStaffedOrganization();
    const other = await buildStaffedOrganization();
    expect((await t.app.inject({ method: 'POST', url: `/api/organization/users/${admin.id}/deactivate/`, headers: await t.authAs(admin) })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/organization/users/${admin.id}/deactivate/`, headers: await t.authAs(worker) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/organization/users/${other.worker.id}/deactivate/`, headers: await t.authAs(admin) })).statusCode).toBe(404);
    const [row] = await t.db.select().from(people).where(eq(people.id, other.worker.id));
    expect(row?.isActive).toBe(true);
  });
});

describe('changes that must not be half made', () => {
  const activeSuperadmins = async (organizationId: string) =>
    t.db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.organizationId, organizationId), eq(people.role, 'Superadmin'), eq(people.isActive, true)));

  it('keeps an active superadmin when the only two demote and deactivate each other at the same moment', async () => {
    const org = await buildOrganization(t.db);
    const one = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `one@${org.domain}` });
    const two = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `two@${org.domain}` });
    await createAuthManagement(t.db).upsertUsers(
      [one, two].map((p) => ({ userId: p.authUserId!, email: p.email, givenName: p.firstName, familyName: p.lastName, tenants: {} })),
    );
    const [asOne, asTwo] = [await resolveTenantFor(t.db, one), await resolveTenantFor(t.db, two)];
    // Called side by side, so that each would read the organisation before the other writes.
    const outcomes = await Promise.allSettled([
      updateOrganizationUser(t.db, asOne, two.id, { role: 'Admin' }, { appUrl: 'http://vigil.test', log: t.app.log }, origin),
      setOrganizationUserActive(t.db, asTwo, one.id, false, origin),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('last active superadmin') });
    expect(await activeSuperadmins(org.id)).toHaveLength(1);
  });

  it('adds nobody when their login cannot be written, so the same request succeeds once the provider is back', async () => {
    const { org, admin } = await buildStaffedOrganization();
    const email = `nia.new@${org.domain}`;
    const payload = { firstName: 'Nia', lastName: 'New', email };
    const outage = await breakProviderWritesFor(t.db, { email });
    const failed = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers: await t.authAs(admin), payload });
    await outage.restore();
    expect(failed.statusCode).toBe(500);
    expect(await t.db.select().from(people).where(eq(people.email, email))).toEqual([]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'organization.user.create')))).toEqual([]);

    const retried = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers: await t.authAs(admin), payload });
    expect(retried.statusCode).toBe(201);
    expect((await t.db.select().from(users).where(eq(users.id, retried.json().id)))[0]).toMatchObject({ email });
  });

  it('changes neither role nor status when the login cannot follow', async () => {
    const { admin, worker } = await buildStaffedOrganization();
    const headers = await t.authAs(admin);
    const outage = await breakProviderWritesFor(t.db, { userId: worker.authUserId! });
    const promote = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${worker.id}/`, headers, payload: { role: 'Manager', lastName: 'Wright' } });
    const deactivate = await t.app.inject({ method: 'POST', url: `/api/organization/users/${worker.id}/deactivate/`, headers });
    await outage.restore();
    expect([promote.statusCode, deactivate.statusCode]).toEqual([500, 500]);
    expect((await t.db.select().from(people).where(eq(people.id, worker.id)))[0]).toMatchObject({ role: 'User', lastName: 'Worker', isActive: true });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, worker.id))).toEqual([]);
  });
});
