import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { authEvents, refreshTokens, users } from '@vigil/auth-provider/schema';
import { auditLog, people } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const management = () => createAuthManagement(t.db);

/** A person with a provider login and sessions (refresh families) signed in from these browsers. */
const buildSignedInPerson = async (browsers: string[] = ['Firefox on the laptop', 'Safari on the phone'], role: 'User' | 'Admin' = 'User') => {
  const org = await buildOrganization(t.db);
  const person = await buildPerson(t.db, org.id, { role, firstName: 'Owen', lastName: 'Fletcher' });
  await management().upsertUsers([{ userId: person.authUserId!, email: person.email, givenName: 'Owen', familyName: 'Fletcher', tenants: {} }]);
  const inAnHour = new Date(Date.now() + 3_600_000);
  const familyIds = browsers.map(() => `F${randomUUID().replaceAll('-', '')}`);
  await t.db.insert(refreshTokens).values(
    browsers.map((userAgent, index) => ({
      tokenHash: randomUUID(),
      familyId: familyIds[index]!,
      userId: person.authUserId!,
      familyExpiresAt: inAnHour,
      expiresAt: inAnHour,
      ip: `198.51.100.${index + 1}`,
      userAgent,
      createdAt: new Date(Date.now() - (index + 1) * 60_000),
    })),
  );
  return { org, person, familyIds, headers: await t.authAs(person, { sid: familyIds[0] }) };
};

const openFamilies = async (authUserId: string) =>
  (await management().listSessions(authUserId)).map((session) => session.familyId);

describe('account routes', () => {
  it.each([
    ['GET', '/api/account/profile/'],
    ['PATCH', '/api/account/profile/'],
    ['GET', '/api/account/sessions/'],
    ['DELETE', '/api/account/sessions/F1/'],
    ['POST', '/api/account/sessions/revoke-others/'],
    ['GET', '/api/account/login-history/'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('/api/account/profile/', () => {
  it('shows and renames the person, at the provider too, and audits it', async () => {
    const { person, headers } = await buildSignedInPerson();
    expect((await t.app.inject({ url: '/api/account/profile/', headers })).json()).toEqual({ firstName: 'Owen', lastName: 'Fletcher', email: person.email });

    const response = await t.app.inject({ method: 'PATCH', url: '/api/account/profile/', headers, payload: { firstName: ' Owain ', lastName: 'Fletcher-Ng' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ firstName: 'Owain', lastName: 'Fletcher-Ng', email: person.email });
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers })).json()).toMatchObject({ first_name: 'Owain', last_name: 'Fletcher-Ng' });
    const [login] = await t.db.select().from(users).where(eq(users.id, person.authUserId!));
    expect(login).toMatchObject({ givenName: 'Owain', familyName: 'Fletcher-Ng', name: 'Owain Fletcher-Ng' });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, person.organizationId), eq(auditLog.action, 'account.profile.update')));
    expect(entry).toMatchObject({ actorPersonId: person.id, targetId: person.id, details: { from: { firstName: 'Owen' }, to: { firstName: 'Owain' } } });
  });

  it.each([
    [{ firstName: '', lastName: 'Fletcher' }, 'body.firstName', 'is required'],
    [{ firstName: 'Owen', lastName: 'x'.repeat(101) }, 'body.lastName', 'must be at most 100 characters'],
    [{ firstName: 'Ow\u0000en', lastName: 'Fletcher' }, 'body.firstName', 'must not contain control characters'],
    [{ firstName: 'Owen', lastName: 'Fletcher\nNg' }, 'body.lastName', 'must not contain control characters'],
    [{ firstName: 'Owen', lastName: 'Fletcher', email: 'me@elsewhere.example' }, 'body', ''],
  ])('answers 400 naming the field for %j', async (payload, field, problem) => {
    const { person, headers } = await buildSignedInPerson();
    const response = await t.app.inject({ method: 'PATCH', url: '/api/account/profile/', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0]).toMatchObject({ field, problem: expect.stringContaining(problem) });
    const [unchanged] = await t.db.select().from(people).where(eq(people.id, person.id));
    expect(unchanged).toMatchObject({ firstName: 'Owen', lastName: 'Fletcher' });
  });

  it('keeps a name of up to 100 characters, as an admin may have given it', async () => {
    const { headers } = await buildSignedInPerson();
    const lastName = 'x'.repeat(100);
    const response = await t.app.inject({ method: 'PATCH', url: '/api/account/profile/', headers, payload: { firstName: 'Owen', lastName } });
    expect(response.statusCode).toBe(200);
    expect(response.json().lastName).toBe(lastName);
  });

  it('changes only the caller, never a colleague', async () => {
    const { org, headers } = await buildSignedInPerson();
    const colleague = await buildPerson(t.db, org.id, { firstName: 'Grace' });
    await t.app.inject({ method: 'PATCH', url: '/api/account/profile/', headers, payload: { firstName: 'New', lastName: 'Name' } });
    const [unchanged] = await t.db.select().from(people).where(eq(people.id, colleague.id));
    expect(unchanged?.firstName).toBe('Grace');
  });
});

