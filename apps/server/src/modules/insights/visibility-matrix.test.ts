import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson, grantDepartmentView } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { runConsumer } from '../events/consumers.ts';
import { appendEvents } from '../events/events.repository.ts';
import { riskScoresConsumer } from '../risk/risk-scores.consumer.ts';

const t = useTestApp();

/**
 * The visibility matrix: for every people-insights route and every role of spec §6, exactly the
 * people that role may see. One organisation:
 *
 *   admin (Admin, Sales) ── plain (Sales), seller (Sales)
 *   manager (Manager, Finance) ── lead (Finance) ── clerk (Finance), rep (Sales)
 *   departmentAdmin (Finance; administers Sales)
 *   leaver (Sales, inactive)        and an outsider in another organisation.
 */
type Cast = Record<'admin' | 'plain' | 'seller' | 'manager' | 'lead' | 'clerk' | 'rep' | 'departmentAdmin' | 'leaver' | 'outsider', Person>;
let cast: Cast;
let sales: { id: string };
let finance: { id: string };

beforeAll(async () => {
  const org = await buildOrganization(t.db, { name: 'Visibility Works' });
  const other = await buildOrganization(t.db, { name: 'Elsewhere Ltd' });
  sales = await buildDepartment(t.db, org.id, 'Sales');
  finance = await buildDepartment(t.db, org.id, 'Finance');
  const person = (role: Person['role'], departmentId: string, managerId: string | null = null, extra: Partial<Person> = {}) =>
    buildPerson(t.db, org.id, { role, departmentId, managerId, ...extra });
  const admin = await person('Admin', sales.id);
  const manager = await person('Manager', finance.id);
  const lead = await person('User', finance.id, manager.id);
  cast = {
    admin,
    manager,
    lead,
    plain: await person('User', sales.id, admin.id),
    seller: await person('User', sales.id, admin.id),
    clerk: await person('User', finance.id, lead.id),
    rep: await person('User', sales.id, lead.id),
    departmentAdmin: await person('User', finance.id),
    leaver: await person('User', sales.id, admin.id, { isActive: false }),
    outsider: await buildPerson(t.db, other.id, { role: 'User' }),
  };
  await grantDepartmentView(t.db, org.id, cast.departmentAdmin.id, sales.id);
});

const names = (ids: readonly string[]) =>
  ids.map((id) => (Object.entries(cast).find(([, person]) => person.id === id)?.[0] ?? id)).sort();

const get = async (viewer: keyof Cast, url: string) => t.app.inject({ url, headers: await t.authAs(cast[viewer]) });

const listed = async (viewer: keyof Cast, query = '') => {
  const response = await get(viewer, `/api/insights/people/?limit=100${query}`);
  return response.statusCode === 200 ? names(response.json().items.map((item: { id: string }) => item.id)) : response.statusCode;
};

const everyoneActive = ['admin', 'departmentAdmin', 'clerk', 'lead', 'manager', 'plain', 'rep', 'seller'].sort();

/** view=all: what each role may see. */
const visible: Record<string, string[] | number> = {
  admin: everyoneActive,
  departmentAdmin: ['admin', 'plain', 'rep', 'seller'],
  manager: ['clerk', 'lead', 'rep'],
  lead: ['clerk', 'rep'],
  plain: 403,
};

