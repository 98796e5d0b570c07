import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, events } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../../test/phishing-factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { consumeEventsJob } from '../../events/events.jobs.ts';
import { trackingTokenHash } from '../tracking/tracking-links.ts';
import { type SendOutcome, dispatchDueRecipients, sendQueuedRecipient } from './campaign-sending.ts';

const t = useTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', PHISH_PUBLIC_URL: 'http://phish.test' });
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  inbox = await startSmtpInbox({ refuseRecipient: (address) => (address.startsWith('busy.') ? { code: 451, message: 'Try again later' } : address.startsWith('gone.') ? { code: 550, message: 'No such user' } : undefined) });
});
afterAll(async () => inbox?.close());

/** An organisation with two departments, a manager with a two-level reporting line, and a sending profile pointing at the test inbox. */
const buildCompany = async () => {
  const organization = await buildOrganization(t.db, { name: 'Northwind Trial', timeZone: 'Europe/London' });
  ownOrganizations.add(organization.id);
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
  const sales = await buildDepartment(t.db, organization.id, 'Sales');
  const finance = await buildDepartment(t.db, organization.id, 'Finance');
  const manager = await buildPerson(t.db, organization.id, { firstName: 'Mara', departmentId: sales.id });
  const lead = await buildPerson(t.db, organization.id, { firstName: 'Leo', departmentId: sales.id, managerId: manager.id });
  const rep = await buildPerson(t.db, organization.id, { firstName: 'Ria', departmentId: sales.id, managerId: lead.id, preferredLanguage: 'fr_fr' });
  const accountant = await buildPerson(t.db, organization.id, { firstName: 'Ada', departmentId: finance.id });
  const leaver = await buildPerson(t.db, organization.id, { firstName: 'Lee', departmentId: finance.id, isActive: false });
  const profile = await buildSendingProfile(t.db, t.app.secrets, organization.id, inbox);
  const template = await buildPhishingTemplate(t.db, organization.id);
  return { organization, admin, sales, finance, manager, lead, rep, accountant, leaver, profile, template, headers: await t.authAs(admin) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const createCampaign = async (company: Company, body: Record<string, unknown> = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/campaigns/',
    headers: company.headers,
    payload: { name: 'Quarterly test', templateIds: [company.template.id], sendingProfileId: company.profile.id, audience: { kind: 'organization' }, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const launch = async (company: Company, id: string) => t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/launch/`, headers: company.headers });

/**
 * Runs the dispatcher and every send it queues, as the jobs would, for the organisations this file
 * built (on PostgreSQL other test files share the database and have campaigns of their own).
 */
const ownOrganizations = new Set<string>();
const sendEverythingDue = async () => {
  const batches: { organizationId: string; recipientIds: string[] }[] = [];
  for (const organizationId of ownOrganizations) {
    await dispatchDueRecipients(t.db, async (_tx, batch) => {
      batches.push(batch);
    }, { organizationId });
  }
  const outcomes: SendOutcome[] = [];
  for (const batch of batches) for (const id of batch.recipientIds) outcomes.push(await sendQueuedRecipient(t.jobContext, batch.organizationId, id));
  return outcomes;
};

const recipientsOf = (campaignId: string) => t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));

describe('campaigns: create, audience, launch', () => {
  it('creates a draft, and names the field when a template, profile or audience is not the organisation’s', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const campaign = await createCampaign(company, { spreadMinutes: 120 });
    expect(campaign).toMatchObject({ status: 'draft', kind: 'standard', spreadMinutes: 120, can: { launch: true, edit: true, pause: false } });

    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/campaigns/', headers: company.headers, payload: { name: 'x', templateIds: [company.template.id], sendingProfileId: company.profile.id, audience: { kind: 'organization' }, ...body } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details[0].field).toBe(field);
    };
    await refused({ templateIds: [other.template.id] }, 'body.templateIds');
    await refused({ sendingProfileId: other.profile.id }, 'body.sendingProfileId');
    await refused({ audience: { kind: 'departments', ids: [other.sales.id] } }, 'body.audience.ids');
    await refused({ audience: { kind: 'people' } }, 'body.audience.ids');
    await refused({ name: 'bad\u0000name' }, 'body.name');
    await refused({ spreadMinutes: 50_000 }, 'body.spreadMinutes');
    await refused({ startAt: '0000-01-01T00:00:00Z' }, 'body.startAt');
  });

  it('counts an audience before launch: whole organisation, departments, a manager’s whole reporting line, chosen people', async () => {
    const company = await buildCompany();
    const preview = async (audience: Record<string, unknown>) => (await t.app.inject({ method: 'POST', url: '/api/campaigns/audience-preview/', headers: company.headers, payload: { audience } })).json().count;
    expect(await preview({ kind: 'organization' })).toBe(5); // the admin and four active people; the leaver is not counted
    expect(await preview({ kind: 'departments', ids: [company.finance.id] })).toBe(1);
    expect(await preview({ kind: 'manager', ids: [company.manager.id] })).toBe(2);
    expect(await preview({ kind: 'people', ids: [company.rep.id, company.leaver.id] })).toBe(1);
  });

  it('launches: one recipient per person, each with a lure in their language, a send time in the window and an unguessable token', async () => {
    const company = await buildCompany();
    const startAt = new Date(Date.now() + 60 * 60_000);
    const campaign = await createCampaign(company, { startAt: startAt.toISOString(), spreadMinutes: 240 });
    const response = await launch(company, campaign.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'scheduled', counts: { recipients: 5, scheduled: 5, sent: 0 }, can: { pause: true, cancel: true, launch: false } });
    const recipients = await recipientsOf(campaign.id);
    expect(recipients).toHaveLength(5);
    for (const recipient of recipients) {
      expect(recipient.sendAt.getTime()).toBeGreaterThanOrEqual(startAt.getTime() - 1_000);
      expect(recipient.sendAt.getTime()).toBeLessThan(startAt.getTime() + 240 * 60_000);
      expect(recipient.tokenHash).toHaveLength(43);
    }
    expect(new Set(recipients.map((r) => r.tokenHash)).size).toBe(5);
    expect(recipients.find((r) => r.personId === company.rep.id)?.language).toBe('fr_fr');
    expect((await launch(company, campaign.id)).statusCode).toBe(409);
  });

  it('refuses other organisations’ campaigns with 404 and plain users with 403', async () => {
    const company = await buildCompany();
    const other = await buildCompany();
    const campaign = await createCampaign(company);
    for (const [method, url] of [['GET', `/api/campaigns/${campaign.id}/`], ['POST', `/api/campaigns/${campaign.id}/launch/`], ['GET', `/api/campaigns/${campaign.id}/results/`], ['GET', `/api/campaigns/${campaign.id}/recipients/`], ['DELETE', `/api/campaigns/${campaign.id}/`]] as const) {
      expect((await t.app.inject({ method, url, headers: other.headers })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/campaigns/', headers: await t.authAs(company.rep) })).statusCode).toBe(403);
  });
});

describe('campaigns: drafts', () => {
  it('an edit changes only what it names: renaming keeps the kind, the spread and working hours', async () => {
    const company = await buildCompany();
    const campaign = await createCampaign(company, { kind: 'adaptive', spreadMinutes: 2880, businessHoursOnly: true });
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/campaigns/${campaign.id}/`, headers: company.headers, payload: { name: 'Renamed' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', kind: 'adaptive', spreadMinutes: 2880, businessHoursOnly: true });
  });

  it('refuses a forged cursor with a 400 naming it, never a database error', async () => {
    const company = await buildCompany();
    const forge = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const key of [['x', '00000000-0000-4000-8000-000000000000'], ['2026-02-30 10:00:00+00', '00000000-0000-4000-8000-000000000000'], ['2026-01-01 10:00:00+00', 'not-a-uuid']]) {
      const response = await t.app.inject({ url: `/api/campaigns/?cursor=${forge(key)}`, headers: company.headers });
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().error.details[0].field).toBe('query.cursor');
    }
  });
});

