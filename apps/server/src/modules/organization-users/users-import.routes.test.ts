import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { userTenants, users } from '@vigil/auth-provider/schema';
import { auditLog, departments, people } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { breakProviderWritesFor } from '../../test/provider-outage.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const buildOrg = async () => {
  const org = await buildOrganization(t.db);
  const mail = (name: string) => `${name}@${org.domain}`;
  const finance = await buildDepartment(t.db, org.id, 'Finance');
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', firstName: 'Ada', lastName: 'Admin', email: mail('ada') });
  const superadmin = await buildPerson(t.db, org.id, { role: 'Superadmin', firstName: 'Sam', lastName: 'Super', email: mail('sam') });
  const boss = await buildPerson(t.db, org.id, { role: 'Manager', firstName: 'Bea', lastName: 'Boss', email: mail('bea'), departmentId: finance.id });
  await createAuthManagement(t.db).upsertUsers(
    [admin, superadmin, boss].map((p) => ({ userId: p.authUserId!, email: p.email, givenName: p.firstName, familyName: p.lastName, tenants: {} })),
  );
  return { org, mail, finance, admin, superadmin, boss };
};

const counts = async (organizationId: string) => ({
  people: (await t.db.select({ n: count() }).from(people).where(eq(people.organizationId, organizationId)))[0]!.n,
  departments: (await t.db.select({ n: count() }).from(departments).where(eq(departments.organizationId, organizationId)))[0]!.n,
});

type Row = { line: number; action: string; changes: string[]; newDepartment: boolean; errors: { field: string; problem: string }[] };

