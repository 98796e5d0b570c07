import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, people } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

// Job title, phone, time zone and language: what the phishing engine needs to address, schedule and
// localise a message per person, kept wherever a person's details are.
const t = useTestApp();

const buildAdmin = async () => {
  const org = await buildOrganization(t.db, { timeZone: 'Europe/London' });
  const admin = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `ada@${org.domain}` });
  return { org, admin, headers: await t.authAs(admin), mail: (name: string) => `${name}@${org.domain}` };
};

const recorded = async (id: string) => (await t.db.select().from(people).where(eq(people.id, id)))[0]!;

describe('a person’s job title, phone, time zone and language', () => {
  it('are added, shown, changed and cleared, with the organisation’s time zone beside the list', async () => {
    const { org, headers, mail } = await buildAdmin();
    const payload = {
      firstName: 'Grace',
      lastName: 'Lindqvist',
      email: mail('grace'),
      jobTitle: '  Accounts Payable Specialist ',
      phone: '+1 415-555-0123',
      timeZone: 'america/new_york',
      preferredLanguage: 'es_es',
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers, payload });
    expect(created.statusCode).toBe(201);
    const person = created.json();
    expect(person).toMatchObject({
      jobTitle: 'Accounts Payable Specialist',
      phone: '+14155550123',
      timeZone: 'America/New_York',
      preferredLanguage: 'es_es',
    });
    expect(await recorded(person.id)).toMatchObject({ jobTitle: 'Accounts Payable Specialist', phone: '+14155550123', timeZone: 'America/New_York', preferredLanguage: 'es_es' });

    const list = (await t.app.inject({ url: '/api/organization/users/?search=grace', headers })).json();
    expect(list.organizationTimeZone).toBe('Europe/London');
    expect(list.items[0]).toMatchObject({ jobTitle: 'Accounts Payable Specialist', phone: '+14155550123', timeZone: 'America/New_York', preferredLanguage: 'es_es' });

    // Asia/Kolkata is IANA's name; some runtimes list the same zone as Asia/Calcutta.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/organization/users/${person.id}/`,
      headers,
      payload: { timeZone: 'Asia/Kolkata', preferredLanguage: 'hi_in', jobTitle: 'Controller' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ jobTitle: 'Controller', phone: '+14155550123', timeZone: 'Asia/Kolkata', preferredLanguage: 'hi_in' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'organization.user.update')));
    expect(entry?.details).toMatchObject({ fields: ['jobTitle', 'timeZone', 'preferredLanguage'] });

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/organization/users/${person.id}/`,
      headers,
      payload: { jobTitle: null, phone: null, timeZone: null, preferredLanguage: null },
    });
    expect(cleared.json()).toMatchObject({ jobTitle: null, phone: null, timeZone: null, preferredLanguage: null });
  });

  it('are none for a person added without them: the organisation’s time zone and default language apply', async () => {
    const { headers, mail } = await buildAdmin();
    const response = await t.app.inject({ method: 'POST', url: '/api/organization/users/', headers, payload: { firstName: 'Owen', lastName: 'Fletcher', email: mail('owen') } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ jobTitle: null, phone: null, timeZone: null, preferredLanguage: null });
  });

  it.each([
    ['a time zone that does not exist', { timeZone: 'Mars/Olympus_Mons' }, 'body.timeZone', 'must be an IANA time zone, like Europe/London or America/New_York'],
    ['a UTC offset for a time zone', { timeZone: '+02:00' }, 'body.timeZone', 'must be an IANA time zone, like Europe/London or America/New_York'],
    ['a phone with letters', { phone: '+1 415 CALL NOW' }, 'body.phone', expect.stringContaining('must be an international number')],
    ['a phone without its country code', { phone: '020 7946 0018' }, 'body.phone', expect.stringContaining('+ then the country code')],
    ['a phone too long for E.164', { phone: '+1234567890123456' }, 'body.phone', expect.stringContaining('4 to 15 digits')],
    ['a phone too short', { phone: '+123' }, 'body.phone', expect.stringContaining('4 to 15 digits')],
    ['a language we do not train in', { preferredLanguage: 'zh_cn' }, 'body.preferredLanguage', 'must be one of en_us, fr_fr, de_de, es_es, pt_br, hi_in, it_it'],
    ['a job title over 200 characters', { jobTitle: 'x'.repeat(201) }, 'body.jobTitle', 'must be at most 200 characters'],
    ['a job title on two lines', { jobTitle: 'Head of\nFinance' }, 'body.jobTitle', 'must not contain control characters such as tabs or line breaks'],
    ['an empty job title', { jobTitle: '   ' }, 'body.jobTitle', 'must not be empty; null leaves it out'],
  ])('adding or editing answers 400 naming the field for %s, and stores nothing', async (_case, change, field, problem) => {
    const { org, headers, mail } = await buildAdmin();
    const person = await buildPerson(t.db, org.id, { jobTitle: 'Clerk', phone: '+442079460018', timeZone: 'Europe/Paris', preferredLanguage: 'fr_fr' });
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/organization/users/',
      headers,
      payload: { firstName: 'Nia', lastName: 'New', email: mail('nia'), ...change },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().error.details).toEqual([{ field, problem }]);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/organization/users/${person.id}/`, headers, payload: change });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.details).toEqual([{ field, problem }]);
    expect(await recorded(person.id)).toMatchObject({ jobTitle: 'Clerk', phone: '+442079460018', timeZone: 'Europe/Paris', preferredLanguage: 'fr_fr' });
    expect(await t.db.select().from(people).where(eq(people.email, mail('nia')))).toEqual([]);
  });
});