describe('people insights: each role sees exactly the people spec §6 allows', () => {
  it.each(Object.entries(visible))('%s: the list, its CSV, the group score and each person page agree', async (viewer, expected) => {
    const role = viewer as keyof Cast;
    expect(await listed(role)).toEqual(expected);

    const summary = await get(role, '/api/insights/people/summary/');
    const csv = await get(role, '/api/insights/people/?format=csv');
    if (typeof expected === 'number') {
      expect(summary.statusCode).toBe(expected);
      expect(csv.statusCode).toBe(expected);
    } else {
      expect(summary.json().aggregate.people).toBe(expected.length);
      const emails = csv.body.trim().split('\n').slice(1).map((line) => line.split(',')[2]);
      expect(names(emails.map((email) => Object.values(cast).find((person) => person.email === email)!.id))).toEqual(expected);
    }

    // Every person of both organisations: a page for those the role may see, not found for the rest.
    for (const [name, person] of Object.entries(cast)) {
      const page = await get(role, `/api/insights/people/${person.id}/`);
      if (typeof expected === 'number') expect(page.statusCode, name).toBe(expected);
      else expect(page.statusCode, `${viewer} → ${name}`).toBe(expected.includes(name) ? 200 : 404);
    }
  });

  it('direct reports are one level down for anyone; the whole reporting line only for managers and admins', async () => {
    expect(await listed('manager', '&view=direct-reports')).toEqual(['lead']);
    expect(await listed('lead', '&view=direct-reports')).toEqual(['clerk', 'rep']);
    expect(await listed('plain', '&view=direct-reports')).toEqual([]);
    expect(await listed('manager', '&view=reporting-line')).toEqual(['clerk', 'lead', 'rep']);
    expect(await listed('admin', '&view=reporting-line')).toEqual(['plain', 'seller']);
    expect(await listed('lead', '&view=reporting-line')).toBe(403);
    expect(await listed('departmentAdmin', '&view=reporting-line')).toBe(403);
  });

  it('a department filter narrows within what the role may see, never beyond it', async () => {
    expect(await listed('admin', `&departmentId=${finance.id}`)).toEqual(['clerk', 'departmentAdmin', 'lead', 'manager']);
    expect(await listed('departmentAdmin', `&departmentId=${finance.id}`)).toEqual([]);
    expect(await listed('lead', `&departmentId=${sales.id}`)).toEqual(['rep']);
  });

  it('departments: an admin compares all, a department admin theirs, managers none', async () => {
    const departmentsOf = async (viewer: keyof Cast) => {
      const response = await get(viewer, '/api/insights/departments/');
      return response.statusCode === 200 ? response.json().items.map((item: { name: string }) => item.name).sort() : response.statusCode;
    };
    expect(await departmentsOf('admin')).toEqual(['Finance', 'Sales']);
    expect(await departmentsOf('departmentAdmin')).toEqual(['Sales']);
    expect(await departmentsOf('manager')).toBe(403);
    expect(await departmentsOf('lead')).toBe(403);
    expect(await departmentsOf('plain')).toBe(403);
  });

  it('pages by key without repeating or losing anyone, and refuses a forged cursor and a bad filter with the field named', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (await get('admin', `/api/insights/people/?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names(seen)).toEqual(everyoneActive);

    const forged = await get('admin', `/api/insights/people/?cursor=${Buffer.from('["x"]').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'query.cursor' })]));
    const badBand = await get('admin', '/api/insights/people/?band=purple');
    expect(badBand.statusCode).toBe(400);
    expect(badBand.body).toContain('band');
    const nul = await get('admin', '/api/insights/people/?search=%00');
    expect(nul.statusCode).toBe(400);
  });

  it('pages riskiest first across the people with a score and those at 0, without repeats or gaps', async () => {
    const orgId = cast.admin.organizationId;
    const failure = (person: Person, type: string, daysAgo: number) => ({ organizationId: orgId, personId: person.id, recipientId: randomUUID(), type, occurredAt: new Date(Date.now() - daysAgo * 86_400_000), data: {} });
    await appendEvents(t.db, [failure(cast.clerk, 'submitted', 1), failure(cast.rep, 'clicked', 1), failure(cast.seller, 'clicked', 60)]);
    await runConsumer(t.db, riskScoresConsumer, { maxBatches: 100 });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string; score: number }[]; nextCursor: string | null } = (await get('admin', `/api/insights/people/?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(everyoneActive.length);
    expect(names(seen)).toEqual(everyoneActive);
    // The three with a score come first, riskiest first; then everyone at 0.
    expect(seen.slice(0, 3)).toEqual([cast.clerk.id, cast.rep.id, cast.seller.id]);
    // The clerk's submitted form puts them in the medium band; the rest, scored or at 0, are low.
    expect(await listed('admin', '&band=medium')).toEqual(['clerk']);
    expect(await listed('admin', '&band=low')).toEqual(everyoneActive.filter((name) => name !== 'clerk'));
  });
});
