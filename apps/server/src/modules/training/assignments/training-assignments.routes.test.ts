import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, trainingAssignments } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { builtinModule, syncLessons } from '../../../test/training-factories.ts';

const t = useTestApp();
beforeAll(async () => {
  await syncLessons(t.db);
});

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** An organisation with two departments and a manager with a two-level reporting line. */
const buildCompany = async () => {
  const organization = await buildOrganization(t.db);
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin', firstName: 'Ava', lastName: 'Admin' });
  const sales = await buildDepartment(t.db, organization.id, 'Sales');
  const finance = await buildDepartment(t.db, organization.id, 'Finance');
  const manager = await buildPerson(t.db, organization.id, { firstName: 'Mara', lastName: 'Manager', departmentId: sales.id });
  const lead = await buildPerson(t.db, organization.id, { firstName: 'Leo', lastName: 'Lead', departmentId: sales.id, managerId: manager.id });
  const rep = await buildPerson(t.db, organization.id, { firstName: 'Ria', lastName: 'Rep', departmentId: sales.id, managerId: lead.id });
  const accountant = await buildPerson(t.db, organization.id, { firstName: '=Ada', lastName: 'Accountant', departmentId: finance.id });
  const leaver = await buildPerson(t.db, organization.id, { firstName: 'Lee', departmentId: finance.id, isActive: false });
  return { organization, admin, sales, finance, manager, lead, rep, accountant, leaver, headers: await t.authAs(admin) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const assign = (company: Company, moduleId: string, audience: Record<string, unknown>, dueAt = inAWeek()) =>
  t.app.inject({ method: 'POST', url: '/api/training-assignments/', headers: company.headers, payload: { moduleId, audience, dueAt } });

describe('POST /api/training-assignments/', () => {
  it('assigns one per active person of the audience, counting people who have it open already', async () => {
    const company = await buildCompany();
    const module = await builtinModule(t.db, 'phishing-basics');
    const toManager = await assign(company, module.id, { kind: 'manager', ids: [company.manager.id] });
    expect(toManager.statusCode, toManager.body).toBe(201);
    expect(toManager.json()).toEqual({ assigned: 2, alreadyAssigned: 0 });

    const toSales = await assign(company, module.id, { kind: 'departments', ids: [company.sales.id] });
    expect(toSales.json()).toEqual({ assigned: 1, alreadyAssigned: 2 });
    const toEveryone = await assign(company, module.id, { kind: 'organization' });
    // The admin and the accountant are new; the leaver is inactive.
    expect(toEveryone.json()).toEqual({ assigned: 2, alreadyAssigned: 3 });

    const rows = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.organizationId, company.organization.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.status === 'assigned' && row.reason === 'assigned' && row.assignedByPersonId === company.admin.id)).toBe(true);
    const assigned = await t.db.select().from(events).where(and(eq(events.organizationId, company.organization.id), eq(events.type, 'training_assigned')));
    expect(assigned).toHaveLength(5);
    expect(assigned[0]!.data).toMatchObject({ moduleId: module.id, reason: 'assigned' });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, company.organization.id), eq(auditLog.action, 'training-assignment.create')));
    expect(audit).toHaveLength(3);

    // A cancelled or finished one does not count as open: the person gets a new one.
    const repRow = rows.find((row) => row.personId === company.rep.id)!;
    await t.app.inject({ method: 'POST', url: `/api/training-assignments/${repRow.id}/cancel/`, headers: company.headers });
    expect((await assign(company, module.id, { kind: 'people', ids: [company.rep.id] })).json()).toEqual({ assigned: 1, alreadyAssigned: 0 });
  });

  it('refuses a module, audience or due date that is not right, naming the field', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const module = await builtinModule(t.db, 'passwords');
    const field = async (response: Awaited<ReturnType<typeof assign>>) => {
      expect(response.statusCode, response.body).toBe(400);
      return response.json().error.details.map((detail: { field: string }) => detail.field);
    };
    expect(await field(await assign(company, crypto.randomUUID(), { kind: 'organization' }))).toEqual(['body.moduleId']);
    expect(await field(await assign(company, module.id, { kind: 'departments', ids: [other.sales.id] }))).toEqual(['body.audience.ids']);
    expect(await field(await assign(company, module.id, { kind: 'organization' }, new Date(Date.now() - 60_000).toISOString()))).toEqual(['body.dueAt']);
    expect(await field(await t.app.inject({ method: 'POST', url: '/api/training-assignments/', headers: company.headers, payload: { moduleId: 'nope', audience: { kind: 'organization' }, dueAt: inAWeek() } }))).toEqual(['body.moduleId']);
    expect((await t.db.select().from(trainingAssignments).where(inArray(trainingAssignments.organizationId, [company.organization.id, other.organization.id])))).toEqual([]);
    const user = await t.authAs(company.rep);
    expect((await t.app.inject({ method: 'POST', url: '/api/training-assignments/', headers: user, payload: { moduleId: module.id, audience: { kind: 'organization' }, dueAt: inAWeek() } })).statusCode).toBe(403);
  });
});

