import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { people } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

// Input PostgreSQL itself would refuse (a NUL, a date outside what `date` holds) must be a 400
// naming the field, never a 500 from the database.
const t = useTestApp();

const buildAdmin = async () => {
  const org = await buildOrganization(t.db);
  const admin = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `ada@${org.domain}` });
  return { org, admin, headers: await t.authAs(admin), mail: (name: string) => `${name}@${org.domain}` };
};

const peopleOf = async (organizationId: string) => t.db.select({ id: people.id }).from(people).where(eq(people.organizationId, organizationId));

describe('input the database would refuse', () => {
  it.each([
    ['a start date in year 0', { startDate: '0000-01-01' }, 'body.startDate', 'must be in the years 1900 to 2100'],
    ['a start date after 2100', { startDate: '2101-01-01' }, 'body.startDate', 'must be in the years 1900 to 2100'],
    ['a NUL in the first name', { firstName: 'Gr\u0000ace' }, 'body.firstName', 'must not contain control characters such as tabs or line breaks'],
    ['a line break in the last name', { lastName: 'Lind\nqvist' }, 'body.lastName', 'must not contain control characters such as tabs or line breaks'],
  ])('POST /api/organization/users/ answers 400 for %s', async (_case, change, field, problem) => {
    const { org, headers, mail } = await buildAdmin();
    const payload = { firstName: 'Grace', lastName: 'Lindqvist', email: mail('grace'), startDate: '2024-03-01', ...change };
    const response = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field, problem }]);
    expect(await peopleOf(org.id)).toHaveLength(1);
  });

  it('POST /api/organization/users/ takes the first and last days of the range', async () => {
    const { headers, mail } = await buildAdmin();
    for (const [name, startDate] of [['first', '1900-01-01'], ['last', '2100-12-31']] as const) {
      const payload = { firstName: 'Grace', lastName: 'Lindqvist', email: mail(name), startDate };
      const response = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers, payload });
      expect(response.statusCode).toBe(201);
      expect(response.json().startDate).toBe(startDate);
    }
  });

  it('PATCH /api/organization/users/:id/ answers 400 for a year-0 start date', async () => {
    const { org, headers } = await buildAdmin();
    const person = await buildPerson(t.db, org.id, { startDate: '2024-03-01' });
    const response = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${person.id}/`, headers, payload: { startDate: '0000-01-01' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'body.startDate', problem: 'must be in the years 1900 to 2100' }]);
  });

  it('GET /api/organization/users/ answers 400 for a NUL in the search', async () => {
    const { headers } = await buildAdmin();
    const response = await t.app.inject({ url: '/api/organization/users/?search=gr%00ace', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('querystring.search');
  });

  it('POST /api/organization/admins/ answers 400 for a NUL in a name', async () => {
    const { org, headers, mail } = await buildAdmin();
    const payload = { email: mail('marcus'), firstName: 'Mar\u0000cus', lastName: 'Bell', role: 'Admin' };
    const response = await t.app.inject({ method: 'POST', url: '/api/organization/admins/', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('body.firstName');
    expect(await peopleOf(org.id)).toHaveLength(1);
  });

  it('the import names the cells a row cannot be stored with, and imports nothing', async () => {
    const { org, headers, mail } = await buildAdmin();
    const csv = `first_name,last_name,email,department,start_date\nGr\u0000ace,Lindqvist,${mail('grace')},,\nOwen,Fletcher,${mail('owen')},Fin\u0000ance,0000-01-01\n`;
    const preview = await t.app.inject({ method: 'POST', url: '/api/organization/users/import/preview/', headers, payload: { csv } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows.map((row: { errors: { field: string }[] }) => row.errors.map((e) => e.field))).toEqual([
      ['first_name'],
      ['department', 'start_date'],
    ]);
    const commit = await t.app.inject({ method: 'POST', url: '/api/organization/users/import/', headers, payload: { csv, skipInvalidRows: true } });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toMatchObject({ created: 0, skipped: 2, departmentsCreated: 0 });
    expect(await peopleOf(org.id)).toHaveLength(1);
  });
});
