/**
 * The event log at scale (issue 9: "10 million rows stay fast"). The reads and writes the product
 * makes on `events` are timed twice in one run: first with BENCH_EVENTS_BASE rows (100,000, the
 * baseline), then after the table has grown to BENCH_EVENTS rows (10,000,000 on PostgreSQL,
 * 1,000,000 on PGlite by default). The ratio says how each cost grows with the table; 1.0 means not
 * at all. Each is a real code path: a consumer batch (runConsumerBatch), a tracking hit's lookup
 * (findTrackedRecipient, which reads the recipient's recent hits), a person's simulation history
 * (the API), and an event-writer flush (appendEvents).
 *
 * `bash scripts/with-postgres.sh npm run bench -- events` (PostgreSQL), `npm run bench -- events` (PGlite).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { applyMigrations, campaignRecipients, campaigns, eventCursors, openDatabase } from '@vigil/db';
import { applyAuthMigrations } from '@vigil/auth-provider';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type EventConsumer, runConsumerBatch } from '../apps/server/src/modules/events/consumers.ts';
import { appendEvents } from '../apps/server/src/modules/events/events.repository.ts';
import { findTrackedRecipient } from '../apps/server/src/modules/phishing/tracking/tracking.repository.ts';
import { buildOrganization, buildPerson } from '../apps/server/src/test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../apps/server/src/test/phishing-factories.ts';
import { startTestJwksServer } from '../apps/server/src/test/test-jwks-server.ts';
import { benchDatabaseUrl, benchEngine, latencies, progress, report, timeIt, wholeFromEnv } from './lib.ts';

const projectId = 'P2benchproject000000000000000';
const databaseUrl = benchDatabaseUrl;
const engine = benchEngine;
const whole = wholeFromEnv;

/** People in the measured organisation, each a recipient of its campaign with a handful of events. */
const peopleCount = 1_000;
/** Other organisations whose events fill the table around the measured one's. */
const otherOrganizations = 50;

