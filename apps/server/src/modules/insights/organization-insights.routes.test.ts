import { beforeAll, describe, expect, it } from 'vitest';
import { createAuthManagement } from '@vigil/auth-provider';
import { type Person, trainingAssignments } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { builtinModule, syncLessons } from '../../test/training-factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { appendEvents } from '../events/events.repository.ts';

const t = useTestApp();
const dayMs = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs);

/**
 * One organisation: an admin and a manager in Finance, a clerk in Warehouse, a leaver; sign-ins over
 * the last 40 days (one from 40 days ago falls outside a 30-day window), two anomalies, lessons in
 * every state.
 */
let admin: Person, manager: Person, clerk: Person;

beforeAll(async () => {
  const org = await buildOrganization(t.db, { name: 'Subpage Works' });
  const finance = await buildDepartment(t.db, org.id, 'Finance');
  const warehouse = await buildDepartment(t.db, org.id, 'Warehouse');
  admin = await buildPerson(t.db, org.id, { role: 'Admin', departmentId: finance.id });
  manager = await buildPerson(t.db, org.id, { role: 'Manager', departmentId: finance.id });
  clerk = await buildPerson(t.db, org.id, { role: 'User', departmentId: warehouse.id });
  await buildPerson(t.db, org.id, { role: 'User', departmentId: warehouse.id, isActive: false });
  const fact = (person: Person, type: string, at: Date, data: Record<string, unknown>) => ({ organizationId: org.id, personId: person.id, type, occurredAt: at, data });
  const windows = { method: 'password', os: 'Windows', browser: 'Edge', country: 'DE' };
  await appendEvents(t.db, [
    fact(admin, 'sign_in', daysAgo(40), windows),
    fact(admin, 'sign_in', daysAgo(2), windows),
    fact(admin, 'sign_in', daysAgo(1), { ...windows, method: 'magiclink' }),
    fact(manager, 'sign_in', daysAgo(1), { ...windows, os: 'iOS', browser: 'Safari' }),
    fact(manager, 'sign_in', daysAgo(0), windows),
    fact(clerk, 'sign_in_failed', daysAgo(0), windows),
    fact(clerk, 'sign_in_failed', daysAgo(0), windows),
    fact(clerk, 'sign_in_blocked', daysAgo(0), windows),
    fact(clerk, 'sign_in_anomaly', daysAgo(0), { rule: 'lockout_burst', attempts: 5 }),
    fact(manager, 'sign_in_anomaly', daysAgo(1), { rule: 'new_device', device: 'iOS · Safari' }),
    fact(manager, 'sign_in_anomaly', daysAgo(60), { rule: 'impossible_travel', country: 'BR', previousCountry: 'DE', km: 9500, kmPerHour: 9500 }),
  ]);
  const management = createAuthManagement(t.db);
  await management.upsertUsers([{ userId: manager.authUserId!, email: manager.email, givenName: 'M', familyName: 'M', tenants: {}, passwordHash: 'not-a-real-hash' }]);
  await management.setSignInPolicy(manager.authUserId!, { requireMfa: true, sessionMaxSeconds: null, reason: 'test' });

  await syncLessons(t.db);
  const lesson = await builtinModule(t.db, 'phishing-basics');
  const assign = (person: Person, values: Partial<typeof trainingAssignments.$inferInsert>) =>
    t.db.insert(trainingAssignments).values({ organizationId: org.id, personId: person.id, moduleId: lesson!.id, dueAt: daysAgo(-7), ...values });
  await assign(admin, { status: 'completed', completedAt: daysAgo(3) });
  await assign(manager, { status: 'assigned', dueAt: daysAgo(2) });
  await assign(clerk, { status: 'failed' });
  await assign(clerk, { status: 'cancelled' });
});

const get = async (person: Person, url: string) => t.app.inject({ url, headers: await t.authAs(person) });