describe('campaigns: sending', () => {
  it('never re-sends a mail the server accepted when recording it fails: the row stays sending and is later listed uncertain', async () => {
    const company = await buildCompany();
    const campaign = await createCampaign(company, { audience: { kind: 'people', ids: [company.accountant.id] } });
    await launch(company, campaign.id);
    // The database refuses to record this recipient as sent (as a lost connection or a deadlock would).
    await t.db.execute(sql.raw(`create or replace function refuse_sent() returns trigger language plpgsql as $$ begin if new.state = 'sent' and new.campaign_id = '${campaign.id}' then raise exception 'recording failed'; end if; return new; end $$`));
    await t.db.execute(sql.raw(`create trigger refuse_sent_${campaign.id.slice(0, 8)} before update on campaign_recipients for each row execute function refuse_sent()`));
    try {
      // The error surfaces to the job (which pg-boss retries; the row is no longer queued, so nothing is sent).
      await expect(sendEverythingDue()).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw(`drop trigger refuse_sent_${campaign.id.slice(0, 8)} on campaign_recipients`));
    }
    expect(inbox.mailTo(company.accountant.email).filter((mail) => mail.subject?.includes('password'))).toHaveLength(1);
    const [row] = await recipientsOf(campaign.id);
    expect(row!.state).toBe('sending');
    // The sweep, later, lists it as uncertain; nothing sends it again.
    await t.db.update(campaignRecipients).set({ stateChangedAt: new Date(Date.now() - 20 * 60_000) }).where(eq(campaignRecipients.id, row!.id));
    expect(await sendEverythingDue()).toEqual([]);
    expect((await recipientsOf(campaign.id))[0]!.state).toBe('uncertain');
    expect(inbox.mailTo(company.accountant.email).filter((mail) => mail.subject?.includes('password'))).toHaveLength(1);
  });

  it('sends each recipient their lure once, through the sending profile, with their tracked link; records sent events', async () => {
    const company = await buildCompany();
    const campaign = await createCampaign(company);
    await launch(company, campaign.id);
    const outcomes = await sendEverythingDue();
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(5);
    // A second pass finds nothing due and sends nobody twice.
    expect(await sendEverythingDue()).toEqual([]);

    const mail = inbox.mailTo(company.rep.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Votre mot de passe expire aujourd’hui, Ria`);
    expect(mail[0]!.from?.value[0]?.address).toBe('it-servicedesk@northwind-support.example');
    const link = /http:\/\/phish\.test\/c\/([\w-]+)/.exec(mail[0]!.html || '')?.[1];
    expect(link).toBeDefined();
    const recipient = (await recipientsOf(campaign.id)).find((r) => r.personId === company.rep.id)!;
    expect(trackingTokenHash(link!)).toBe(recipient.tokenHash);
    expect(recipient).toMatchObject({ state: 'sent', attempts: 1 });

    const sent = await t.db.select().from(events).where(and(eq(events.campaignId, campaign.id), eq(events.type, 'sent')));
    expect(sent).toHaveLength(5);
    const detail = (await t.app.inject({ url: `/api/campaigns/${campaign.id}/`, headers: company.headers })).json();
    expect(detail.counts).toMatchObject({ recipients: 5, sent: 5, scheduled: 0 });
  });

  it('retries a temporary refusal later, fails a permanent one with the reason, and completes the campaign', async () => {
    const company = await buildCompany();
    const busy = await buildPerson(t.db, company.organization.id, { email: `busy.${Date.now()}@example.com` });
    const gone = await buildPerson(t.db, company.organization.id, { email: `gone.${Date.now()}@example.com` });
    const campaign = await createCampaign(company, { audience: { kind: 'people', ids: [busy.id, gone.id] } });
    await launch(company, campaign.id);
    expect((await sendEverythingDue()).sort()).toEqual(['failed', 'retry']);
    const rows = await recipientsOf(campaign.id);
    const busyRow = rows.find((r) => r.personId === busy.id)!;
    const goneRow = rows.find((r) => r.personId === gone.id)!;
    expect(busyRow).toMatchObject({ state: 'scheduled', attempts: 1 });
    expect(busyRow.sendAt.getTime()).toBeGreaterThan(Date.now());
    expect(goneRow.state).toBe('failed');
    expect(goneRow.lastError).toMatch(/550|No such user/);

    // The retry is not due yet: nothing is sent; cancelling then ends the campaign.
    expect(await sendEverythingDue()).toEqual([]);
    const cancelled = (await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign.id}/cancel/`, headers: company.headers })).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', counts: { cancelled: 1, failed: 1 } });
  });

  it('never sends twice after an interrupted send: the row left in sending becomes uncertain, with an event, and is listed', async () => {
    const company = await buildCompany();
    const campaign = await createCampaign(company, { audience: { kind: 'people', ids: [company.accountant.id] } });
    await launch(company, campaign.id);
    // A worker took the recipient and died before recording the result, 20 minutes ago.
    await t.db.update(campaignRecipients).set({ state: 'sending', stateChangedAt: new Date(Date.now() - 20 * 60_000) }).where(eq(campaignRecipients.campaignId, campaign.id));
    expect(await sendEverythingDue()).toEqual([]);
    const [row] = await recipientsOf(campaign.id);
    expect(row!.state).toBe('uncertain');
    expect(inbox.mailTo(company.accountant.email).filter((mail) => mail.subject?.includes('password'))).toHaveLength(0);
    const uncertain = await t.db.select().from(events).where(and(eq(events.campaignId, campaign.id), eq(events.type, 'delivery_uncertain')));
    expect(uncertain).toHaveLength(1);
    const listed = (await t.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?state=uncertain`, headers: company.headers })).json();
    expect(listed.items.map((item: { email: string }) => item.email)).toEqual([company.accountant.email]);
    expect((await t.app.inject({ url: `/api/campaigns/${campaign.id}/results/`, headers: company.headers })).json().uncertain).toBe(1);
  });

  it('queues no more per dispatch pass than the sending profile’s rate lets through; the rest wait, scheduled', async () => {
    const company = await buildCompany();
    const slow = await buildSendingProfile(t.db, t.app.secrets, company.organization.id, inbox, { ratePerMinute: 20 });
    for (let i = 0; i < 6; i += 1) await buildPerson(t.db, company.organization.id, { departmentId: company.finance.id });
    const campaign = await createCampaign(company, { sendingProfileId: slow.id, audience: { kind: 'departments', ids: [company.finance.id] } });
    await launch(company, campaign.id);
    const batches: string[][] = [];
    await dispatchDueRecipients(t.db, async (_tx, batch) => {
      batches.push(batch.recipientIds);
    }, { organizationId: company.organization.id });
    // 20 a minute over ten passes a minute: two now, the other five stay scheduled for the next passes.
    expect(batches.flat()).toHaveLength(2);
    const states = (await recipientsOf(campaign.id)).map((r) => r.state).sort();
    expect(states).toEqual(['queued', 'queued', 'scheduled', 'scheduled', 'scheduled', 'scheduled', 'scheduled']);
    // The dispatcher works across every organisation: leave nothing due for the next tests.
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign.id}/cancel/`, headers: company.headers });
  });

  it('sends nothing while paused, and everything due once resumed', async () => {
    const company = await buildCompany();
    const campaign = await createCampaign(company, { audience: { kind: 'departments', ids: [company.sales.id] } });
    await launch(company, campaign.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign.id}/pause/`, headers: company.headers })).json().status).toBe('paused');
    expect(await sendEverythingDue()).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign.id}/resume/`, headers: company.headers })).json().status).toBe('sending');
    expect((await sendEverythingDue()).filter((o) => o === 'sent')).toHaveLength(3);
  });

  it('runs through the real job queue: launch, and the workers send', async () => {
    const company = await buildCompany();
    const campaign = await createCampaign(company, { audience: { kind: 'people', ids: [company.lead.id] } });
    await t.app.jobs.startWorkers();
    await launch(company, campaign.id);
    await expect.poll(() => inbox.mailTo(company.lead.email).length, { timeout: 30_000, interval: 250 }).toBe(1);
    await expect.poll(async () => (await t.app.inject({ url: `/api/campaigns/${campaign.id}/`, headers: company.headers })).json().status, { timeout: 30_000, interval: 500 }).toBe('completed');
  });
});

