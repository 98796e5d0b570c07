/**
 * Benchmarks, each printed against a baseline measured in the same process, so the ratios hold
 * from one machine to another. Run with `npm run bench`.
 */
import { eq } from 'drizzle-orm';
import { applyMigrations, openDatabase, people } from '@vigil/db';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/modules/demo/demo-seed.ts';
import { startTestJwksServer } from '../apps/server/src/test/test-jwks-server.ts';

const projectId = 'P2benchproject000000000000000';

const timeIt = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

const perSecond = async (count: number, run: () => Promise<unknown>) => {
  for (let i = 0; i < Math.min(200, count); i++) await run(); // warm up
  const ms = await timeIt(async () => {
    for (let i = 0; i < count; i++) await run();
  });
  return (count / ms) * 1000;
};

const rows: string[][] = [];
const report = (name: string, value: string, baseline: string, ratio: number) => {
  rows.push([name, value, baseline, ratio.toFixed(2)]);
};

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
await connection.close();
await jwks.close();

const widths = [0, 1, 2, 3].map((i) => Math.max(...[['benchmark', 'value', 'baseline', 'ratio'], ...rows].map((r) => r[i]!.length)));
for (const row of [['benchmark', 'value', 'baseline', 'ratio'], ...rows]) {
  console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}