describe('the users CSV with job_title, phone, time_zone and language', () => {
  const importCsv = (headers: { authorization: string }, csv: string, path = 'import/') =>
    t.app.inject({ method: 'POST', url: `/api/organization/users/${path}`, headers, payload: { csv } });

  it('exports them after the older columns, and the file imports back unchanged', async () => {
    const { org, headers, mail } = await buildAdmin();
    await buildPerson(t.db, org.id, {
      firstName: 'Grace',
      lastName: 'Lindqvist',
      email: mail('grace'),
      jobTitle: 'Fleet Coordinator, Night Shift',
      phone: '+14155550123',
      timeZone: 'America/Chicago',
      preferredLanguage: 'pt_br',
    });
    await buildPerson(t.db, org.id, { firstName: 'Owen', lastName: 'Fletcher', email: mail('owen') });
    const exported = (await t.app.inject({ url: '/api/organization/users/?format=csv&sort=name', headers })).body;
    const lines = exported.trim().split('\n');
    expect(lines[0]).toBe('first_name,last_name,email,role,department,manager_email,start_date,status,job_title,phone,time_zone,language');
    // The + of a phone would start a formula in a spreadsheet, so the cell is kept as text.
    expect(lines).toContain(`Grace,Lindqvist,${mail('grace')},User,,,,active,"Fleet Coordinator, Night Shift",'+14155550123,America/Chicago,pt_br`);
    expect(lines).toContain(`Owen,Fletcher,${mail('owen')},User,,,,active,,,,`);

    const result = await importCsv(headers, exported);
    expect(result.json()).toEqual({ created: 0, updated: 0, unchanged: 3, skipped: 0, departmentsCreated: 0 });
    expect((await t.db.select().from(people).where(eq(people.email, mail('grace'))))[0]).toMatchObject({
      jobTitle: 'Fleet Coordinator, Night Shift',
      phone: '+14155550123',
      timeZone: 'America/Chicago',
      preferredLanguage: 'pt_br',
    });
  });

  it('sets them for new and existing people; an empty cell keeps what is recorded', async () => {
    const { org, headers, mail } = await buildAdmin();
    const grace = await buildPerson(t.db, org.id, {
      firstName: 'Grace',
      lastName: 'Lindqvist',
      email: mail('grace'),
      jobTitle: 'Clerk',
      phone: '+14155550123',
      timeZone: 'America/Chicago',
      preferredLanguage: 'pt_br',
    });
    const csv = [
      'first_name,last_name,email,job_title,phone,time_zone,language',
      `Grace,Lindqvist,${mail('grace')},Senior Clerk,,,`,
      `Nia,New,${mail('nia')},Pharmacist,+49 151 2345 6789,Europe/Berlin,DE-de`,
    ].join('\n');
    const preview = (await importCsv(headers, csv, 'import/preview/')).json();
    expect(preview.rows.map((r: { action: string; changes: string[] }) => [r.action, r.changes])).toEqual([
      ['update', ['jobTitle']],
      ['create', []],
    ]);
    expect(preview.rows[1].values).toMatchObject({ jobTitle: 'Pharmacist', phone: '+49 151 2345 6789', timeZone: 'Europe/Berlin', language: 'DE-de' });

    expect((await importCsv(headers, csv)).json()).toMatchObject({ created: 1, updated: 1 });
    expect(await recorded(grace.id)).toMatchObject({ jobTitle: 'Senior Clerk', phone: '+14155550123', timeZone: 'America/Chicago', preferredLanguage: 'pt_br' });
    expect((await t.db.select().from(people).where(eq(people.email, mail('nia'))))[0]).toMatchObject({
      jobTitle: 'Pharmacist',
      phone: '+4915123456789',
      timeZone: 'Europe/Berlin',
      preferredLanguage: 'de_de',
    });
  });

  it('names the cell of each bad value, and imports none of them', async () => {
    const { org, headers, mail } = await buildAdmin();
    const csv = [
      'first_name,last_name,email,job_title,phone,time_zone,language',
      `Ann,One,${mail('ann')},"Head of\u0000Finance",,,`,
      `Ben,Two,${mail('ben')},,+1 415 CALL NOW,,`,
      `Cy,Three,${mail('cy')},,,Europe/Atlantis,`,
      `Dee,Four,${mail('dee')},,,,klingon`,
    ].join('\n');
    const preview = (await importCsv(headers, csv, 'import/preview/')).json();
    expect(preview.rows.map((r: { errors: unknown[] }) => r.errors)).toEqual([
      [{ field: 'job_title', problem: 'Must not contain control characters such as tabs or line breaks.' }],
      [{ field: 'phone', problem: expect.stringMatching(/^Must be an international number: \+ then the country code and number, 4 to 15 digits/) }],
      [{ field: 'time_zone', problem: 'Must be an IANA time zone, like Europe/London or America/New_York.' }],
      [{ field: 'language', problem: 'Unknown language “klingon”: use en_us, fr_fr, de_de, es_es, pt_br, hi_in, it_it.' }],
    ]);
    expect((await importCsv(headers, csv)).statusCode).toBe(400);
    expect(await t.db.select().from(people).where(eq(people.organizationId, org.id))).toHaveLength(1);
  });
});