describe('GET /api/training-assignments/', () => {
  it('pages by key, newest first, with filters; format=csv streams every match', async () => {
    const company = await buildCompany();
    const basics = await builtinModule(t.db, 'phishing-basics');
    const passwords = await builtinModule(t.db, 'passwords');
    await assign(company, basics.id, { kind: 'organization' });
    await assign(company, passwords.id, { kind: 'departments', ids: [company.sales.id] });
    // One overdue: due yesterday.
    await t.db.update(trainingAssignments).set({ dueAt: new Date(Date.now() - 86_400_000) }).where(and(eq(trainingAssignments.personId, company.accountant.id), eq(trainingAssignments.moduleId, basics.id)));

    const seen: { id: string; assignedAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const response = await t.app.inject({ method: 'GET', url: `/api/training-assignments/?limit=3${cursor ? `&cursor=${cursor}` : ''}`, headers: company.headers });
      expect(response.statusCode, response.body).toBe(200);
      const body: { items: { id: string; assignedAt: string }[]; nextCursor: string | null } = response.json();
      seen.push(...body.items);
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((item) => item.id)).size).toBe(8);
    expect(seen.map((item) => item.assignedAt)).toEqual([...seen.map((item) => item.assignedAt)].sort().reverse());

    const list = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/training-assignments/?${query}`, headers: company.headers })).json().items;
    expect(await list(`moduleId=${passwords.id}`)).toHaveLength(3);
    const overdue = await list('overdue=true');
    expect(overdue).toMatchObject([{ email: company.accountant.email, moduleTitle: (basics.texts as Record<string, { title: string }>).en_us!.title, overdue: true, department: 'Finance', status: 'assigned', score: null }]);
    expect(await list('overdue=false')).toHaveLength(7);
    expect((await list('search=ria%20rep')).map((item: { personId: string }) => item.personId)).toEqual([company.rep.id, company.rep.id]);
    expect(await list('status=completed')).toEqual([]);

    const bad = await t.app.inject({ method: 'GET', url: '/api/training-assignments/?cursor=bm90LWEtY3Vyc29y&status=done', headers: company.headers });
    expect(bad.statusCode).toBe(400);
    // NUL in the search box is a field error, not a database error.
    const nul = await t.app.inject({ method: 'GET', url: '/api/training-assignments/?search=%00', headers: company.headers });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json().error.details).toEqual([expect.objectContaining({ field: 'querystring.search' })]);

    const csv = await t.app.inject({ method: 'GET', url: '/api/training-assignments/?format=csv&overdue=false', headers: company.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="training-assignments-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('name,email,department,module,reason,status,overdue,assigned_at,due_at,completed_at,score');
    expect(lines).toHaveLength(8);
    // A formula-looking cell is neutralised.
    const everything = (await t.app.inject({ method: 'GET', url: '/api/training-assignments/?format=csv', headers: company.headers })).body;
    expect(everything.trim().split('\n')).toHaveLength(9);
    expect(everything).toMatch(/^'=Ada Accountant,/m);
  });

  it('is for admins only', async () => {
    const company = await buildCompany();
    expect((await t.app.inject({ method: 'GET', url: '/api/training-assignments/', headers: await t.authAs(company.rep) })).statusCode).toBe(403);
  });
});

describe('POST /api/training-assignments/{id}/cancel/', () => {
  it('cancels an open assignment once; finished ones and other organisations’ are refused', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const module = await builtinModule(t.db, 'passkeys');
    await assign(company, module.id, { kind: 'people', ids: [company.rep.id] });
    const [row] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.personId, company.rep.id));
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/training-assignments/${row!.id}/cancel/`, headers: company.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: row!.id, status: 'cancelled', name: 'Ria Rep', department: 'Sales', overdue: false });
    expect((await t.app.inject({ method: 'POST', url: `/api/training-assignments/${row!.id}/cancel/`, headers: company.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/training-assignments/${row!.id}/cancel/`, headers: other.headers })).statusCode).toBe(404);
    // The learner no longer sees it.
    expect((await t.app.inject({ method: 'GET', url: `/api/my-trainings/${row!.id}/`, headers: await t.authAs(company.rep) })).statusCode).toBe(404);
  });
});
