/**
 * Benchmarks, each printed against a baseline measured in the same process, so the ratios hold
 * from one machine to another. Run with `npm run bench`; `npm run bench -- phishing` (or `core`)
 * runs one suite.
 */
import { eq } from 'drizzle-orm';
import { applyMigrations, openDatabase, people } from '@vigil/db';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoLogins } from '../apps/server/src/modules/demo/demo-logins.ts';
import { seedDemo } from '../apps/server/src/modules/demo/demo-seed.ts';
import { startTestJwksServer } from '../apps/server/src/test/test-jwks-server.ts';
import { printReport, report, timeIt } from './lib.ts';
import { runEventBenchmarks } from './events.ts';
import { runPhishingBenchmarks } from './phishing.ts';
import { runRiskBenchmarks } from './risk.ts';

const projectId = 'P2benchproject000000000000000';

const perSecond = async (count: number, run: () => Promise<unknown>) => {
  for (let i = 0; i < Math.min(200, count); i++) await run(); // warm up
  const ms = await timeIt(async () => {
    for (let i = 0; i < count; i++) await run();
  });
  return (count / ms) * 1000;
};

/** The foundation's figures: demo seed, session + tenant cost, the provider's enumeration timing. */
const runCoreBenchmarks = async () => {
  const jwks = await startTestJwksServer(projectId);
  const connection = await openDatabase({ kind: 'pglite' });
  await applyMigrations(connection);

  const seedMs = await timeIt(() => seedDemo(connection.db));
  const budgetMs = 10_000;
  report('demo seed on PGlite (1,528 people)', `${seedMs.toFixed(0)} ms`, `${budgetMs} ms budget`, seedMs / budgetMs);

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_PROJECT_ID: projectId, AUTH_BASE_URL: jwks.baseUrl });
  const app = await buildApp({ config, connection });
  await app.ready();
  const [operator] = await connection.db.select().from(people).where(eq(people.email, 'demo@vigil.example'));
  const authorization = `Bearer ${await jwks.mintSessionToken({ sub: operator!.authUserId! })}`;

  const requests = 2000;
  const bare = await perSecond(requests, () => app.inject({ url: '/livez' }));
  for (const url of ['/api/personal_user_data/', '/api/mssp_company_list/']) {
    const measured = await perSecond(requests, () => app.inject({ url, headers: { authorization } }));
    report(`GET ${url} (session + tenant + queries)`, `${measured.toFixed(0)} req/s`, `${bare.toFixed(0)} req/s /livez`, measured / bare);
  }

  await app.close();

  // Account enumeration by timing: an unknown login id must cost what a known one costs.
  const { applyAuthMigrations, createAuthManagement } = await import('@vigil/auth-provider');
  await applyAuthMigrations(connection);
  await seedDemoLogins(connection.db, createAuthManagement(connection.db), 'bench-demo-password');
  const embedded = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_PROJECT_ID: projectId, PUBLIC_URL: 'http://vigil.bench', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-!!' }),
    connection,
  });
  await embedded.ready();
  const providerCall = (path: string, body: object) =>
    embedded.inject({ method: 'POST', url: `/v1/auth${path}`, headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  // The provider limits attempts per login id; a fresh id per call keeps the limiter out of the figures.
  const knownEmails = (await connection.db.select({ email: people.email }).from(people).limit(400)).map((p) => p.email);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, path, body, count] of [
    ['password sign-in, wrong password', '/password/signin', (loginId: string) => ({ loginId, password: 'not the password at all' }), 40],
    ['email code request', '/otp/signin/email', (loginId: string) => ({ loginId }), 150],
  ] as const) {
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, one request at a time, with a pause so work sent to the background settles: what an
    // attacker sees is each answer's own latency.
    for (let i = 0; i < count + 10; i++) {
      const a = await timeIt(() => providerCall(path, body(knownEmails[i]!)));
      await new Promise((r) => setTimeout(r, 5));
      const b = await timeIt(() => providerCall(path, body(`nobody.${i}@nowhere.example`)));
      await new Promise((r) => setTimeout(r, 5));
      if (i >= 10) {
        known.push(a);
        unknown.push(b);
      }
    }
    report(`${name}: unknown vs known login id (median)`, `${median(unknown).toFixed(1)} ms`, `${median(known).toFixed(1)} ms known`, median(unknown) / median(known));
  }
  await embedded.close();
  await connection.close();
  await jwks.close();
};

const suites = { core: runCoreBenchmarks, phishing: runPhishingBenchmarks, events: runEventBenchmarks, risk: runRiskBenchmarks };
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in suites));
if (unknown.length > 0) throw new Error(`Unknown benchmark suite ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}`);
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
printReport();
