import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Campaign } from '@vigil/contracts';
import { type DatabaseConnection, campaignRecipients } from '@vigil/db';
import { loggerOptions } from '../../lib/logger.ts';
import { buildPhishApp, phishLoggerOptions } from '../../phish-app.ts';
import { buildManyPeople, launchCampaignThroughApi } from '../../test/campaign-scenario.ts';
import { dumpDatabase } from '../../test/database-dump.ts';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { type IsolatedDatabase, createIsolatedDatabase } from '../../test/isolated-database.ts';
import { browser, forEachLimited, readLure } from '../../test/lure-browser.ts';
import { buildSendingProfile } from '../../test/phishing-factories.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import { startTestApp } from '../../test/test-app.ts';
import { consumeEventsJob } from '../events/events.jobs.ts';
import { builtinTemplateId, syncBuiltinContent } from './builtin-content.ts';
import { burstWindowSeconds, deliveryWindowSeconds } from './tracking/scanner-detection.ts';

/**
 * A campaign to 1,000 people, from launch to results, with every part real: the job workers send
 * through a real SMTP server on loopback; each mail is parsed; a real HTTP client opens pixels,
 * follows links (and renders the pages, so their beacons load), scans QR codes from the image's
 * pixels, opens attachments and submits a landing form with a password; mail scanners probe links
 * first. The results and the people's histories then show exactly what the client did, and the
 * password is nowhere in the database or the logs (captured at trace level from both apps).
 */
