/**
 * The phishing engine's benchmarks, each against a baseline measured in the same run:
 * 1. sending: a launched campaign through the dispatcher and the send jobs' handler, against a bare
 *    pooled nodemailer loop, both into one SMTP sink in another process;
 * 2. tracking: `/o/{token}.gif` on the listener, against a bare node:http server answering the same
 *    GIF, loaded from another process; then every answered hit must be one event in the table;
 * 3. results: the results and recipients API of a 100,000-recipient campaign, against `GET /livez`.
 *
 * Database: PostgreSQL when BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL names one
 * (`bash scripts/with-postgres.sh npm run bench -- phishing`), otherwise in-memory PGlite.
 * BENCH_RECIPIENTS sets the sending campaign's size, BENCH_RESULTS_RECIPIENTS the results one's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { filterHeaderName } from '@vigil/contracts';
import { type DatabaseConnection, type Db, applyMigrations, campaignRecipients, campaigns, events, openDatabase } from '@vigil/db';
import { applyAuthMigrations } from '@vigil/auth-provider';
import { buildApp } from '../apps/server/src/app.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import type { JobContext } from '../apps/server/src/lib/jobs.ts';
import { encodeCursor } from '../apps/server/src/lib/keyset.ts';
import { dispatchDueRecipients } from '../apps/server/src/modules/phishing/campaigns/campaign-sending.ts';
import { sendBatchJob } from '../apps/server/src/modules/phishing/campaigns/campaigns.jobs.ts';
import { buildLureMail, findLureContext } from '../apps/server/src/modules/phishing/campaigns/lure-mail.ts';
import { trackingTokenOf } from '../apps/server/src/modules/phishing/tracking/tracking-links.ts';
import { buildPhishApp } from '../apps/server/src/phish-app.ts';
import { buildDepartment, buildOrganization, buildPerson } from '../apps/server/src/test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../apps/server/src/test/phishing-factories.ts';
import { startTestJwksServer } from '../apps/server/src/test/test-jwks-server.ts';
import { benchDatabaseUrl, benchEngine, latencies, nextLine, peakRss, progress, report, startHelper, timeIt, wholeFromEnv } from './lib.ts';

const projectId = 'P2benchproject000000000000000';
const databaseUrl = benchDatabaseUrl;
const engine = benchEngine;
const wholeNumber = wholeFromEnv;
const perSecond = (count: number, ms: number) => (count / ms) * 1000;

export const runPhishingBenchmarks = async () => {
  // One part while working on it: BENCH_PHISHING=results, say (tracking runs on the sending part's campaign).
  const parts = (process.env.BENCH_PHISHING ?? 'sending,tracking,results').split(',');
  const jwks = await startTestJwksServer(projectId);
  const connection = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' });
  await applyMigrations(connection);
  await applyAuthMigrations(connection);
  const { db } = connection;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    AUTH_PROJECT_ID: projectId,
    AUTH_BASE_URL: jwks.baseUrl,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    PHISH_PUBLIC_URL: 'http://phish.bench',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, JOBS_IN_PROCESS: 'false' } : {}),
  });
  // The real app: its routes, its MailDelivery and its job queue (whose workers are not started: the
  // bench runs the dispatcher and the send handler itself, as a worker would).
  const app = await buildApp({ config, connection });
  await app.ready();
  const jobContext: JobContext = { db, log: app.log, config, secrets: app.secrets, jobs: app.jobs, delivery: app.delivery };
  const sessionOf = async (person: { authUserId: string | null }) => ({ authorization: `Bearer ${await jwks.mintSessionToken({ sub: person.authUserId! })}` });
  const sink = startHelper('./helpers/smtp-sink.ts');
  const sinkCount = async () => {
    sink.child.stdin!.write('count\n');
    return (await nextLine<{ accepted: number }>(sink)).accepted;
  };

  try {
    const { port: sinkPort } = await nextLine<{ port: number }>(sink);
    const bench: Bench = { connection, db, app, config, jobContext, sessionOf, sinkPort, sinkCount };
    if (parts.includes('sending') || parts.includes('tracking')) {
      const sent = await sendingBenchmark(bench);
      if (parts.includes('tracking')) await trackingBenchmark(bench, sent);
    }
    if (parts.includes('results')) await resultsBenchmark(bench);
  } finally {
    await sink.stop();
    await app.close();
    await connection.close();
    await jwks.close();
  }
};

type App = Awaited<ReturnType<typeof buildApp>>;
type Bench = {
  connection: DatabaseConnection;
  db: Db;
  app: App;
  config: Config;
  jobContext: JobContext;
  sessionOf: (person: { authUserId: string | null }) => Promise<{ authorization: string }>;
  sinkPort: number;
  /** Messages the SMTP sink has accepted so far. */
  sinkCount: () => Promise<number>;
};

