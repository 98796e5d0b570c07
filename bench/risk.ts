/**
 * Human risk at scale (issue 11: "seed 100,000 people and 10 million events; organisation,
 * department and person insights API p95 ≤ 150 ms on PostgreSQL and a score recomputation of one
 * event ≤ 50 ms"). One organisation of BENCH_RISK_PEOPLE people in 40 departments with a manager
 * hierarchy, BENCH_RISK_EVENTS events of theirs over the past year (generate_series), every score
 * rebuilt through the real `storePersonScore`, then:
 * - one event's recomputation: append a click for a person and store their score, as the risk
 *   consumer does per person it touches (baseline: a `select 1` round trip in a transaction);
 * - the insights routes through app.inject as an admin (baseline: GET /livez).
 *
 * `bash scripts/with-postgres.sh npm run bench -- risk` (PostgreSQL), `npm run bench -- risk` (PGlite).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { applyMigrations, openDatabase } from '@vigil/db';
import { applyAuthMigrations } from '@vigil/auth-provider';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { appendEvents } from '../apps/server/src/modules/events/events.repository.ts';
import { storePersonScore } from '../apps/server/src/modules/risk/risk.repository.ts';
import { buildOrganization, buildPerson } from '../apps/server/src/test/factories.ts';
import { startTestJwksServer } from '../apps/server/src/test/test-jwks-server.ts';
import { benchDatabaseUrl, benchEngine, latencies, progress, report, timeIt, wholeFromEnv } from './lib.ts';

const projectId = 'P2benchproject000000000000000';
const databaseUrl = benchDatabaseUrl;
const engine = benchEngine;
const whole = wholeFromEnv;

const departmentCount = 40;
/** How many rows one insert statement writes while seeding. */
const chunk = 1_000_000;