describe('/api/account/sessions/', () => {
  it('lists the open sessions with their browser and address, this one marked', async () => {
    const { familyIds, headers } = await buildSignedInPerson();
    const response = await t.app.inject({ url: '/api/account/sessions/', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.canTellCurrent).toBe(true);
    expect(body.sessions).toEqual([
      expect.objectContaining({ id: familyIds[0], current: true, userAgent: 'Firefox on the laptop', ip: '198.51.100.1' }),
      expect.objectContaining({ id: familyIds[1], current: false, userAgent: 'Safari on the phone', ip: '198.51.100.2' }),
    ]);
  });

  it('ends another session of the caller and audits it', async () => {
    const { person, familyIds, headers } = await buildSignedInPerson();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${familyIds[1]}/`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revokedSessions: 1 });
    expect(await openFamilies(person.authUserId!)).toEqual([familyIds[0]]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, person.organizationId), eq(auditLog.action, 'account.session.revoke')));
    expect(entry?.targetId).toBe(familyIds[1]);
  });

  it("answers 404 for another person's session and leaves it open", async () => {
    const { headers } = await buildSignedInPerson();
    const other = await buildSignedInPerson();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${other.familyIds[1]}/`, headers });
    expect(response.statusCode).toBe(404);
    expect(await openFamilies(other.person.authUserId!)).toHaveLength(2);
  });

  it('answers 400 for the session in use: signing out ends that one', async () => {
    const { familyIds, headers } = await buildSignedInPerson();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${familyIds[0]}/`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('params.sessionId');
  });

  it('answers 400 for a session id with a control character, which no session has', async () => {
    const { headers } = await buildSignedInPerson();
    const response = await t.app.inject({ method: 'DELETE', url: '/api/account/sessions/F%00x/', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0]).toMatchObject({ field: 'params.sessionId', problem: expect.stringContaining('control characters') });
  });

  it('ends all the other sessions of the caller, and nobody else’s', async () => {
    const { person, familyIds, headers } = await buildSignedInPerson(['this one', 'laptop', 'phone']);
    const other = await buildSignedInPerson();
    const response = await t.app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revokedSessions: 2 });
    expect(await openFamilies(person.authUserId!)).toEqual([familyIds[0]]);
    expect(await openFamilies(other.person.authUserId!)).toHaveLength(2);
  });

  it('will not end "the others" when the token does not say which session it is', async () => {
    const { person } = await buildSignedInPerson();
    const headers = await t.authAs(person);
    expect((await t.app.inject({ url: '/api/account/sessions/', headers })).json().canTellCurrent).toBe(false);
    const response = await t.app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others/', headers });
    expect(response.statusCode).toBe(409);
    expect(await openFamilies(person.authUserId!)).toHaveLength(2);
  });
});

describe('GET /api/account/login-history/', () => {
  it("lists the caller's own sign-in attempts, newest first, and pages", async () => {
    const { person, headers } = await buildSignedInPerson();
    const other = await buildSignedInPerson();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await t.db.insert(authEvents).values([
      { id: `H1${person.id}`, userId: person.authUserId, event: 'signin', method: 'password', success: false, reason: 'wrong password', ip: '203.0.113.5', createdAt: at(30) },
      { id: `H2${person.id}`, userId: person.authUserId, event: 'signin', method: 'otp-email', success: true, ip: '203.0.113.5', userAgent: 'Firefox', createdAt: at(20) },
      { id: `H3${person.id}`, userId: person.authUserId, event: 'logout', method: 'session', success: true, createdAt: at(10) },
      { id: `H4${person.id}`, userId: other.person.authUserId, event: 'signin', method: 'password', success: true, createdAt: at(5) },
    ]);
    const response = await t.app.inject({ url: '/api/account/login-history/', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.entries.map((e: { method: string; success: boolean }) => [e.method, e.success])).toEqual([
      ['otp-email', true],
      ['password', false],
    ]);
    expect(body.entries[0]).toMatchObject({ ip: '203.0.113.5', userAgent: 'Firefox' });
    const second = (await t.app.inject({ url: '/api/account/login-history/?page=2&page_size=1', headers })).json();
    expect(second.entries.map((e: { id: string }) => e.id)).toEqual([`H1${person.id}`]);
  });

  it.each([['page=0', 'querystring.page'], ['page_size=101', 'querystring.page_size']])('answers 400 naming the field for %s', async (query, field) => {
    const { headers } = await buildSignedInPerson();
    const response = await t.app.inject({ url: `/api/account/login-history/?${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe(field);
  });
});

describe('account routes and roles', () => {
  it('are open to every signed-in person, whatever their role; an admin gets no more than their own', async () => {
    const user = await buildSignedInPerson(['one'], 'User');
    const admin = await buildSignedInPerson(['two'], 'Admin');
    const asUser = (await t.app.inject({ url: '/api/account/sessions/', headers: user.headers })).json();
    const asAdmin = (await t.app.inject({ url: '/api/account/sessions/', headers: admin.headers })).json();
    expect(asUser.sessions.map((s: { id: string }) => s.id)).toEqual(user.familyIds);
    expect(asAdmin.sessions.map((s: { id: string }) => s.id)).toEqual(admin.familyIds);
  });

  it('answers 403 for a session acting in an organisation the person may not use', async () => {
    const { person } = await buildSignedInPerson();
    const elsewhere = await buildOrganization(t.db);
    const headers = await t.authAs(person, { dct: elsewhere.id });
    expect((await t.app.inject({ url: '/api/account/sessions/', headers })).statusCode).toBe(403);
  });
});