/**
 * BENCH_RECIPIENTS people, a campaign to them created and launched through the API, then sent as the
 * worker sends it, against a bare pooled nodemailer loop sending the same lure as often.
 */
const sendingBenchmark = async ({ db, app, config, jobContext, sessionOf, sinkPort, sinkCount }: Bench) => {
  // 1. Sending throughput.
  const recipients = wholeNumber('BENCH_RECIPIENTS', databaseUrl ? 5_000 : 2_000);
  progress(`sending: ${recipients} recipients on ${engine}`);
  const organization = await buildOrganization(db, { name: 'Bench Logistics' });
  const admin = await buildPerson(db, organization.id, { role: 'Admin' });
  const headers = await sessionOf(admin);
  const department = await buildDepartment(db, organization.id, 'Operations');
  await db.execute(sql`
    insert into people (organization_id, first_name, last_name, email, department_id, manager_id, job_title)
    select ${organization.id}, 'Person', 'Number ' || g, 'person.' || g || '@bench.example', ${department.id}, ${admin.id}::uuid, 'Analyst'
    from generate_series(1, ${recipients}) g`);
  // The profile's own rate (at most 10,000 a minute through the API) would be the figure otherwise.
  const profile = await buildSendingProfile(db, app.secrets, organization.id, { host: '127.0.0.1', port: sinkPort }, { ratePerMinute: 100_000_000 });
  const template = await buildPhishingTemplate(db, organization.id);
  const created = await app.inject({
    method: 'POST',
    url: '/api/campaigns/',
    headers,
    payload: { name: 'Bench campaign', templateIds: [template.id], sendingProfileId: profile.id, audience: { kind: 'departments', ids: [department.id] } },
  });
  if (created.statusCode !== 201) throw new Error(`creating the campaign answered ${created.statusCode}: ${created.body}`);
  const campaignId = created.json<{ id: string }>().id;
  let launched;
  const launchMs = await timeIt(async () => (launched = await app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/launch/`, headers })));
  if (launched!.statusCode !== 200) throw new Error(`launching answered ${launched!.statusCode}: ${launched!.body}`);
  report(`campaign launch, ${recipients.toLocaleString('en')} recipients (${engine})`, `${(launchMs / 1000).toFixed(1)} s`, '');

  // The baseline sends the message the engine would send (one recipient's real lure), to every address.
  const [first] = await db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)).limit(1);
  const scope = { organizationId: organization.id };
  const lureContext = await findLureContext(db, scope, first!.personId, first!.templateId);
  const lure = (await buildLureMail(db, scope, { secrets: app.secrets, config }, { ...first!, campaignSendingProfileId: profile.id }, lureContext))!;
  // Nagle off, as the engine's connections have it: with it on, each message's last line waits for
  // the server's delayed ACK (40 ms), and both loops would measure that instead.
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    host: '127.0.0.1',
    port: sinkPort,
    secure: false,
    ignoreTLS: true,
    logger: false,
    getSocket: (_options, callback) => {
      const socket = connect({ host: '127.0.0.1', port: sinkPort, noDelay: true });
      socket.once('error', (error) => callback(error, undefined));
      socket.once('connect', () => callback(null, { connection: socket }));
    },
  });
  const sendRaw = async (count: number, offset: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < count) {
          const i = offset + next++;
          await transport.sendMail({
            from: lure.from,
            to: { name: `Person ${i}`, address: `person.${i}@bench.example` },
            subject: lure.subject,
            html: lure.html,
            text: lure.text,
            messageId: `<raw-${i}@bench.example>`,
            headers: { [filterHeaderName]: 'bench-filter-secret-value-000000' },
          });
        }
      }),
    );
  };
  await sendRaw(Math.min(500, recipients), 0); // warm up the pool and the JIT
  const before = await sinkCount();
  const raw = await peakRss(() => timeIt(() => sendRaw(recipients, 1_000)));
  if ((await sinkCount()) - before !== recipients) throw new Error('the sink did not accept every raw message');
  transport.close();

  // As a worker runs them: the dispatcher queues due recipients in batches (each batch's job exists
  // once its transaction commits), and one organisation's batches run as many at once as its
  // share of the workers allows.
  const batchesAtOnce = Math.min(sendBatchJob.concurrency ?? 1, sendBatchJob.perOrganization ?? Number.POSITIVE_INFINITY);
  const sendAll = async () => {
    for (;;) {
      const queued: { organizationId: string; campaignId: string; recipientIds: string[] }[] = [];
      const pass = await dispatchDueRecipients(db, async (_tx, batch) => void queued.push(batch));
      if (queued.length === 0 && !pass.dueSoon) return;
      await Promise.all(
        Array.from({ length: batchesAtOnce }, async () => {
          for (let batch = queued.shift(); batch; batch = queued.shift()) await sendBatchJob.handler(batch, jobContext);
        }),
      );
    }
  };
  const ours = await peakRss(() => timeIt(sendAll));
  const accepted = (await sinkCount()) - before - recipients;
  const states = await db.select({ state: campaignRecipients.state, count: sql<number>`count(*)::int` }).from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)).groupBy(campaignRecipients.state);
  const [campaign] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (accepted !== recipients || states.length !== 1 || states[0]!.state !== 'sent' || campaign!.status !== 'completed') {
    throw new Error(`sending went wrong: the sink accepted ${accepted} of ${recipients}; states ${JSON.stringify(states)}; campaign ${campaign!.status}`);
  }
  const ourRate = perSecond(recipients, ours.result);
  const rawRate = perSecond(recipients, raw.result);
  report(`sending ${recipients.toLocaleString('en')} lures, ${batchesAtOnce} batches at once (${engine})`, `${ourRate.toFixed(0)} mails/s`, `${rawRate.toFixed(0)} mails/s raw nodemailer pool`, ourRate / rawRate);
  report('sending: peak RSS of the process', `${ours.peakMiB.toFixed(0)} MiB`, `${raw.peakMiB.toFixed(0)} MiB raw`);

  return { organizationId: organization.id, campaignId };
};

/** `/o/{token}.gif` of every recipient just sent, in turn, against a bare node:http GIF server. */
const trackingBenchmark = async ({ connection, db, app, config }: Bench, { organizationId, campaignId }: { organizationId: string; campaignId: string }) => {
  // 2. Tracking throughput, on the recipients just sent (an hour ago, so no hit is a gateway's check on arrival).
  await db.update(campaignRecipients).set({ sentAt: new Date(Date.now() - 3_600_000) }).where(eq(campaignRecipients.campaignId, campaignId));
  const ids = (await db.select({ id: campaignRecipients.id }).from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId))).map((row) => row.id);
  const folder = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  try {
    const pathsFile = join(folder, 'paths.txt');
    writeFileSync(pathsFile, ids.map((id) => `/o/${trackingTokenOf(app.secrets, id)}.gif`).join('\n'));
    const load = { connections: 32, requests: wholeNumber('BENCH_TRACKING_REQUESTS', 20_000), seconds: 30, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' } };
    type LoadResult = { answered: number; perSecond: number; statuses: Record<string, number>; p50: number; p95: number };
    const runLoad = async (port: number, requests = load.requests) => {
      const loader = startHelper('./helpers/http-load.ts', [JSON.stringify({ ...load, port, pathsFile, requests })]);
      try {
        return await nextLine<LoadResult>(loader);
      } finally {
        await loader.stop();
      }
    };

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const bare = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/gif', 'content-length': gif.length }).end(gif));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    await runLoad((bare.address() as AddressInfo).port, 2_000);
    const baseline = await runLoad((bare.address() as AddressInfo).port);
    await new Promise((resolve) => bare.close(resolve));

    progress(`tracking: ${load.requests} opens over ${ids.length} recipients`);
    const listener = await buildPhishApp({ config, connection, secrets: app.secrets, logger: false });
    await listener.listen({ port: 0, host: '127.0.0.1' });
    const listenerPort = (listener.server.address() as AddressInfo).port;
    const warm = await runLoad(listenerPort, 1_000);
    const measured = await runLoad(listenerPort);
    await listener.close(); // flushes the batched writer
    const answered = (warm.statuses['200'] ?? 0) + (measured.statuses['200'] ?? 0);
    const [written] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.organizationId, organizationId), eq(events.campaignId, campaignId), inArray(events.type, ['opened', 'machine_open'])));
    report(
      `tracking: GET /o/{token}.gif, ${load.connections} connections (${engine})`,
      `${measured.perSecond.toFixed(0)} req/s, p95 ${measured.p95.toFixed(1)} ms`,
      `${baseline.perSecond.toFixed(0)} req/s, p95 ${baseline.p95.toFixed(1)} ms bare node:http`,
      measured.perSecond / baseline.perSecond,
    );
    report('tracking: events written for answered hits', `${written!.count} events`, `${answered} hits answered 200 (warm-up and measured)`, written!.count / answered);
    if (written!.count !== answered) throw new Error(`tracking lost events: ${answered} hits answered 200, ${written!.count} events written`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

};


/**
 * A finished campaign of BENCH_RESULTS_RECIPIENTS (100,000) recipients with outcomes and about three
 * events each, written by SQL in a few statements, then the admin's results and recipient pages.
 */
const resultsBenchmark = async ({ db, app, sessionOf }: Bench) => {
  const size = wholeNumber('BENCH_RESULTS_RECIPIENTS', 100_000);
  progress(`results: seeding a campaign of ${size} recipients`);
  const organization = await buildOrganization(db, { name: 'Bench Results Ltd' });
  const admin = await buildPerson(db, organization.id, { role: 'Admin' });
  const headers = await sessionOf(admin);
  for (let i = 0; i < 20; i++) await buildDepartment(db, organization.id, `Department ${String(i).padStart(2, '0')}`);
  const profile = await buildSendingProfile(db, app.secrets, organization.id, { host: '127.0.0.1', port: 25 });
  const template = await buildPhishingTemplate(db, organization.id);
  const [campaign] = await db
    .insert(campaigns)
    .values({ organizationId: organization.id, name: 'Large results', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' }, status: 'completed', launchedAt: new Date(Date.now() - 3 * 86_400_000), completedAt: new Date(Date.now() - 2 * 86_400_000) })
    .returning();
  const org = organization.id;
  const seedMs = await timeIt(async () => {
    await db.execute(sql`
      insert into people (organization_id, first_name, last_name, email, department_id)
      select ${org}, 'Reader', 'Number ' || g, 'reader.' || g || '@results.example', d.id
      from generate_series(1, ${size}) g
      join (select id, row_number() over (order by name) - 1 as n from departments where organization_id = ${org}) d on d.n = g % 20`);
    // Outcomes as a campaign ends: ~1% failed, 45% opened, 18% clicked, 6% submitted, 12% reported, 8% machine clicks.
    await db.execute(sql`
      insert into campaign_recipients (organization_id, campaign_id, person_id, department_id, template_id, language, send_at, state, state_changed_at, attempts, sent_at, message_id, token_hash, opened_at, clicked_at, submitted_at, reported_at, machine_clicked_at)
      select ${org}, ${campaign!.id}, p.id, p.department_id, ${template.id}, 'en_us', at, state, at, 1,
        case when state = 'sent' then at end, case when state = 'sent' then p.id::text end, md5(p.id::text || 'bench'),
        case when state = 'sent' and r < 0.45 then at + interval '20 minutes' end,
        case when state = 'sent' and r < 0.18 then at + interval '25 minutes' end,
        case when state = 'sent' and r < 0.06 then at + interval '27 minutes' end,
        case when state = 'sent' and r2 < 0.12 then at + interval '40 minutes' end,
        case when state = 'sent' and r2 > 0.92 then at + interval '5 seconds' end
      from (
        select p.*, now() - interval '3 days' + (row_number() over (order by p.id)) * interval '1 second' as at, random() as r, random() as r2,
          (case when random() < 0.01 then 'failed' else 'sent' end)::recipient_state as state
        from people p where p.organization_id = ${org} and p.role = 'User'
      ) p`);
    // About three events a recipient: sent, opens (some twice), machine opens, clicks and the rest.
    await db.execute(sql`
      insert into events (organization_id, person_id, campaign_id, recipient_id, type, occurred_at, data)
      select r.organization_id, r.person_id, r.campaign_id, r.id, e.type, e.at, '{}'::jsonb
      from campaign_recipients r
      cross join lateral (values
        ('sent', r.sent_at), ('opened', r.opened_at), ('opened', case when r.submitted_at is null then r.opened_at + interval '2 hours' end),
        ('machine_open', case when random() < 0.6 then r.sent_at + interval '3 seconds' end), ('clicked', r.clicked_at), ('landing_visited', r.clicked_at),
        ('submitted', r.submitted_at), ('reported', r.reported_at), ('machine_click', r.machine_clicked_at)
      ) as e(type, at)
      where r.campaign_id = ${campaign!.id} and e.at is not null`);
    await db.execute(sql`
      insert into campaign_stats (campaign_id, organization_id, recipients, sent, failed, opened, clicked, submitted, reported, machine_clicks)
      select ${campaign!.id}, ${org}, count(*), count(sent_at), count(*) filter (where state = 'failed'), count(opened_at), count(clicked_at), count(submitted_at), count(reported_at), count(machine_clicked_at)
      from campaign_recipients where campaign_id = ${campaign!.id}`);
    // The breakdowns the consumer keeps, as the 0007 migration fills them for existing campaigns.
    await db.execute(sql`
      insert into campaign_department_stats (organization_id, campaign_id, department_id, recipients, sent, opened, clicked, submitted, reported)
      select organization_id, campaign_id, department_id, count(*), count(sent_at), count(opened_at), count(clicked_at), count(submitted_at), count(reported_at)
      from campaign_recipients where campaign_id = ${campaign!.id} group by organization_id, campaign_id, department_id`);
    await db.execute(sql`
      insert into campaign_hourly_stats (organization_id, campaign_id, hour, sent, opened, clicked, submitted, reported)
      select r.organization_id, r.campaign_id, date_trunc('hour', s.at), count(*) filter (where s.stage = 'sent'), count(*) filter (where s.stage = 'opened'),
        count(*) filter (where s.stage = 'clicked'), count(*) filter (where s.stage = 'submitted'), count(*) filter (where s.stage = 'reported')
      from campaign_recipients r
      cross join lateral (values ('sent', r.sent_at), ('opened', r.opened_at), ('clicked', r.clicked_at), ('submitted', r.submitted_at), ('reported', r.reported_at)) as s(stage, at)
      where r.campaign_id = ${campaign!.id} and s.at is not null
      group by r.organization_id, r.campaign_id, date_trunc('hour', s.at)`);
    // A campaign read days after it ended has been through autovacuum: its pages are all-visible.
    await db.execute(sql`vacuum analyze`);
  });
  const [{ count: eventCount }] = (await db.select({ count: sql<number>`count(*)::int` }).from(events).where(eq(events.campaignId, campaign!.id))) as [{ count: number }];
  report(`results: seed ${size.toLocaleString('en')} recipients, ${eventCount.toLocaleString('en')} events (${engine})`, `${(seedMs / 1000).toFixed(1)} s`, '');

  // The id 90% of the way through the list: the page after it is a deep page.
  const [deep] = await db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaign!.id))
    .orderBy(campaignRecipients.id)
    .offset(Math.floor(size * 0.9))
    .limit(1);
  const get = (url: string) => async () => {
    const response = await app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  };
  const requests = 50;
  const livez = await latencies(requests, async () => app.inject({ url: '/livez' }));
  const baseline = `p50 ${livez.p50.toFixed(2)} / p95 ${livez.p95.toFixed(2)} ms /livez`;
  for (const [name, url] of [
    ['results', `/api/campaigns/${campaign!.id}/results/`],
    ['recipients, first page', `/api/campaigns/${campaign!.id}/recipients/`],
    ['recipients, page at 90%', `/api/campaigns/${campaign!.id}/recipients/?cursor=${encodeCursor([deep!.id])}`],
    ['recipients, clicked filter', `/api/campaigns/${campaign!.id}/recipients/?outcome=clicked`],
  ] as const) {
    const measured = await latencies(requests, get(url));
    report(`results API: ${name} (${engine}, n=${requests})`, `p50 ${measured.p50.toFixed(1)} / p95 ${measured.p95.toFixed(1)} ms`, baseline, measured.p95 / livez.p95);
  }
};
