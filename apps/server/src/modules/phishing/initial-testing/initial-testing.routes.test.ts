import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, campaignRecipients, campaigns, initialTestingLaunches, organizations, phishingTemplates } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildSendingProfile } from '../../../test/phishing-factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { syncBuiltinContent } from '../builtin-content.ts';
import { dispatchDueRecipients, sendQueuedRecipient } from '../campaigns/campaign-sending.ts';
import { baselineVectors } from './baseline-lures.ts';

const t = useTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', PHISH_PUBLIC_URL: 'http://phish.test' });
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  await syncBuiltinContent(t.db);
  inbox = await startSmtpInbox();
});
afterAll(async () => inbox?.close());

const today = () => new Date().toISOString().slice(0, 10);
const earlierSteps = { isSsoCompleted: true, isScimCompleted: true, isDmiCompleted: true, isWatchtowerCompleted: true };

/** An organisation done with the first four onboarding steps: an admin, two departments, eight more people (one inactive). */
const buildCompany = async ({ withProfile = true } = {}) => {
  const organization = await buildOrganization(t.db, { name: 'Baseline Freight', timeZone: 'Europe/London', ...earlierSteps });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
  const sales = await buildDepartment(t.db, organization.id, 'Sales');
  const finance = await buildDepartment(t.db, organization.id, 'Finance');
  const people = [admin];
  for (let index = 0; index < 8; index += 1) {
    people.push(await buildPerson(t.db, organization.id, { departmentId: index % 2 ? sales.id : finance.id, isActive: index !== 7 }));
  }
  if (withProfile) await buildSendingProfile(t.db, t.app.secrets, organization.id, inbox, { name: 'Simulations' });
  return { organization, admin, sales, finance, activePeople: people.filter((person) => person.isActive), headers: await t.authAs(admin) };
};
type Company = Awaited<ReturnType<typeof buildCompany>>;

const launch = (company: Company, durationDays = 14) =>
  t.app.inject({ method: 'POST', url: '/api/onboarding/initial-testing/launch/', headers: company.headers, payload: { startsOn: today(), durationDays } });
const baseline = (company: Company) => t.app.inject({ method: 'GET', url: '/api/insights/initial-testing/', headers: company.headers });
const campaignsOf = (organizationId: string) => t.db.select().from(campaigns).where(eq(campaigns.organizationId, organizationId));
const recipientsOf = (campaignId: string) => t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));

/** Time passes: every message of the campaign falls due now. */
const makeAllDue = (campaignId: string) => t.db.update(campaignRecipients).set({ sendAt: new Date(Date.now() - 60_000) }).where(eq(campaignRecipients.campaignId, campaignId));

/** Runs the dispatcher and every send it queues, as the jobs would. */
const dispatchAndSend = async () => {
  const batches: { organizationId: string; recipientIds: string[] }[] = [];
  await dispatchDueRecipients(t.db, async (_tx, batch) => {
    batches.push(batch);
  });
  for (const batch of batches) for (const id of batch.recipientIds) await sendQueuedRecipient(t.jobContext, batch.organizationId, id);
};

