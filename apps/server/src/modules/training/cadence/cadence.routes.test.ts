import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, trainingAssignments, trainingCadenceRules } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { syncLessons } from '../../../test/training-factories.ts';
import { builtinModuleId } from '../library/builtin-lessons.ts';
import { addDays, localDateOf } from './cadence-periods.ts';
import { runCadenceRules } from './cadence.service.ts';

const t = useTestApp();
beforeAll(async () => {
  await syncLessons(t.db);
});

const passwords = builtinModuleId('passwords');

const buildCompany = async (timeZone = 'UTC') => {
  const organization = await buildOrganization(t.db, { timeZone });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
  const finance = await buildDepartment(t.db, organization.id, 'Finance');
  const ana = await buildPerson(t.db, organization.id, { firstName: 'Ana', departmentId: finance.id });
  const bo = await buildPerson(t.db, organization.id, { firstName: 'Bo', departmentId: finance.id });
  const user = await buildPerson(t.db, organization.id, { role: 'User' });
  return { organization, admin, finance, ana, bo, headers: await t.authAs(admin), userHeaders: await t.authAs(user), today: localDateOf(new Date(), timeZone) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const createRule = (company: Company, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/training-cadence-rules/', headers: company.headers, payload });

describe('/api/training-cadence-rules/', () => {
  it('creates, lists, edits, pauses, resumes and deletes a rule, audited; deleting keeps what it assigned', async () => {
    const company = await buildCompany('Europe/Paris');
    const created = await createRule(company, { moduleId: passwords, audience: { kind: 'departments', ids: [company.finance.id] }, cadence: 'quarterly', dueInDays: 14 });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ moduleId: passwords, moduleTitle: expect.stringMatching(/password/i), cadence: 'quarterly', dueInDays: 14, newHireWindowDays: 30, anchorDate: company.today, state: 'active', frameworkId: null, lastRun: null });
    // Not run yet: its first period starts today, at midnight in Paris.
    expect(new Date(rule.nextRunAt).getTime()).toBeLessThanOrEqual(Date.now());

    const list = await t.app.inject({ method: 'GET', url: '/api/training-cadence-rules/', headers: company.headers });
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([rule.id]);

    const paused = await t.app.inject({ method: 'PATCH', url: `/api/training-cadence-rules/${rule.id}/`, headers: company.headers, payload: { state: 'paused', dueInDays: 21 } });
    expect(paused.json()).toMatchObject({ state: 'paused', dueInDays: 21, nextRunAt: null, cadence: 'quarterly' });
    const resumed = await t.app.inject({ method: 'PATCH', url: `/api/training-cadence-rules/${rule.id}/`, headers: company.headers, payload: { state: 'active' } });
    expect(resumed.json()).toMatchObject({ state: 'active', dueInDays: 21 });

    // A pass of the hourly job now assigns the current quarter.
    expect(await runCadenceRules(t.db, new Date(), { organizationId: company.organization.id })).toMatchObject({ assigned: 2 });
    const ran = (await t.app.inject({ method: 'GET', url: '/api/training-cadence-rules/', headers: company.headers })).json().items[0];
    expect(ran.lastRun).toMatchObject({ assigned: 2, alreadyAssigned: 0 });
    expect(new Date(ran.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/training-cadence-rules/${rule.id}/`, headers: company.headers });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/training-cadence-rules/', headers: company.headers })).json().items).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/training-cadence-rules/${rule.id}/`, headers: company.headers })).statusCode).toBe(404);
    const kept = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.cadenceRuleId, rule.id));
    expect(kept).toHaveLength(2);

    const actions = (await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, company.organization.id), eq(auditLog.targetId, rule.id)))).map((entry) => entry.action).sort();
    expect(actions).toEqual(['training-cadence-rule.create', 'training-cadence-rule.delete', 'training-cadence-rule.run', 'training-cadence-rule.update', 'training-cadence-rule.update']);
  });

  it.each([
    [{ moduleId: passwords, audience: { kind: 'organization' }, cadence: 'monthly', dueInDays: 14 }, 'body.cadence'],
    [{ moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 0 }, 'body.dueInDays'],
    [{ moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 14, anchorDate: '2026-02-30' }, 'body.anchorDate'],
    [{ moduleId: passwords, audience: { kind: 'departments', ids: [] }, cadence: 'annual', dueInDays: 14 }, 'body.audience.ids'],
    [{ moduleId: '00000000-0000-4000-8000-000000000000', audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 14 }, 'body.moduleId'],
    [{ moduleId: passwords, audience: { kind: 'people', ids: ['00000000-0000-4000-8000-000000000000'] }, cadence: 'annual', dueInDays: 14 }, 'body.audience.ids'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const company = await buildCompany();
    const response = await createRule(company, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.arrayContaining([expect.objectContaining({ field })]) });
  });

  it('refuses people who are not admins', async () => {
    const company = await buildCompany();
    const response = await t.app.inject({ method: 'GET', url: '/api/training-cadence-rules/', headers: company.userHeaders });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/training-cadence-rules/' })).statusCode).toBe(401);
  });
});