export const runRiskBenchmarks = async () => {
  const peopleCount = whole('BENCH_RISK_PEOPLE', databaseUrl ? 100_000 : 5_000);
  const eventCount = whole('BENCH_RISK_EVENTS', databaseUrl ? 10_000_000 : 200_000);
  const jwks = await startTestJwksServer(projectId);
  const connection = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' });
  await applyMigrations(connection);
  await applyAuthMigrations(connection);
  const { db } = connection;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_PROJECT_ID: projectId, AUTH_BASE_URL: jwks.baseUrl, ...(databaseUrl ? { DATABASE_URL: databaseUrl, JOBS_IN_PROCESS: 'false' } : {}) });
  const app = await buildApp({ config, connection });
  await app.ready();
  try {
    const organization = await buildOrganization(db, { name: 'Risk at Scale Ltd' });
    const org = organization.id;
    const admin = await buildPerson(db, org, { role: 'Admin' });

    progress(`risk: ${peopleCount.toLocaleString('en')} people in ${departmentCount} departments, in teams of eight under leads under department heads`);
    await db.execute(sql`insert into departments (organization_id, name) select ${org}, 'Department ' || g from generate_series(1, ${departmentCount}::int) g`);
    // People are numbered: 1–40 head a department each; every ninth person after leads a team of the
    // next eight; the leads report to their department's head.
    await db.execute(sql`
      with numbered as (select g, d.id as department_id from generate_series(1, ${peopleCount}::int) g
        join (select id, row_number() over (order by name) as n from departments where organization_id = ${org}) d on d.n = 1 + g % ${departmentCount}::int)
      insert into people (organization_id, first_name, last_name, email, department_id, job_title, role)
      select ${org}, 'Scale', 'Person ' || g, 'scale.' || g || '@risk.example', department_id,
        case when g % 50 = 0 then 'Accounts Payable Clerk' else 'Analyst' end,
        case when g <= ${departmentCount}::int then 'Manager'::role else 'User'::role end
      from numbered`);
    // The hierarchy is worked out here and written in chunks: a self-join of 100,000 rows in SQL takes minutes.
    const staff = ((await db.execute(sql`select id, department_id as "departmentId" from people where organization_id = ${org} and email like 'scale.%' order by department_id, email`)) as unknown as {
      rows: { id: string; departmentId: string }[];
    }).rows;
    const managerOf: [string, string][] = [];
    let head = '';
    let lead = '';
    let position = 0;
    staff.forEach((person, index) => {
      position = index > 0 && staff[index - 1]!.departmentId === person.departmentId ? position + 1 : 0;
      if (position === 0) head = person.id;
      else if ((position - 1) % 9 === 0) {
        lead = person.id;
        managerOf.push([person.id, head]);
      } else managerOf.push([person.id, lead]);
    });
    for (let i = 0; i < managerOf.length; i += 5_000) {
      const values = sql.join(managerOf.slice(i, i + 5_000).map(([id, manager]) => sql`(${id}::uuid, ${manager}::uuid)`), sql`, `);
      await db.execute(sql`update people p set manager_id = v.manager from (values ${values}) as v(id, manager) where p.id = v.id`);
    }

    progress(`risk: ${eventCount.toLocaleString('en')} events over the past year`);
    const ids = sql`(select array_agg(id order by email) from people where organization_id = ${org} and email like 'scale.%')`;
    const seedMs = await timeIt(async () => {
      for (let done = 0; done < eventCount; done += chunk) {
        const rows = Math.min(chunk, eventCount - done);
        progress(`risk: events ${done.toLocaleString('en')} to ${(done + rows).toLocaleString('en')}`);
        await db.execute(sql`
          with people_ids as (select ${ids} as a)
          insert into events (organization_id, person_id, campaign_id, recipient_id, type, occurred_at, data)
          select ${org}, a[1 + (g * 7919) % ${peopleCount}::bigint], null, gen_random_uuid(),
            (array['sent', 'sent', 'opened', 'sent', 'opened', 'reported', 'clicked', 'sent', 'opened', 'machine_click', 'sent', 'submitted', 'training_completed', 'sent', 'opened', 'training_failed', 'sent', 'opened', 'qr_scanned', 'sent'])[1 + g % 20],
            now() - ((g * 104729) % 31536000) * interval '1 second', '{}'::jsonb
          from people_ids, generate_series(${done + 1}::bigint, ${done + rows}::bigint) g`);
      }
      await db.execute(sql`analyze`);
    });
    report(`risk: seed ${eventCount.toLocaleString('en')} events (${engine})`, `${(seedMs / 1000).toFixed(0)} s`, '');

    // Every score, through the code the consumer and the daily job use.
    const everyone = ((await db.execute(sql`select id from people where organization_id = ${org} order by id`)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    const now = new Date();
    const rebuildMs = await timeIt(async () => {
      for (let i = 0; i < everyone.length; i += 500) {
        if (i % 10_000 === 0) progress(`risk: scores ${i.toLocaleString('en')} of ${everyone.length.toLocaleString('en')}`);
        await db.transaction(async (tx) => {
          for (const personId of everyone.slice(i, i + 500)) await storePersonScore(tx, { organizationId: org }, personId, now);
        });
      }
    });
    report(`risk: every score rebuilt from the log (${everyone.length.toLocaleString('en')} people, ${engine})`, `${((everyone.length / rebuildMs) * 1000).toFixed(0)} people/s`, `${(rebuildMs / 1000).toFixed(0)} s`);

    const pick = () => everyone[Math.floor(Math.random() * everyone.length)]!;
    const baseline = await latencies(200, () => db.transaction(async (tx) => tx.execute(sql`select 1`)));
    const recompute = await latencies(200, async () => {
      const personId = pick();
      await appendEvents(db, [{ organizationId: org, personId, recipientId: randomUUID(), type: 'clicked', occurredAt: new Date(), data: {} }]);
      await db.transaction(async (tx) => storePersonScore(tx, { organizationId: org }, personId, new Date()));
    });
    report(`risk: one event's recomputation (append + store the person's score, ${engine})`, `p50 ${recompute.p50.toFixed(1)} / p95 ${recompute.p95.toFixed(1)} ms`, `p95 ${baseline.p95.toFixed(1)} ms select 1 in a transaction`, recompute.p95 / baseline.p95);

    const [department] = ((await db.execute(sql`select id from departments where organization_id = ${org} limit 1`)) as unknown as { rows: { id: string }[] }).rows;
    // Minted now: a session token lives ten minutes, less than the seed at full size takes.
    const headers = { authorization: `Bearer ${await jwks.mintSessionToken({ sub: admin.authUserId! })}` };
    const bare = await latencies(50, () => app.inject({ url: '/livez' }));
    const routes: [string, () => string][] = [
      ['GET /api/insights/organization/risk/', () => '/api/insights/organization/risk/'],
      ['GET /api/insights/departments/', () => '/api/insights/departments/'],
      ['GET /api/insights/people/summary/?departmentId=', () => `/api/insights/people/summary/?departmentId=${department!.id}`],
      ['GET /api/insights/people/ (first page, riskiest)', () => '/api/insights/people/?limit=50'],
      ['GET /api/insights/people/?departmentId=', () => `/api/insights/people/?departmentId=${department!.id}&limit=50`],
      ['GET /api/insights/people/{id}/', () => `/api/insights/people/${pick()}/`],
      ['GET /api/reports/executive/?days=90', () => '/api/reports/executive/?days=90'],
    ];
    for (const [name, url] of routes) {
      const measured = await latencies(50, async () => {
        const response = await app.inject({ url: url(), headers });
        if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      });
      report(`risk: ${name} at ${peopleCount.toLocaleString('en')} people (${engine})`, `p50 ${measured.p50.toFixed(1)} / p95 ${measured.p95.toFixed(1)} ms`, `p95 ${bare.p95.toFixed(1)} ms /livez`, measured.p95 / bare.p95);
    }
  } finally {
    await app.close();
    await connection.close();
    await jwks.close();
  }
};