describe('POST /api/organization/users/import/preview/', () => {
  const preview = async (headers: { authorization: string }, csv: string) =>
    t.app.inject({ method: 'POST', url: '/api/organization/users/import/preview/', headers, payload: { csv } });

  it('answers 401 without a session and 403 for someone who is not an admin', async () => {
    const { org } = await buildOrg();
    expect((await t.app.inject({ method: 'POST', url: '/api/organization/users/import/preview/', payload: { csv: 'x' } })).statusCode).toBe(401);
    const user = await buildPerson(t.db, org.id, { role: 'Manager' });
    expect((await preview(await t.authAs(user), 'first_name,last_name,email\nA,B,a@b.example')).statusCode).toBe(403);
  });

  it.each([
    ['no csv field', undefined, 'body.csv'],
    ['an empty file', '', 'body.csv'],
    ['a header without email', 'first_name,last_name\nA,B', 'body.csv'],
    ['a header and nothing under it', 'first_name,last_name,email\n', 'body.csv'],
    ['an unclosed quote', 'first_name,last_name,email\n"A,B,a@b.example', 'body.csv'],
  ])('answers 400 for %s', async (_, csv, field) => {
    const { admin } = await buildOrg();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organization/users/import/preview/',
      headers: await t.authAs(admin),
      payload: csv === undefined ? {} : { csv },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe(field);
  });

  it.each([
    ['an unclosed quote', 'first_name,last_name,email\nAda,Byron,ada@b.example\n\nCy,"Cole,cy@b.example\nDee,Dale,dee@b.example\n', 4, 'Line 4 has a quote (") that is never closed'],
    ['a row with too many columns', 'first_name,last_name,email\nAda,Byron,ada@b.example\nLee, Ann,Smith,ann@b.example\n', 3, 'Line 3 has 4 cells, but the first row names only 3 columns.'],
    ['a quote inside a cell', 'first_name,last_name,email\nAda,Byron,ada@b.example\nAnn,"Lee"x,ann@b.example\n', 3, 'Line 3 has a quote (") inside a cell.'],
    ['a file that is not CSV at all', 'PK\u0003\u0004\u0014\u0000\u0006\u0000\b\u0000\u0000\u0000!\u0000b\u00ee\u009dh^\u0001\n\u0000\u0000[Content_Types].xml', 1, 'This is not a CSV file: line 1 has characters that are not text'],
  ])('says what is wrong with %s as a sentence with the line, not in the parser’s words', async (_, csv, line, start) => {
    const { admin } = await buildOrg();
    const response = await preview(await t.authAs(admin), csv);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message.startsWith(start)).toBe(true);
    expect(error.message).toMatch(/choose (the|that) file/);
    expect(error.message).not.toMatch(/Quote Not Closed|Invalid|could not be read as CSV:|body\.csv/);
    expect(error).toEqual({ code: 'VALIDATION_FAILED', message: error.message, details: [{ field: 'body.csv', problem: error.message, line }] });
  });

  it('leaves empty cells beyond the header alone: a spreadsheet may add them', async () => {
    const { admin } = await buildOrg();
    const response = await preview(await t.authAs(admin), 'first_name,last_name,email\nAda,Byron,ada@b.example,,\n');
    expect(response.statusCode).toBe(200);
    expect(response.json().summary).toMatchObject({ rows: 1, invalid: 0 });
  });

  it('answers the 31st preview of an organisation within 10 minutes with 429 and Retry-After; other organisations go on', async () => {
    const { admin } = await buildOrg();
    const other = await buildOrg();
    const headers = await t.authAs(admin);
    const csv = 'first_name,last_name,email\nAda,Byron,ada@b.example';
    for (let i = 0; i < 30; i++) expect((await preview(headers, csv)).statusCode).toBe(200);
    const limited = await preview(headers, csv);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('try again in') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect((await preview(await t.authAs(other.admin), csv)).statusCode).toBe(200);
  });

  it('refuses more than 5,000 rows as a whole, naming the limit', async () => {
    const { admin } = await buildOrg();
    const csv = ['first_name,last_name,email', ...Array.from({ length: 5001 }, (_, i) => `A,B,p${i}@many.example`)].join('\n');
    const response = await preview(await t.authAs(admin), csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('at most 5000');
  });

  it('says what each row would do, with any header case and spacing, and writes nothing', async () => {
    const { org, admin, mail } = await buildOrg();
    const before = await counts(org.id);
    const csv = [
      'First Name,LAST_NAME,Email,Role,Department,Manager-Email,start date,Employee ID',
      `Nia,New,${mail('nia')},User,Finance,${mail('bea')},2025-01-06,77`,
      `Bea,Boss,${mail('BEA')},manager,Finance,,,78`,
      `Beatrice,,${mail('bea2')},,Research,${mail('nia')},,79`,
      `,,${mail('ada')},,Finance,,,`,
    ].join('\r\n');
    const response = await preview(await t.authAs(admin), csv);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ignoredColumns).toEqual(['Employee ID']);
    expect(body.rows.map((r: Row) => [r.line, r.action, r.changes, r.newDepartment, r.errors.length])).toEqual([
      [2, 'create', [], false, 0],
      [3, 'unchanged', [], false, 0],
      [4, 'create', [], true, 1],
      [5, 'update', ['department'], false, 0],
    ]);
    expect(body.rows[2].errors).toEqual([{ field: 'last_name', problem: 'Required for a new person.' }]);
    expect(body.rows[0].values).toEqual({
      firstName: 'Nia',
      lastName: 'New',
      email: mail('nia'),
      role: 'User',
      department: 'Finance',
      managerEmail: mail('bea'),
      startDate: '2025-01-06',
      jobTitle: '',
      phone: '',
      timeZone: '',
      language: '',
    });
    expect(body.summary).toEqual({ rows: 4, create: 1, update: 1, unchanged: 1, invalid: 1 });
    expect(body.newDepartments).toEqual([]);
    expect(await counts(org.id)).toEqual(before);
  });

  it('gives every row its own problems, by column', async () => {
    const { admin, mail } = await buildOrg();
    const other = await buildOrg();
    const csv = [
      'first_name,last_name,email,role,department,manager_email,start_date',
      'Bad,Email,not-an-email,,,,',
      `Dee,One,${mail('dee')},,,,`,
      `Dee,Two,${mail('DEE')},,,,`,
      `Rob,Role,${mail('rob')},Owner,,,`,
      `Dan,Date,${mail('dan')},,,,03/01/2024`,
      `Mo,Manager,${mail('mo')},,,${other.mail('ada')},`,
      `Sue,Super,${mail('sue')},Superadmin,,,`,
      `Kid,Dependent,${mail('kid')},,,not-an-email,`,
      `Tom,Team,${mail('tom')},,,${mail('rob')},`,
      `Eve,Elsewhere,${other.mail('bea')},,,,`,
      `Sam,Super,${mail('sam')},User,,,`,
      `Ok,Fine,${mail('ok')},,New Dept,,2024-02-29`,
    ].join('\n');
    const body = (await preview(await t.authAs(admin), csv)).json();
    const problems = Object.fromEntries(body.rows.map((r: Row) => [r.line, r.errors.map((e) => `${e.field}: ${e.problem}`)]));
    expect(problems).toEqual({
      2: ['email: Not a valid email address.'],
      3: [expect.stringMatching(/^email: Listed more than once in this file \(lines 3, 4\)/)],
      4: [expect.stringMatching(/^email: Listed more than once/)],
      5: ['role: Unknown role “Owner”: use Superadmin, Admin, Manager, User.'],
      6: ['start_date: Must be a date written as YYYY-MM-DD, like 2024-03-01.'],
      7: ['manager_email: No one with this email is in the organization or in this file.'],
      8: ['role: Only a superadmin may make someone a superadmin.'],
      9: ['manager_email: Not a valid email address.'],
      10: ['manager_email: Their manager (line 5) has errors, so this row cannot be imported without them.'],
      // Signs in to another organisation: the preview must not tell (the address's owner is mailed on import).
      11: [],
      12: ['role: Only a superadmin may change a superadmin.'],
      13: [],
    });
    expect(body.summary).toMatchObject({ rows: 12, create: 2, invalid: 10 });
    expect(body.newDepartments).toEqual(['New Dept']);
  });
});