describe('launching initial testing from onboarding', () => {
  it('creates and launches an initial-testing campaign for everyone, with a mixed set of built-in mail lures, in business hours', async () => {
    const company = await buildCompany();
    const response = await launch(company);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ isOnboarded: true, sendingProfileName: 'Simulations', initialTesting: { startsOn: today(), durationDays: 14 } });

    const [campaign, ...more] = await campaignsOf(company.organization.id);
    expect(more).toEqual([]);
    expect(campaign).toMatchObject({ kind: 'initial-testing', status: 'scheduled', audience: { kind: 'organization' }, spreadMinutes: 14 * 24 * 60, businessHoursOnly: true, createdByPersonId: company.admin.id });

    const recipients = await recipientsOf(campaign!.id);
    expect(recipients.map((recipient) => recipient.personId).sort()).toEqual(company.activePeople.map((person) => person.id).sort());

    const lures = await t.db.select().from(phishingTemplates).where(inArray(phishingTemplates.id, campaign!.templateIds));
    expect(lures.every((lure) => lure.organizationId === null)).toBe(true);
    expect(new Set(lures.map((lure) => lure.difficulty))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(lures.map((lure) => lure.category)).size).toBeGreaterThanOrEqual(5);
    expect(lures.every((lure) => (baselineVectors as readonly string[]).includes(lure.vector))).toBe(true);

    const actions = await t.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.organizationId, company.organization.id));
    expect(actions.map((entry) => entry.action)).toEqual(expect.arrayContaining(['campaign.create', 'campaign.launch', 'onboarding.initial-testing.launch']));
  });

  it('answers 409 naming the sending profile to set up first, and creates nothing', async () => {
    const company = await buildCompany({ withProfile: false });
    const wizard = await t.app.inject({ method: 'GET', url: '/api/onboarding/', headers: company.headers });
    expect(wizard.json().sendingProfileName).toBeNull();
    const response = await launch(company);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', details: { missing: 'sendingProfile' } });
    expect(response.json().error.message).toContain('sending profile');
    expect(await campaignsOf(company.organization.id)).toEqual([]);
    expect(await t.db.select().from(initialTestingLaunches).where(eq(initialTestingLaunches.organizationId, company.organization.id))).toEqual([]);
    const [organization] = await t.db.select().from(organizations).where(eq(organizations.id, company.organization.id));
    expect(organization!.isInitialTestingCompleted).toBe(false);
  });

  it('launches once: a second launch answers 409 and leaves the first campaign alone', async () => {
    const company = await buildCompany();
    expect((await launch(company)).statusCode).toBe(200);
    const again = await launch(company, 7);
    expect(again.statusCode).toBe(409);
    expect(await campaignsOf(company.organization.id)).toHaveLength(1);
  });

  it('completes the organisation’s BRA once the campaign has sent its last message, once, audited as the dispatcher', async () => {
    const company = await buildCompany();
    expect((await launch(company, 7)).statusCode).toBe(200);
    const [campaign] = await campaignsOf(company.organization.id);
    await makeAllDue(campaign!.id);
    await dispatchAndSend();
    expect(inbox.received.filter((mail) => company.activePeople.some((person) => mail.to && JSON.stringify(mail.to).includes(person.email)))).toHaveLength(company.activePeople.length);

    await dispatchAndSend();
    await dispatchAndSend();
    const [after] = await campaignsOf(company.organization.id);
    expect(after!.status).toBe('completed');
    const [organization] = await t.db.select().from(organizations).where(eq(organizations.id, company.organization.id));
    expect(organization!.isBraCompleted).toBe(true);
    const braEntries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, company.organization.id), eq(auditLog.action, 'organization.onboarding')));
    const completions = braEntries.filter((entry) => (entry.details as Record<string, unknown>).is_bra_completed === true);
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ actorKind: 'job', actorId: 'campaigns.dispatch', details: { is_bra_completed: true, campaignId: campaign!.id } });
  });

  it('leaves the BRA alone when a standard campaign completes', async () => {
    const company = await buildCompany();
    expect((await launch(company, 7)).statusCode).toBe(200);
    await t.db.update(campaigns).set({ kind: 'standard' }).where(eq(campaigns.organizationId, company.organization.id));
    const [campaign] = await campaignsOf(company.organization.id);
    await makeAllDue(campaign!.id);
    await dispatchAndSend();
    await dispatchAndSend();
    expect((await campaignsOf(company.organization.id))[0]!.status).toBe('completed');
    const [organization] = await t.db.select().from(organizations).where(eq(organizations.id, company.organization.id));
    expect(organization!.isBraCompleted).toBe(false);
  });
});