const peopleCount = 1000;
const templates = {
  credentials: builtinTemplateId('it-password-expiry'),
  qr: builtinTemplateId('it-password-expiry-qr'),
  attachment: builtinTemplateId('delivery-note-html'),
  link: builtinTemplateId('ai-meeting-recap'),
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

let database: IsolatedDatabase;
let connection: DatabaseConnection;
let admin: Awaited<ReturnType<typeof startTestApp>>;
let listener: FastifyInstance;
let listenerUrl: string;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
const logLines: string[] = [];

beforeAll(async () => {
  // A database of its own: the workers of other test files must not send this campaign (nor this
  // test's workers theirs).
  database = await createIsolatedDatabase({ embedded: 'memory' });
  connection = await database.open();
  await syncBuiltinContent(connection.db);
  inbox = await startSmtpInbox();
  listenerUrl = `http://127.0.0.1:${await freePort()}`;
  const stream = { write: (line: string) => void logLines.push(line) };
  const env = { LOG_LEVEL: 'trace', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', PHISH_PUBLIC_URL: listenerUrl };
  admin = await startTestApp(connection, env, { logger: (config) => ({ ...(loggerOptions(config) as object), stream }) });
  listener = await buildPhishApp({ config: admin.config, connection, secrets: admin.app.secrets, logger: { ...phishLoggerOptions(admin.config), stream } });
  await listener.listen({ port: Number(new URL(listenerUrl).port), host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await listener?.close();
  await admin?.close();
  await connection?.close();
  await inbox?.close();
  await database?.dispose();
});

type Received = { mail: ParsedMail; email: string; lure: ReturnType<typeof readLure> };

it(
  'sends 1,000 lures through a real SMTP server; clicks, opens, QR scans, attachments and a form submitted over HTTP show in the results; the password is kept nowhere',
  async () => {
    const organization = await buildOrganization(connection.db, { name: 'Journey Freight' });
    const boss = await buildPerson(connection.db, organization.id, { role: 'Admin', firstName: 'Ines', email: 'ines.admin@journey-freight.example' });
    await buildManyPeople(connection.db, organization.id, peopleCount - 1, { departmentCount: 8 });
    const profile = await buildSendingProfile(connection.db, admin.app.secrets, organization.id, inbox);
    const headers = await admin.authAs(boss);
    const campaign = await launchCampaignThroughApi(admin.app, headers, { name: 'Autumn journey', templateIds: Object.values(templates), sendingProfileId: profile.id });
    expect(campaign.counts.recipients).toBe(peopleCount);

    // The workers send: the dispatcher queues batches, the send jobs hand each lure to the SMTP server.
    const started = Date.now();
    await admin.app.jobs.startWorkers();
    const campaignNow = async () => (await admin.app.inject({ url: `/api/campaigns/${campaign.id}/`, headers })).json() as Campaign;
    await expect.poll(async () => (await campaignNow()).status, { timeout: 300_000, interval: 1_000 }).toBe('completed');
    expect((await campaignNow()).counts).toMatchObject({ sent: peopleCount, failed: 0, uncertain: 0 });
    expect(inbox.received).toHaveLength(peopleCount);
    console.log(`1,000 lures sent and received in ${Math.round((Date.now() - started) / 1000)} s`);

    // The people read their mail minutes later, not within the seconds a gateway scans it in.
    await connection.db
      .update(campaignRecipients)
      .set({ sentAt: sql`${campaignRecipients.sentAt} - make_interval(secs => ${deliveryWindowSeconds * 10})` })
      .where(eq(campaignRecipients.campaignId, campaign.id));

    const received: Received[] = inbox.received
      .map((mail) => ({ mail, email: (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : '') ?? '', lure: readLure(mail, listenerUrl) }))
      .sort((a, b) => a.email.localeCompare(b.email));
    expect(new Set(received.map((item) => item.email)).size).toBe(peopleCount);
    const byVector = {
      qr: received.filter((item) => item.lure.qrCode),
      attachment: received.filter((item) => item.lure.attachmentLink),
      link: received.filter((item) => item.lure.link && !item.lure.qrCode && !item.lure.attachmentLink),
    };
    // Every lure of the four was drawn for someone, each mail holds what its kind promises.
    expect(byVector.qr.length).toBeGreaterThan(50);
    expect(byVector.attachment.length).toBeGreaterThan(50);
    expect(byVector.qr.length + byVector.attachment.length + byVector.link.length).toBe(peopleCount);
    for (const item of byVector.qr) expect(item.lure.qrCode).toMatch(new RegExp(`^${listenerUrl}/q/[\\w-]{22}$`));
    for (const item of received) expect(item.lure.openPixel).toBeDefined();

    // Who does what (by position, so the expected counts are known). Each step waits out the
    // scanner rules' burst window, since a person's links seconds apart look like a scanner's.
    const pick = <T>(items: readonly T[], every: number, offset = 0) => items.filter((_, index) => index % every === offset);
    const clickers = pick(byVector.link, 3);
    const scanned = pick(byVector.link, 5); // probed by the mail gateway before anyone looks
    const prefetched = pick(byVector.link, 5, 1); // prefetched by the mail app
    const followersOnly = pick(byVector.link, 7, 2).filter((item) => !clickers.includes(item)); // a link checker that follows, never renders
    const openers = pick(received, 2);
    const qrScanners = pick(byVector.qr, 3);
    const attachmentOpeners = pick(byVector.attachment, 3);

    const settle = () => sleep(burstWindowSeconds * 1000 + 300);
    await forEachLimited(scanned, 8, async (item) => {
      expect((await fetch(item.lure.link!, { method: 'HEAD', redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0' } })).status).toBe(302);
    });
    await forEachLimited(prefetched, 8, async (item) => void (await browser.open(item.lure.link!, { render: false, headers: { 'sec-purpose': 'prefetch' } })));
    await forEachLimited(followersOnly, 8, async (item) => void (await browser.open(item.lure.link!, { render: false })));
    await settle();
    await forEachLimited(openers, 8, async (item) => expect(await browser.image(item.lure.openPixel!)).toBe(200));
    await settle();

    const landingPages: { item: Received; url: string; html: string }[] = [];
    await forEachLimited(clickers, 8, async (item) => {
      const page = await browser.open(item.lure.link!);
      expect(page.status).toBe(200);
      if (page.url.includes('/l/')) landingPages.push({ item, url: page.url, html: page.html });
    });
    await forEachLimited(qrScanners, 8, async (item) => expect((await browser.open(item.lure.qrCode!)).status).toBe(200));
    await forEachLimited(attachmentOpeners, 8, async (item) => expect((await browser.open(item.lure.attachmentLink!)).status).toBe(200));

    // Half of those who reached the sign-in page type their email and a password into it.
    expect(landingPages.length).toBeGreaterThan(20);
    const submitters = pick(landingPages, 2);
    const passwordOf = (item: Received) => `Journey-Pa55word!${item.email.split('@')[0]}-Zq7`;
    await forEachLimited(submitters, 8, async ({ item, url, html }) => {
      const submitted = await browser.submitForm({ url, html }, { email: item.email, password: passwordOf(item) });
      expect(submitted.status).toBe(200);
      expect(submitted.url).toContain('/t/');
      expect(submitted.fields).toContain('password');
    });

    // The listener's batch reaches the log; the consumer projects it (events.consume, as its job runs it).
    await listener.eventWriter.flush();
    await consumeEventsJob.handler({}, admin.jobContext);

    const distinct = (...groups: Received[][]) => new Set(groups.flat().map((item) => item.email)).size;
    const counts = (await campaignNow()).counts;
    expect(counts).toMatchObject({
      recipients: peopleCount,
      sent: peopleCount,
      opened: openers.length,
      clicked: clickers.length + qrScanners.length,
      submitted: submitters.length,
      qrScanned: qrScanners.length,
      attachmentOpened: attachmentOpeners.length,
      machineClicks: distinct(scanned, prefetched),
    });
    const results = (await admin.app.inject({ url: `/api/campaigns/${campaign.id}/results/`, headers })).json();
    const total = (key: string, rows: Record<string, number>[]) => rows.reduce((sum, row) => sum + row[key]!, 0);
    expect(total('clicked', results.byDepartment)).toBe(clickers.length + qrScanners.length);
    expect(total('submitted', results.byDepartment)).toBe(submitters.length);
    expect(total('recipients', results.byDepartment)).toBe(peopleCount);
    expect(total('opened', results.timeline)).toBe(openers.length);
    expect(total('sent', results.timeline)).toBe(peopleCount);

    // Who submitted, as the admin lists them: exactly the people who did.
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { email: string }[]; nextCursor: string | null } = (await admin.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?outcome=submitted&limit=100${cursor ? `&cursor=${cursor}` : ''}`, headers })).json();
      listed.push(...page.items.map((item) => item.email));
      cursor = page.nextCursor;
    } while (cursor);
    expect(listed.sort()).toEqual(submitters.map(({ item }) => item.email).sort());

    // A person's history tells their story in order.
    const personIdOf = async (email: string) =>
      (await admin.app.inject({ url: `/api/campaigns/${campaign.id}/recipients/?search=${encodeURIComponent(email)}`, headers })).json().items[0].personId as string;
    const storyOf = async (item: Received) => {
      const history = (await admin.app.inject({ url: `/api/people/${await personIdOf(item.email)}/simulation-history/`, headers })).json();
      return history.items[0].events.map((event: { type: string }) => event.type) as string[];
    };
    // One no scanner probed first (lures are dealt at random, so who was probed differs run to run).
    const submitter = submitters.map(({ item }) => item).find((item) => !scanned.includes(item) && !prefetched.includes(item))!;
    expect(await storyOf(submitter)).toEqual(['sent', ...(openers.includes(submitter) ? ['opened'] : []), 'clicked', 'landing_visited', 'submitted']);
    const probedThenClicked = scanned.find((item) => clickers.includes(item) && !openers.includes(item) && !submitters.some((submitted) => submitted.item === item))!;
    expect(await storyOf(probedThenClicked)).toEqual(['sent', 'machine_click', 'clicked', ...(landingPages.some((page) => page.item === probedThenClicked) ? ['landing_visited'] : [])]);
    const qrScanner = qrScanners.find((item) => !openers.includes(item))!;
    expect(await storyOf(qrScanner)).toEqual(['sent', 'qr_scanned', 'clicked']);
    const attachmentOpener = attachmentOpeners.find((item) => !openers.includes(item))!;
    expect(await storyOf(attachmentOpener)).toEqual(['sent', 'attachment_opened']);
    const follower = followersOnly.find((item) => !openers.includes(item) && !scanned.includes(item) && !prefetched.includes(item))!;
    expect(await storyOf(follower)).toEqual(['sent']);

    // No password that was typed in is kept: not in any row of any table, not in any log line.
    const dump = await dumpDatabase(connection.db);
    const logs = logLines.join('\n');
    expect(logs).toContain('POST');
    for (const { item } of submitters) {
      for (const form of [passwordOf(item), encodeURIComponent(passwordOf(item))]) {
        expect(dump.includes(form), `the database holds ${item.email}'s password`).toBe(false);
        expect(logs.includes(form), `a log line holds ${item.email}'s password`).toBe(false);
      }
    }
  },
  480_000,
);