export const runEventBenchmarks = async () => {
  const baseSize = whole('BENCH_EVENTS_BASE', 100_000);
  const fullSize = whole('BENCH_EVENTS', databaseUrl ? 10_000_000 : 1_000_000);
  const jwks = await startTestJwksServer(projectId);
  const connection = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' });
  await applyMigrations(connection);
  await applyAuthMigrations(connection);
  const { db } = connection;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_PROJECT_ID: projectId, AUTH_BASE_URL: jwks.baseUrl, ...(databaseUrl ? { DATABASE_URL: databaseUrl, JOBS_IN_PROCESS: 'false' } : {}) });
  const app = await buildApp({ config, connection });
  await app.ready();
  try {
    progress(`events: seeding an organisation of ${peopleCount} people with a campaign to all of them`);
    const organization = await buildOrganization(db, { name: 'Events at Scale Ltd' });
    const admin = await buildPerson(db, organization.id, { role: 'Admin' });
    const headers = { authorization: `Bearer ${await jwks.mintSessionToken({ sub: admin.authUserId! })}` };
    const profile = await buildSendingProfile(db, app.secrets, organization.id, { host: '127.0.0.1', port: 25 });
    const template = await buildPhishingTemplate(db, organization.id);
    const [campaign] = await db
      .insert(campaigns)
      .values({ organizationId: organization.id, name: 'Scale', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' }, status: 'completed', launchedAt: new Date() })
      .returning();
    const org = organization.id;
    await db.execute(sql`
      insert into people (organization_id, first_name, last_name, email)
      select ${org}, 'Scale', 'Person ' || g, 'scale.' || g || '@events.example' from generate_series(1, ${peopleCount}) g`);
    await db.execute(sql`
      insert into campaign_recipients (organization_id, campaign_id, person_id, template_id, language, send_at, state, state_changed_at, attempts, sent_at, token_hash)
      select ${org}, ${campaign!.id}, p.id, ${template.id}, 'en_us', now(), 'sent', now(), 1, now(), 'scale-token-' || row_number() over (order by p.id)
      from people p where p.organization_id = ${org} and p.role = 'User'`);
    const recipients = await db.select({ id: campaignRecipients.id, personId: campaignRecipients.personId, tokenHash: campaignRecipients.tokenHash }).from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign!.id));
    const others = await Promise.all(Array.from({ length: otherOrganizations }, (_, i) => buildOrganization(db, { name: `Neighbour ${i}` })));
    const neighbours = sql`array[${sql.join(others.map((o) => sql`${o.id}::uuid`), sql`, `)}]`;

    /** Grows the table to `target` rows: ~1 in 1,000 rows is the measured organisation's, the rest its neighbours'. */
    const growTo = async (target: number) => {
      const [{ count }] = (await db.execute(sql`select count(*)::int as count from events`)).rows as [{ count: number }];
      let missing = target - count;
      const chunk = 1_000_000;
      while (missing > 0) {
        const rows = Math.min(chunk, missing);
        progress(`events: inserting ${rows.toLocaleString('en')} rows (${(target - missing).toLocaleString('en')} of ${target.toLocaleString('en')})`);
        await db.execute(sql`
          insert into events (organization_id, person_id, campaign_id, recipient_id, type, occurred_at, data)
          select
            case when g % 1000 = 0 then ${org}::uuid else (${neighbours})[1 + g % ${otherOrganizations}] end,
            gen_random_uuid(), gen_random_uuid(), gen_random_uuid(),
            (array['sent', 'opened', 'clicked', 'machine_open', 'reported'])[1 + g % 5],
            now() - (g % 5000000) * interval '5 seconds', '{}'::jsonb
          from generate_series(1, ${rows}) g`);
        missing -= rows;
      }
      // The measured organisation's own history: sends and a few outcomes per recipient.
      await appendEvents(
        db,
        recipients.flatMap((r) => [
          { organizationId: org, personId: r.personId, campaignId: campaign!.id, recipientId: r.id, type: 'sent', occurredAt: new Date(), data: {} },
          { organizationId: org, personId: r.personId, campaignId: campaign!.id, recipientId: r.id, type: 'opened', occurredAt: new Date(), data: { link: 'open' } },
        ]),
      );
      await db.execute(sql`analyze events`);
    };

    const noOp: EventConsumer = { name: 'bench-noop', apply: async () => undefined };
    const measure = async (label: string) => {
      const [{ maxId }] = (await db.execute(sql`select coalesce(max(id), 0)::bigint as "maxId" from events`)).rows as [{ maxId: string }];
      const top = Number(maxId);
      const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
      const figures = {
        // A consumer catching up from anywhere in the log: its cursor at a random id.
        consumer: await latencies(50, async () => {
          const name = `bench-${randomUUID()}`;
          await db.insert(eventCursors).values({ consumer: name, lastEventId: Math.floor(Math.random() * Math.max(1, top - 600)) });
          await runConsumerBatch(db, { ...noOp, name }, 500);
          await db.delete(eventCursors).where(eq(eventCursors.consumer, name));
        }),
        tracking: await latencies(200, async () => {
          await findTrackedRecipient(db, pick(recipients).tokenHash!, { rateLimitKey: 'bench', rateLimitMax: 1_000, hitsSince: new Date(Date.now() - 3_000) });
        }),
        history: await latencies(100, async () => {
          const response = await app.inject({ url: `/api/people/${pick(recipients).personId}/simulation-history/`, headers });
          if (response.statusCode !== 200) throw new Error(`history answered ${response.statusCode}`);
        }),
        append: await latencies(50, async () => {
          const r = pick(recipients);
          await appendEvents(
            db,
            Array.from({ length: 200 }, () => ({ organizationId: org, personId: r.personId, campaignId: campaign!.id, recipientId: r.id, type: 'machine_open', occurredAt: new Date(), data: { link: 'open' } })),
          );
        }),
      };
      progress(`events: measured at ${label}`);
      return figures;
    };

    await growTo(baseSize);
    const base = await measure(`${baseSize.toLocaleString('en')} rows`);
    const seedMs = await timeIt(() => growTo(fullSize));
    report(`events: grow the table to ${fullSize.toLocaleString('en')} rows (${engine})`, `${(seedMs / 1000).toFixed(0)} s`, '');
    const full = await measure(`${fullSize.toLocaleString('en')} rows`);
    const [{ bytes }] = (await db.execute(sql`select pg_total_relation_size('events')::bigint as bytes`)).rows as [{ bytes: string }];
    report(`events: table and indexes at ${fullSize.toLocaleString('en')} rows (${engine})`, `${(Number(bytes) / 1024 / 1024 / 1024).toFixed(2)} GiB`, '');
    for (const [key, name] of [
      ['consumer', 'a consumer batch of 500 from a random cursor'],
      ['tracking', 'a tracking hit’s lookup (recipient, limit, recent hits)'],
      ['history', 'GET a person’s simulation history'],
      ['append', 'an event-writer flush of 200 rows'],
    ] as const) {
      report(
        `events at ${fullSize.toLocaleString('en')}: ${name} (${engine})`,
        `p50 ${full[key].p50.toFixed(1)} / p95 ${full[key].p95.toFixed(1)} ms`,
        `p95 ${base[key].p95.toFixed(1)} ms at ${baseSize.toLocaleString('en')}`,
        full[key].p95 / base[key].p95,
      );
    }
  } finally {
    await app.close();
    await connection.close();
    await jwks.close();
  }
};

