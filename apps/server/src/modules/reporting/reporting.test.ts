import { and, count, eq, gte, isNotNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, people } from '@vigil/db';
import { loadConfig } from '../../config.ts';
import { buildPhishApp } from '../../phish-app.ts';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { readPdfText } from '../../test/pdf-text-reader.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import { useTestApp } from '../../test/test-app.ts';
import { demoCompanies } from '../demo/demo-companies.ts';
import { playDemoHistory } from '../demo/demo-history.ts';
import { demoId } from '../demo/demo-ids.ts';
import { demoManagedServiceId, seedDemo } from '../demo/demo-seed.ts';
import type { EventWriter } from '../events/event-writer.ts';
import { syncBuiltinContent } from '../phishing/builtin-content.ts';
import { syncBuiltinLessons } from '../training/library/builtin-lessons.ts';
import { deliverScheduledReports } from './reporting.jobs.ts';

const t = useTestApp();
// Not the company demo-history.test.ts plays: files of one worker share its database.
const company = demoCompanies.find((candidate) => candidate.slug === 'bluefin-health')!;
const organizationId = demoId(company.slug);
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

const personOf = async (key: string) => (await t.db.select().from(people).where(eq(people.id, demoId(company.slug, 'person', key))))[0]!;

beforeAll(async () => {
  await syncBuiltinContent(t.db);
  await syncBuiltinLessons(t.db);
  await seedDemo(t.db);
  const listener = (await buildPhishApp({ config: t.config, connection: t.connection, secrets: t.app.secrets, logger: false })) as FastifyInstance & { eventWriter: EventWriter };
  await listener.ready();
  await playDemoHistory({ db: t.db, secrets: t.app.secrets, config: t.config, jobs: t.app.jobs, listener }, { companies: [company] });
  await listener.close();
  inbox = await startSmtpInbox();
}, 300_000);

afterAll(async () => {
  await inbox?.close();
});