describe('POST /api/organization/users/import/', () => {
  const importCsv = async (headers: { authorization: string }, csv: string, skipInvalidRows?: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/organization/users/import/',
      headers,
      payload: skipInvalidRows === undefined ? { csv } : { csv, skipInvalidRows },
    });

  it('refuses the whole file when a row has errors and the admin did not choose to skip them: nothing is written', async () => {
    const { org, admin, mail } = await buildOrg();
    const before = await counts(org.id);
    const csv = ['first_name,last_name,email,department', `Nia,New,${mail('nia')},Brand New`, 'Bad,Email,nope,'].join('\n');
    const response = await importCsv(await t.authAs(admin), csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('nothing was imported'),
      details: [{ line: 3, field: 'email', problem: 'Not a valid email address.' }],
    });
    expect(await counts(org.id)).toEqual(before);
    expect(await t.db.select().from(users).where(eq(users.email, mail('nia')))).toEqual([]);
  });

  it('imports the valid rows in one go when told to skip the others: people, logins, departments, managers, one audit entry', async () => {
    const { org, admin, mail, boss } = await buildOrg();
    const csv = [
      'first_name,last_name,email,role,department,manager_email,start_date',
      // Ned's manager is Nia, further down the file.
      `Ned,Next,${mail('ned')},,Research,${mail('nia')},`,
      `Nia,New,${mail('nia')},Manager,research,${mail('bea')},2025-01-06`,
      `Bea,Boss,${mail('bea')},Admin,,,`,
      'Bad,Email,nope,,,,',
    ].join('\n');
    const response = await importCsv(await t.authAs(admin), csv, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 2, updated: 1, unchanged: 0, skipped: 1, departmentsCreated: 1 });

    const rows = await t.db.select().from(people).where(eq(people.organizationId, org.id));
    const nia = rows.find((p) => p.email === mail('nia'))!;
    const ned = rows.find((p) => p.email === mail('ned'))!;
    const [research] = await t.db.select().from(departments).where(and(eq(departments.organizationId, org.id), eq(departments.name, 'Research')));
    expect(nia).toMatchObject({ role: 'Manager', managerId: boss.id, departmentId: research!.id, startDate: '2025-01-06', authUserId: nia.id });
    expect(ned).toMatchObject({ role: 'User', managerId: nia.id, departmentId: research!.id });
    expect(rows.find((p) => p.id === boss.id)?.role).toBe('Admin');
    expect(rows.some((p) => p.email === 'nope')).toBe(false);

    const [login] = await t.db.select().from(users).where(eq(users.id, nia.id));
    expect(login).toMatchObject({ email: mail('nia'), passwordHash: null });
    expect(await t.db.select({ roles: userTenants.roleNames }).from(userTenants).where(eq(userTenants.userId, boss.authUserId!))).toEqual([{ roles: ['Admin'] }]);

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'organization.users.import')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({ created: 2, updated: 1, unchanged: 0, skipped: 1, departmentsCreated: 1 });
  });

  it('imports a file we exported back unchanged, semicolons and all', async () => {
    const { org, admin, mail } = await buildOrg();
    await buildPerson(t.db, org.id, { firstName: '-Dash', lastName: 'Person', email: mail('dash') });
    const headers = await t.authAs(admin);
    const exported = (await t.app.inject({ url: '/api/organization/users/?format=csv&status=all', headers })).body;
    const result = (await importCsv(headers, exported)).json();
    expect(result).toEqual({ created: 0, updated: 0, unchanged: 4, skipped: 0, departmentsCreated: 0 });
    const semicolons = ['first_name;last_name;email', `Sia;Semi;${mail('sia')}`].join('\n');
    expect((await importCsv(headers, semicolons)).json()).toMatchObject({ created: 1 });
  });

  it('never reaches into another organisation: its people are neither updated nor used as managers', async () => {
    const { admin, mail } = await buildOrg();
    const other = await buildOrg();
    const csv = ['first_name,last_name,email,manager_email', `Bea,Hijacked,${other.mail('bea')},`, `Ann,New,${mail('ann')},${other.mail('ada')}`].join('\n');
    const response = await importCsv(await t.authAs(admin), csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('1 of 2 rows have errors'),
      details: [{ line: 3, field: 'manager_email', problem: 'No one with this email is in the organization or in this file.' }],
    });
    const [bea] = await t.db.select().from(people).where(eq(people.id, other.boss.id));
    expect(bea?.lastName).toBe('Boss');
  });

  it('writes nothing when a login cannot be written, so the same file imports once the provider is back', async () => {
    const { org, admin, mail } = await buildOrg();
    const before = await counts(org.id);
    const csv = ['first_name,last_name,email,department', `Nia,New,${mail('nia')},Research`, `Ned,Next,${mail('ned')},`, `Bea,Renamed,${mail('bea')},`].join('\n');
    const outage = await breakProviderWritesFor(t.db, { email: mail('ned') });
    const failed = await importCsv(await t.authAs(admin), csv);
    await outage.restore();
    expect(failed.statusCode).toBe(500);
    expect(await counts(org.id)).toEqual(before);
    expect(await t.db.select().from(users).where(eq(users.email, mail('nia')))).toEqual([]);
    expect((await t.db.select().from(people).where(eq(people.email, mail('bea'))))[0]?.lastName).toBe('Boss');

    expect((await importCsv(await t.authAs(admin), csv)).json()).toMatchObject({ created: 2, updated: 1, departmentsCreated: 1 });
  });
});