describe('GET /api/insights/initial-testing/', () => {
  it('says initial testing has not started before the launch', async () => {
    const company = await buildCompany();
    const response = await baseline(company);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'not-started', campaignId: null, progress: 0, overall: { recipients: 0, failureRate: null, reportRate: null }, byDepartment: [], byDifficulty: [] });
  });

  it('counts the baseline in the database: failure (clicked or worse) and report rates overall, by department and by difficulty', async () => {
    const company = await buildCompany();
    expect((await launch(company)).statusCode).toBe(200);
    const [campaign] = await campaignsOf(company.organization.id);
    expect((await baseline(company)).json()).toMatchObject({ state: 'running', campaignId: campaign!.id, progress: 0, overall: { recipients: 8, delivered: 0, failureRate: null } });

    // Six of the eight were sent their message: two in Sales fell for it (a click, a QR scan), one in Finance reported it.
    const recipients = await recipientsOf(campaign!.id);
    const inSales = recipients.filter((recipient) => recipient.departmentId === company.sales.id);
    const inFinance = recipients.filter((recipient) => recipient.departmentId === company.finance.id);
    const sent = [...inSales.slice(0, 3), ...inFinance.slice(0, 2), recipients.find((recipient) => recipient.departmentId === null)!];
    const now = new Date();
    await t.db.update(campaignRecipients).set({ state: 'sent', sentAt: now }).where(inArray(campaignRecipients.id, sent.map((recipient) => recipient.id)));
    await t.db.update(campaignRecipients).set({ clickedAt: now, reportedAt: now }).where(eq(campaignRecipients.id, inSales[0]!.id));
    await t.db.update(campaignRecipients).set({ qrScannedAt: now }).where(eq(campaignRecipients.id, inSales[1]!.id));
    await t.db.update(campaignRecipients).set({ reportedAt: now }).where(eq(campaignRecipients.id, inFinance[0]!.id));
    // Opened only, or a scanner's click: not a failure.
    await t.db.update(campaignRecipients).set({ openedAt: now, machineClickedAt: now }).where(eq(campaignRecipients.id, inFinance[1]!.id));

    const response = await baseline(company);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ state: 'running', progress: 6 / 8, overall: { recipients: 8, delivered: 6, failed: 2, reported: 2, failureRate: 2 / 6, reportRate: 2 / 6 } });
    expect(body.byDepartment).toEqual([
      { departmentId: company.finance.id, name: 'Finance', recipients: inFinance.length, delivered: 2, failed: 0, reported: 1, failureRate: 0, reportRate: 0.5 },
      { departmentId: company.sales.id, name: 'Sales', recipients: inSales.length, delivered: 3, failed: 2, reported: 1, failureRate: 2 / 3, reportRate: 1 / 3 },
      { departmentId: null, name: null, recipients: 1, delivered: 1, failed: 0, reported: 0, failureRate: 0, reportRate: 0 },
    ]);
    const difficulties = await t.db.select({ id: phishingTemplates.id, difficulty: phishingTemplates.difficulty }).from(phishingTemplates).where(inArray(phishingTemplates.id, campaign!.templateIds));
    const difficultyOf = new Map(difficulties.map((row) => [row.id, row.difficulty]));
    const expectedDelivered = (level: number) => sent.filter((recipient) => difficultyOf.get(recipient.templateId) === level).length;
    for (const row of body.byDifficulty) expect(row.delivered).toBe(expectedDelivered(row.difficulty));
    expect(body.byDifficulty.reduce((sum: number, row: { recipients: number }) => sum + row.recipients, 0)).toBe(8);
  });

  it('compares the baseline with today: every other simulation sent in the last 90 days, overall and by department', async () => {
    const company = await buildCompany();
    expect((await launch(company)).statusCode).toBe(200);
    const [baselineCampaign] = await campaignsOf(company.organization.id);
    expect((await baseline(company)).json().today).toMatchObject({ overall: { recipients: 0, delivered: 0, failureRate: null } });

    // A later standard simulation to the same people: four sent last week (one clicked); one sent 100
    // days ago and one sent an hour ago (not yet had its time) do not count.
    const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = baselineCampaign!;
    const [later] = await t.db.insert(campaigns).values({ ...fields, kind: 'standard', name: 'Quarterly simulation' }).returning();
    const recipients = await recipientsOf(baselineCampaign!.id);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const copies = recipients.slice(0, 6).map(({ id: _recipient, ...recipient }, index) => ({
      ...recipient,
      tokenHash: `later-${index}-${recipient.tokenHash}`,
      campaignId: later!.id,
      state: 'sent' as const,
      sentAt: index === 4 ? daysAgo(100) : index === 5 ? daysAgo(1 / 24) : daysAgo(6),
      clickedAt: index === 0 || index >= 4 ? now : null,
    }));
    await t.db.insert(campaignRecipients).values(copies);

    const today = (await baseline(company)).json().today;
    expect(today.overall).toEqual({ recipients: 4, delivered: 4, failed: 1, reported: 0, failureRate: 0.25, reportRate: 0 });
    const clickedDepartment = copies[0]!.departmentId;
    expect(today.byDepartment.find((row: { departmentId: string | null }) => row.departmentId === clickedDepartment)).toMatchObject({ failed: 1 });
    expect(today.byDepartment.reduce((sum: number, row: { delivered: number }) => sum + row.delivered, 0)).toBe(4);
    expect(new Date(today.since).getTime()).toBeCloseTo(now.getTime() - 90 * 24 * 60 * 60 * 1000, -5);
  });

  it('refuses anyone but an admin (403) and a visitor without a session (401)', async () => {
    const company = await buildCompany();
    const manager = await buildPerson(t.db, company.organization.id, { role: 'Manager' });
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/initial-testing/', headers: await t.authAs(manager) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/initial-testing/' })).statusCode).toBe(401);
  });
});