describe('the executive report', () => {
  it("counts what happened in the period from the recipients' outcomes, and its PDF says it with charts' numbers and actions", async () => {
    const admin = await personOf('seat-admin');
    const headers = await t.authAs(admin);
    const response = await t.app.inject({ url: '/api/reports/executive/?days=180', headers });
    expect(response.statusCode).toBe(200);
    const report = response.json();

    const since = new Date(Date.now() - 180 * 24 * 60 * 60 * 1000);
    const inPeriod = and(eq(campaignRecipients.organizationId, organizationId), gte(campaignRecipients.sentAt, since));
    const [sent] = await t.db.select({ n: count() }).from(campaignRecipients).where(inPeriod);
    const [failed] = await t.db
      .select({ n: count() })
      .from(campaignRecipients)
      .where(and(inPeriod, or(isNotNull(campaignRecipients.clickedAt), isNotNull(campaignRecipients.submittedAt), isNotNull(campaignRecipients.attachmentOpenedAt), isNotNull(campaignRecipients.qrScannedAt))));
    const [reported] = await t.db.select({ n: count() }).from(campaignRecipients).where(and(inPeriod, isNotNull(campaignRecipients.reportedAt)));
    expect(report.simulations).toMatchObject({ campaigns: 6, sent: sent!.n, failed: failed!.n, reported: reported!.n });
    expect(report.simulations.byMonth.reduce((sum: number, month: { sent: number }) => sum + month.sent, 0)).toBe(sent!.n);
    expect(report.risk.trend.length).toBeGreaterThan(20);
    expect(report.organizationName).toBe(company.name);
    expect(report.actions.length).toBeGreaterThan(0);

    const pdf = await t.app.inject({ url: '/api/reports/executive/pdf/?days=180', headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await readPdfText(pdf.rawPayload);
    expect(text).toContain(company.name);
    expect(text).toContain('Risk score over time');
    expect(text).toContain('Simulation results by month');
    expect(text).toContain(`${failed!.n} of ${sent!.n} lures sent`);
    expect(text).toContain('Recommended actions');
  });

  it('is for admins only, and refuses a period it does not offer, naming the field', async () => {
    const endUser = await personOf('seat-end-user');
    expect((await t.app.inject({ url: '/api/reports/executive/', headers: await t.authAs(endUser) })).statusCode).toBe(403);
    const bad = await t.app.inject({ url: '/api/reports/executive/?days=7', headers: await t.authAs(await personOf('seat-admin')) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('days');
  });
});

describe('scheduled reports', () => {
  it('go to the chosen admins once per period with the PDF attached, however many workers run at once', async () => {
    const admin = await personOf('seat-admin');
    const superadmin = await personOf('seat-superadmin');
    const headers = await t.authAs(admin);
    const endUser = await personOf('seat-end-user');

    const refused = await t.app.inject({ method: 'POST', url: '/api/reports/schedules/', headers, payload: { frequency: 'weekly', days: 90, recipientIds: [admin.id, endUser.id] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'body.recipientIds.1' })]));

    const created = await t.app.inject({ method: 'POST', url: '/api/reports/schedules/', headers, payload: { frequency: 'weekly', days: 90, recipientIds: [admin.id, superadmin.id] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ frequency: 'weekly', days: 90, lastPeriod: null });

    const context = { db: t.db, log: t.app.log, config: loadConfig({ ...process.env, NODE_ENV: 'test', SMTP_URL: `smtp://${inbox.host}:${inbox.port}`, PUBLIC_URL: 'http://vigil.test', DATA_DIR: '/nonexistent-test-data' }) };
    const monday = new Date('2026-11-23T09:00:00Z');
    // Two workers at the same hour: one claims the week, the other finds it taken.
    const sent = await Promise.all([deliverScheduledReports(context, monday, organizationId), deliverScheduledReports(context, monday, organizationId)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(await deliverScheduledReports(context, new Date('2026-11-27T09:00:00Z'), organizationId)).toBe(0);
    const mails = [...inbox.mailTo(admin.email), ...inbox.mailTo(superadmin.email)];
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Human risk report for ${company.name} (2026-W48)`);
    const attachment = mails[0]!.attachments[0]!;
    expect(attachment).toMatchObject({ filename: 'human-risk-report-2026-W48.pdf', contentType: 'application/pdf' });
    expect(await readPdfText(attachment.content)).toContain(company.name);

    // The next week sends again; the listing says when it last went.
    expect(await deliverScheduledReports(context, new Date('2026-11-30T09:00:00Z'), organizationId)).toBe(1);
    const listed = (await t.app.inject({ url: '/api/reports/schedules/', headers })).json();
    expect(listed.items[0]).toMatchObject({ lastPeriod: '2026-W49', recipients: expect.arrayContaining([expect.objectContaining({ email: admin.email })]) });
  });
});

describe('the managed-service summary', () => {
  it("shows the operator's client companies side by side, and nothing to a company's own admin", async () => {
    const [operator] = await t.db.select().from(people).where(and(eq(people.organizationId, demoManagedServiceId), eq(people.email, 'demo@vigil.example')));
    const summary = (await t.app.inject({ url: '/api/reports/clients/', headers: await t.authAs(operator!) })).json();
    expect(summary.items.map((item: { name: string }) => item.name).sort()).toEqual(demoCompanies.map((candidate) => candidate.name).sort());
    const played = summary.items.find((item: { id: string }) => item.id === organizationId);
    expect(played.sent).toBeGreaterThan(0);
    expect(played.score).toBeGreaterThan(0);
    // An admin of a company that manages no one (a company of its own: the demo's people stay as seeded).
    const elsewhere = await buildOrganization(t.db, { name: 'Standalone Ltd' });
    const other = await buildPerson(t.db, elsewhere.id, { role: 'Admin' });
    expect((await t.app.inject({ url: '/api/reports/clients/', headers: await t.authAs(other) })).json()).toEqual({ items: [] });
  });
});