describe('GET /api/training-schedule/', () => {
  it('lists per day the open assignments falling due and the planned runs with the people expected, as JSON and CSV', async () => {
    const company = await buildCompany('America/New_York');
    const { today } = company;
    // Due at 03:00 UTC on day +5: still day +4 in New York.
    const dueInstant = new Date(`${addDays(today, 5)}T03:00:00Z`);
    await t.db.insert(trainingAssignments).values([
      { organizationId: company.organization.id, personId: company.ana.id, moduleId: builtinModuleId('passkeys'), dueAt: dueInstant },
      { organizationId: company.organization.id, personId: company.bo.id, moduleId: builtinModuleId('passkeys'), dueAt: dueInstant },
      { organizationId: company.organization.id, personId: company.admin.id, moduleId: builtinModuleId('passkeys'), dueAt: dueInstant, status: 'completed' },
    ]);
    await buildPerson(t.db, company.organization.id, { firstName: 'New', departmentId: company.finance.id, startDate: addDays(today, 10) });
    await createRule(company, { moduleId: passwords, audience: { kind: 'departments', ids: [company.finance.id] }, cadence: 'on_hire', dueInDays: 30 });
    const annual = (await createRule(company, { moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30, anchorDate: addDays(today, 20) })).json();
    await createRule(company, { moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30, anchorDate: addDays(today, 21), state: 'paused' });

    const response = await t.app.inject({ method: 'GET', url: `/api/training-schedule/?from=${today}&to=${addDays(today, 40)}`, headers: company.headers });
    expect(response.statusCode, response.body).toBe(200);
    const schedule = response.json();
    expect(schedule.timeZone).toBe('America/New_York');
    expect(schedule.days).toEqual([
      { date: addDays(today, 4), due: 2, planned: 0 },
      { date: addDays(today, 10), due: 0, planned: 1 },
      { date: addDays(today, 20), due: 0, planned: 5 },
    ]);
    expect(schedule.items).toEqual([
      { date: addDays(today, 4), kind: 'due', moduleId: builtinModuleId('passkeys'), moduleTitle: expect.any(String), people: 2, ruleId: null, cadence: null, period: null },
      { date: addDays(today, 10), kind: 'planned', moduleId: passwords, moduleTitle: expect.any(String), people: 1, ruleId: expect.any(String), cadence: 'on_hire', period: 'hire' },
      { date: addDays(today, 20), kind: 'planned', moduleId: passwords, moduleTitle: expect.any(String), people: 5, ruleId: annual.id, cadence: 'annual', period: addDays(today, 20).slice(0, 4) },
    ]);

    const csv = await t.app.inject({ method: 'GET', url: `/api/training-schedule/?from=${today}&to=${addDays(today, 40)}&format=csv`, headers: company.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('date,kind,module,people,cadence,period');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${addDays(today, 4)},due,.+,2,,$`));
  });

  it.each([
    ['from=2026-05-01&to=2026-04-30', 'querystring.to', 'must be on or after from'],
    ['from=2026-01-01&to=2027-01-02', 'querystring.to', 'must be less than 366 days after from (at most a year at once)'],
    ['from=2026-13-01&to=2026-12-01', 'querystring.from', undefined],
    ['from=2026-01-01&to=2026-1-31', 'querystring.to', undefined],
  ])('answers 400 for %s naming %s', async (query, field, problem) => {
    const company = await buildCompany();
    const response = await t.app.inject({ method: 'GET', url: `/api/training-schedule/?${query}`, headers: company.headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, ...(problem ? { problem } : {}) })]));
  });

  it('shows a module planned by two rules on one day once, with the people of both (a run assigns each person once)', async () => {
    const company = await buildCompany();
    const { today } = company;
    const anchorDate = addDays(today, 3);
    await createRule(company, { moduleId: passwords, audience: { kind: 'departments', ids: [company.finance.id] }, cadence: 'annual', dueInDays: 30, anchorDate });
    await createRule(company, { moduleId: passwords, audience: { kind: 'people', ids: [company.ana.id, company.admin.id] }, cadence: 'annual', dueInDays: 30, anchorDate });
    const schedule = (await t.app.inject({ method: 'GET', url: `/api/training-schedule/?from=${today}&to=${addDays(today, 10)}`, headers: company.headers })).json();
    expect(schedule.days).toEqual([{ date: anchorDate, due: 0, planned: 3 }]);
    expect(schedule.items).toEqual([expect.objectContaining({ date: anchorDate, kind: 'planned', moduleId: passwords, people: 3 })]);
  });

  it('shows 31 days from today when no range is named', async () => {
    const company = await buildCompany('Asia/Tokyo');
    const response = await t.app.inject({ method: 'GET', url: '/api/training-schedule/', headers: company.headers });
    expect(response.json()).toMatchObject({ from: company.today, to: addDays(company.today, 30), timeZone: 'Asia/Tokyo' });
  });

  it('accepts a whole year, a leap year included', async () => {
    const company = await buildCompany();
    const response = await t.app.inject({ method: 'GET', url: '/api/training-schedule/?from=2028-01-01&to=2028-12-31', headers: company.headers });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('the rules of another organisation', () => {
  it('are not found', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const rule = (await createRule(other, { moduleId: passwords, audience: { kind: 'organization' }, cadence: 'annual', dueInDays: 30 })).json();
    expect((await t.app.inject({ method: 'PATCH', url: `/api/training-cadence-rules/${rule.id}/`, headers: company.headers, payload: { state: 'paused' } })).statusCode).toBe(404);
    const [row] = await t.db.select().from(trainingCadenceRules).where(eq(trainingCadenceRules.id, rule.id));
    expect(row!.pausedAt).toBeNull();
  });
});
