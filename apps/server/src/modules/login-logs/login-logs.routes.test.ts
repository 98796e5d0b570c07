import { describe, expect, it } from 'vitest';
import { createAuthManagement } from '@vigil/auth-provider';
import { authEvents } from '@vigil/auth-provider/schema';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const buildOrgWithLogins = async () => {
  const org = await buildOrganization(t.db);
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', firstName: 'Ada' });
  const member = await buildPerson(t.db, org.id, { firstName: 'Bo' });
  await createAuthManagement(t.db).upsertUsers(
    [admin, member].map((p) => ({ userId: p.authUserId!, email: p.email, givenName: p.firstName, familyName: p.lastName, tenants: {} })),
  );
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  await t.db.insert(authEvents).values([
    { id: `E1${member.id}`, userId: member.authUserId, event: 'signin', method: 'password', success: false, reason: 'wrong password', ip: '198.51.100.7', createdAt: at(30) },
    { id: `E2${member.id}`, userId: member.authUserId, event: 'signin', method: 'password', success: true, ip: '198.51.100.7', userAgent: '=HYPERLINK("x")', createdAt: at(20) },
    { id: `E3${member.id}`, userId: admin.authUserId, event: 'signin', method: 'otp-email', success: true, ip: '203.0.113.9', createdAt: at(10) },
  ]);
  return { org, admin, member };
};

describe('GET /api/organization/login-logs/', () => {
  it("lists the organisation's auth events newest first, with who and how", async () => {
    const { admin, member } = await buildOrgWithLogins();
    const response = await t.app.inject({ url: '/api/organization/login-logs/', headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.entries.map((e: { email: string; success: boolean }) => [e.email, e.success])).toEqual([
      [admin.email, true],
      [member.email, true],
      [member.email, false],
    ]);
    expect(body.entries[2]).toMatchObject({ name: `Bo ${member.lastName}`, method: 'password', reason: 'wrong password', ip: '198.51.100.7' });
  });

  it('filters by outcome and time, and pages', async () => {
    const { admin } = await buildOrgWithLogins();
    const headers = await t.authAs(admin);
    const failures = (await t.app.inject({ url: '/api/organization/login-logs/?outcome=failure', headers })).json();
    expect(failures.entries).toHaveLength(1);
    const since = encodeURIComponent(new Date(Date.now() - 15 * 60_000).toISOString());
    expect((await t.app.inject({ url: `/api/organization/login-logs/?from=${since}`, headers })).json().total).toBe(1);
    const page2 = (await t.app.inject({ url: '/api/organization/login-logs/?page=2&page_size=2', headers })).json();
    expect(page2).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.entries).toHaveLength(1);
  });

  it("finds a person's entries by part of their name or email", async () => {
    const { admin, member } = await buildOrgWithLogins();
    const headers = await t.authAs(admin);
    const byName = (await t.app.inject({ url: '/api/organization/login-logs/?q=bo', headers })).json();
    expect(byName.entries.map((e: { email: string }) => e.email)).toEqual([member.email, member.email]);
    const byEmail = (await t.app.inject({ url: `/api/organization/login-logs/?q=${encodeURIComponent(admin.email.slice(0, 12).toUpperCase())}`, headers })).json();
    expect(byEmail.entries.map((e: { email: string }) => e.email)).toEqual([admin.email]);
    expect((await t.app.inject({ url: '/api/organization/login-logs/?q=nobody-at-all', headers })).json().total).toBe(0);
  });

  it('exports CSV with a header row, and neutralises cells a spreadsheet would run as formulas', async () => {
    const { admin, member } = await buildOrgWithLogins();
    const response = await t.app.inject({ url: '/api/organization/login-logs/?format=csv', headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="login-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('time,email,name,event,method,outcome,reason,ip,user_agent,new_device');
    expect(lines).toHaveLength(4);
    expect(response.body).toContain(member.email);
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('exports every matching entry across several batches read by key, each once, newest first', async () => {
    const { admin, member } = await buildOrgWithLogins();
    // 2,500 failures in the same second: the export reads them by key in batches, ties and all.
    const second = new Date(Date.now() - 5 * 60_000);
    await t.db.insert(authEvents).values(
      Array.from({ length: 2_500 }, (_, index) => ({ id: `B${String(index).padStart(5, '0')}${member.id}`, userId: member.authUserId, event: 'signin', method: 'password', success: false, reason: 'wrong password', createdAt: second })),
    );
    const response = await t.app.inject({ url: '/api/organization/login-logs/?format=csv&outcome=failure', headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(200);
    const rows = response.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(2_501);
    const times = rows.map((row) => row.split(',')[0]!);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.app.inject({ url: '/api/organization/login-logs/?outcome=failure', headers: await t.authAs(admin) })).json().total).toBe(2_501);
  });

  it.each(['Manager', 'User'] as const)('refuses a %s with 403', async (role) => {
    const person = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role });
    expect((await t.app.inject({ url: '/api/organization/login-logs/', headers: await t.authAs(person) })).statusCode).toBe(403);
  });

  it.each([
    ['from=yesterday', 'querystring.from'],
    ['page_size=500', 'querystring.page_size'],
    ['outcome=maybe', 'querystring.outcome'],
    [`q=${'x'.repeat(201)}`, 'querystring.q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const admin = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role: 'Superadmin' });
    const response = await t.app.inject({ url: `/api/organization/login-logs/?${query}`, headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe(field);
  });
});

describe('GET /api/organization/login-logs/ date filters at the edges of the calendar', () => {
  const filter = async (query: string) => {
    const admin = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role: 'Admin' });
    return t.app.inject({ url: `/api/organization/login-logs/?${query}`, headers: await t.authAs(admin) });
  };

  it.each([
    ['from', '0000-02-29T00:00:00Z'],
    ['to', '0000-01-01T00:00:00Z'],
    ['from', '10000-01-01T00:00:00Z'],
    ['to', '2023-02-29T00:00:00Z'],
    ['from', '1900-02-29T12:00:00Z'],
  ])('answers 400 naming %s for %s, a day that does not exist or a year outside 0001–9999', async (field, value) => {
    const response = await filter(`${field}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: `querystring.${field}` }] });
  });

  it.each([
    ['from', '0001-01-01T00:00:00Z'],
    ['to', '9999-12-31T23:59:59.999Z'],
    ['from', '2024-02-29T00:00:00Z'],
  ])('accepts %s=%s', async (field, value) => {
    const response = await filter(`${field}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(0);
  });
});