describe('campaigns: results', () => {
  it('pages recipients by key, filters them, exports them as CSV, and shows a person’s history', async () => {
    const company = await buildCompany();
    const campaign = await createCampaign(company);
    await launch(company, campaign.id);
    await sendEverythingDue();
    const first = (await t.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?limit=2`, headers: company.headers })).json();
    expect(first.items).toHaveLength(2);
    const rest = (await t.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?limit=10&cursor=${first.nextCursor}`, headers: company.headers })).json();
    expect(rest.items).toHaveLength(3);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.items, ...rest.items].map((item: { id: string }) => item.id)).size).toBe(5);
    const sales = (await t.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?departmentId=${company.sales.id}`, headers: company.headers })).json();
    expect(sales.items).toHaveLength(3);
    expect((await t.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?cursor=nonsense`, headers: company.headers })).statusCode).toBe(400);

    const csv = await t.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?format=csv`, headers: company.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('name,email,department,template,language,state,send_at,sent_at,opened_at,clicked_at,submitted_at,reported_at,machine_clicked_at,error');
    expect(lines).toHaveLength(6);

    // The breakdowns are projections of the event log: the consumer applies the sends first, as its job does.
    await consumeEventsJob.handler({}, t.jobContext);
    const results = (await t.app.inject({ url: `/api/campaigns/${campaign.id}/results/`, headers: company.headers })).json();
    expect(results.byDepartment.map((row: { name: string; recipients: number }) => [row.name, row.recipients])).toEqual([
      ['', 1],
      ['Finance', 1],
      ['Sales', 3],
    ]);
    expect(results.timeline.reduce((sum: number, hour: { sent: number }) => sum + hour.sent, 0)).toBe(5);

    const history = (await t.app.inject({ url: `/api/people/${company.rep.id}/simulation-history/`, headers: company.headers })).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ campaignName: 'Quarterly test', templateName: 'Le mot de passe expire aujourd’hui', state: 'sent', difficulty: 3 });
    expect(history.items[0].events.map((event: { type: string }) => event.type)).toEqual(['sent']);
  });
});
