import { type ChildProcess, spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '@vigil/db';
import { createPruneAuditLogJob } from './modules/audit-log/audit-log.jobs.ts';
import { buildOrganization } from './test/factories.ts';
import { useTestApp } from './test/test-app.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const t = useTestApp();
let worker: ChildProcess | undefined;
let output = '';

afterAll(async () => {
  if (!worker || worker.exitCode !== null) return;
  const exited = new Promise((done) => worker!.once('exit', done));
  worker.kill('SIGTERM');
  await exited;
});

// A separate worker process needs a database several processes can open: this runs in the
// PostgreSQL pass of the test command.
describe.skipIf(!postgresUrl)('npm run worker: jobs run in their own process', () => {
  it('picks up a job the server enqueued, while the server runs none itself', async () => {
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: `${import.meta.dirname}/..`,
      env: { ...process.env, DATABASE_URL: postgresUrl, LOG_LEVEL: 'info', AUTH_SECRET: 'test-secret-for-the-embedded-provider-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 30_000 }).toContain('Vigil worker is running jobs');

    const org = await buildOrganization(t.db);
    await t.db.insert(auditLog).values({ organizationId: org.id, action: 'test.old', createdAt: new Date(Date.now() - 400 * 86_400_000) });
    // The test app never started its own workers: only the separate process can run this.
    await t.app.jobs.send(createPruneAuditLogJob(30), { retentionDays: 30 });
    await expect
      .poll(async () => (await t.db.select().from(auditLog).where(eq(auditLog.organizationId, org.id))).length, { timeout: 30_000, interval: 250 })
      .toBe(0);
    expect(output).toContain('pruned audit log');
  });
});

describe.skipIf(postgresUrl)('npm run worker on the embedded database', () => {
  it('refuses to start, and says why', async () => {
    const refused = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: `${import.meta.dirname}/..`,
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    refused.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const code = await new Promise((done) => refused.once('exit', done));
    expect(code).toBe(1);
    expect(said).toContain('npm run worker needs DATABASE_URL');
  });
});