describe('the organization’s insight subpages', () => {
  it('user-login-activity: attempts by day, method and outcome within the window, and who failed most', async () => {
    const response = await get(admin, '/api/insights/organization/sign-ins/?days=30');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toEqual({ succeeded: 4, failed: 2, blocked: 1, people: 2 });
    expect(body.byDay).toHaveLength(30);
    expect(body.byDay.at(-1)).toMatchObject({ succeeded: 1, failed: 2, blocked: 1 });
    expect(body.byMethod).toEqual([
      { method: 'password', succeeded: 3, failed: 3 },
      { method: 'magiclink', succeeded: 1, failed: 0 },
    ]);
    expect(body.mostFailures).toEqual([expect.objectContaining({ id: clerk.id, failed: 3, department: 'Warehouse' })]);
    // A 90-day window reaches the sign-in of 40 days ago.
    expect((await get(admin, '/api/insights/organization/sign-ins/?days=90')).json().totals.succeeded).toBe(5);
  });

  it('anomalous-activity: each rule counted, newest first with the person and what was unusual', async () => {
    const body = (await get(admin, '/api/insights/organization/anomalies/?days=90')).json();
    expect(body.byRule).toEqual([
      { rule: 'new_device', count: 1, people: 1 },
      { rule: 'new_country', count: 0, people: 0 },
      { rule: 'impossible_travel', count: 1, people: 1 },
      { rule: 'lockout_burst', count: 1, people: 1 },
    ]);
    expect(body.anomalies.map((a: { rule: string }) => a.rule)).toEqual(['lockout_burst', 'new_device', 'impossible_travel']);
    expect(body.anomalies[2]).toMatchObject({ person: { id: manager.id }, country: 'BR', previousCountry: 'DE', km: 9500 });
    expect((await get(admin, '/api/insights/organization/anomalies/?days=30')).json().anomalies).toHaveLength(2);
  });

  it('mfa-protection-status: factors from the provider, those a policy asks for a code, those without a login', async () => {
    const body = (await get(admin, '/api/insights/organization/mfa/')).json();
    expect(body).toMatchObject({ people: 3, withSecondFactor: 0, stepUpRequired: 1 });
    expect(body.factors.find((f: { factor: string }) => f.factor === 'password').people).toBe(1);
    // The test app gives the admin and clerk no provider login until they sign in.
    expect(body.withoutLogin).toBe(2);
    expect(body.byDepartment.map((d: { name: string; people: number }) => [d.name, d.people])).toEqual([
      ['Finance', 2],
      ['Warehouse', 1],
    ]);
  });

  it('device-protection-status: kinds of device seen, people on several systems, and no endpoint data yet', async () => {
    const body = (await get(admin, '/api/insights/organization/devices/?days=30')).json();
    expect(body.devices).toEqual([
      { os: 'Windows', browser: 'Edge', people: 2, signIns: 3 },
      { os: 'iOS', browser: 'Safari', people: 1, signIns: 1 },
    ]);
    expect(body).toMatchObject({ peopleOnSeveralSystems: 1, endpointDataConnected: false });
  });

  it('training-status: assigned, completed, overdue and failed by department; cancelled and leavers left out', async () => {
    const body = (await get(admin, '/api/insights/organization/training/')).json();
    expect(body.totals).toEqual({ assigned: 3, completed: 1, overdue: 1, failed: 1, people: 3 });
    expect(body.byDepartment).toEqual([
      { name: 'Finance', assigned: 2, completed: 1, overdue: 1, failed: 0, people: 2 },
      { name: 'Warehouse', assigned: 1, completed: 0, overdue: 0, failed: 1, people: 1 },
    ]);
    expect(body.completedByMonth).toHaveLength(6);
    expect(body.completedByMonth.reduce((sum: number, m: { completed: number }) => sum + m.completed, 0)).toBe(1);
  });

  it('answers admins only, and names a bad window', async () => {
    for (const url of ['sign-ins/', 'anomalies/', 'mfa/', 'devices/', 'training/']) {
      expect((await get(manager, `/api/insights/organization/${url}`)).statusCode).toBe(403);
    }
    const bad = await get(admin, '/api/insights/organization/sign-ins/?days=12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/days.*7, 30 or 90/);
  });
});
