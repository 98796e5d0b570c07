import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, campaignRecipients, campaigns, phishingProgrammes } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../../test/phishing-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { localParts } from '../campaigns/send-schedule.ts';
import { runDueProgrammes } from './programmes.service.ts';

const t = useTestApp();

const buildCompany = async () => {
  const organization = await buildOrganization(t.db, { name: 'Programme Trial', timeZone: 'Europe/Paris' });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
  const user = await buildPerson(t.db, organization.id);
  const sales = await buildDepartment(t.db, organization.id, 'Sales');
  const seller = await buildPerson(t.db, organization.id, { departmentId: sales.id });
  const profile = await buildSendingProfile(t.db, t.app.secrets, organization.id, { host: '127.0.0.1', port: 25 });
  const template = await buildPhishingTemplate(t.db, organization.id);
  return { organization, admin, user, sales, seller, profile, template, headers: await t.authAs(admin) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const create = async (company: Company, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/phishing-programmes/',
    headers: company.headers,
    payload: { name: 'Monthly check', cadence: 'monthly', adaptive: false, templateIds: [company.template.id], sendingProfileId: company.profile.id, ...body },
  });

const run = (now = new Date()) => runDueProgrammes({ db: t.db, jobs: t.app.jobs, secrets: t.app.secrets, log: t.app.log }, now);

const campaignsOf = (organizationId: string) => t.db.select().from(campaigns).where(eq(campaigns.organizationId, organizationId));

const makeDue = (id: string) => t.db.update(phishingProgrammes).set({ nextRunAt: new Date(Date.now() - 60_000) }).where(eq(phishingProgrammes.id, id));

describe('recurring programmes: the API', () => {
  it('creates a programme whose first run is a working day and hour in the organisation’s zone, lists it, pauses it and deletes it', async () => {
    const company = await buildCompany();
    const response = await create(company);
    expect(response.statusCode, response.body).toBe(201);
    const programme = response.json();
    expect(programme).toMatchObject({ name: 'Monthly check', cadence: 'monthly', adaptive: false, departmentIds: [], active: true, businessHoursOnly: true, can: { edit: true } });
    const local = localParts(new Date(programme.nextRunAt), 'Europe/Paris');
    expect(['Sat', 'Sun']).not.toContain(local.weekday);
    expect(local.hour).toBeGreaterThanOrEqual(9);
    expect(local.hour).toBeLessThan(17);
    expect(new Date(programme.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    const list = (await t.app.inject({ method: 'GET', url: '/api/phishing-programmes/', headers: company.headers })).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([programme.id]);

    const paused = await t.app.inject({ method: 'PATCH', url: `/api/phishing-programmes/${programme.id}/`, headers: company.headers, payload: { active: false } });
    expect(paused.json()).toMatchObject({ active: false });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, company.organization.id), eq(auditLog.targetId, programme.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['phishing.programme.create', 'phishing.programme.pause']);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/phishing-programmes/${programme.id}/`, headers: company.headers });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/phishing-programmes/${programme.id}/`, headers: company.headers })).statusCode).toBe(404);
  });

  it('names the field: a fixed set without templates, another organisation’s template, profile or department, a bad cadence', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await create(company, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details[0].field).toBe(field);
    };
    await refused({ templateIds: [] }, 'body.templateIds');
    await refused({ templateIds: [other.template.id] }, 'body.templateIds');
    await refused({ sendingProfileId: other.profile.id }, 'body.sendingProfileId');
    await refused({ departmentIds: [other.sales.id] }, 'body.departmentIds');
    await refused({ cadence: 'daily' }, 'body.cadence');
    await refused({ name: '' }, 'body.name');
    expect(await t.db.select().from(phishingProgrammes).where(eq(phishingProgrammes.organizationId, company.organization.id))).toEqual([]);
  });

  it('is for admins only', async () => {
    const company = await buildCompany();
    const response = await t.app.inject({ method: 'GET', url: '/api/phishing-programmes/', headers: await t.authAs(company.user) });
    expect(response.statusCode).toBe(403);
  });
});

describe('recurring programmes: the job', () => {
  it('creates exactly one campaign per due programme even when two workers run at once, and draws the next run in the next period', async () => {
    const company = await buildCompany();
    const programme = (await create(company, { departmentIds: [company.sales.id] })).json();
    await makeDue(programme.id);

    await Promise.all([run(), run()]);
    await run();

    const launched = await campaignsOf(company.organization.id);
    expect(launched).toHaveLength(1);
    expect(launched[0]).toMatchObject({ status: 'scheduled', kind: 'standard', templateIds: [company.template.id], businessHoursOnly: true, createdByPersonId: null, audience: { kind: 'departments', ids: [company.sales.id] } });
    expect(launched[0]!.name).toMatch(/^Monthly check · \d{4}-\d{2}-\d{2}$/);
    const recipients = await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, launched[0]!.id));
    expect(recipients.map((recipient) => recipient.personId)).toEqual([company.seller.id]);

    const [row] = await t.db.select().from(phishingProgrammes).where(eq(phishingProgrammes.id, programme.id));
    const now = localParts(new Date(), 'Europe/Paris');
    const next = localParts(row!.nextRunAt, 'Europe/Paris');
    expect(['Sat', 'Sun']).not.toContain(next.weekday);
    expect(next.year * 12 + next.month).toBe(now.year * 12 + now.month + 1);

    // Audited as the job, not as a person.
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, company.organization.id), eq(auditLog.actorKind, 'job')));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['campaign.create', 'campaign.launch', 'phishing.programme.run']);
    expect(entries.every((entry) => entry.actorId === 'phishing-programmes.run')).toBe(true);
  });

  it('leaves a paused programme alone, and moves on without a campaign when nobody is left to test', async () => {
    const company = await buildCompany();
    const paused = (await create(company, { active: false })).json();
    await makeDue(paused.id);
    const empty = await buildDepartment(t.db, company.organization.id, 'Nobody here');
    const hollow = (await create(company, { name: 'Empty department', departmentIds: [empty.id] })).json();
    await makeDue(hollow.id);

    await run();

    expect(await campaignsOf(company.organization.id)).toEqual([]);
    const [hollowRow] = await t.db.select().from(phishingProgrammes).where(eq(phishingProgrammes.id, hollow.id));
    expect(hollowRow!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    const [failure] = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, hollow.id), eq(auditLog.action, 'phishing.programme.run-failed')));
    expect(failure!.details).toMatchObject({ problem: 'The audience holds no active person with an email address' });
    const [pausedRow] = await t.db.select().from(phishingProgrammes).where(eq(phishingProgrammes.id, paused.id));
    expect(pausedRow!.nextRunAt.getTime()).toBeLessThan(Date.now());
  });

  it('adaptive without templates draws from the whole library the organisation may send', async () => {
    const company = await buildCompany();
    const programme = (await create(company, { adaptive: true, templateIds: [], cadence: 'weekly' })).json();
    await makeDue(programme.id);
    await run();
    const [campaign] = await campaignsOf(company.organization.id);
    expect(campaign).toMatchObject({ kind: 'adaptive', status: 'scheduled' });
    expect(campaign!.templateIds).toContain(company.template.id);
  });
});
