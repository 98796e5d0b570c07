import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '@vigil/db';
import { buildOrganization } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createPruneAuditLogJob } from './audit-log.jobs.ts';

const t = useTestApp({ AUDIT_LOG_RETENTION_DAYS: '30' });
const pruneJob = createPruneAuditLogJob(30);
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

const buildAuditTrail = async () => {
  const org = await buildOrganization(t.db);
  await t.db.insert(auditLog).values([
    { organizationId: org.id, action: 'test.old', createdAt: daysAgo(45) },
    { organizationId: org.id, action: 'test.recent', createdAt: daysAgo(2) },
  ]);
  return org;
};
const actionsOf = async (organizationId: string) =>
  (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.organizationId, organizationId))).map((r) => r.action);

describe(`audit-log.prune on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs through the queue: a job sent is picked up by a worker and prunes old entries only', async () => {
    const org = await buildAuditTrail();
    await t.app.jobs.startWorkers();
    const jobId = await t.app.jobs.send(pruneJob, { retentionDays: 30 });
    expect(jobId).toBeTruthy();
    await expect.poll(() => actionsOf(org.id), { timeout: 20_000, interval: 250 }).toEqual(['test.recent']);
    await expect
      .poll(async () => (await t.app.jobs.boss.getJobById(pruneJob.name, jobId!))?.state, { timeout: 10_000 })
      .toBe('completed');
  });

  it('is safe to run twice: the second run changes nothing', async () => {
    const org = await buildAuditTrail();
    const context = t.jobContext;
    await pruneJob.handler({ retentionDays: 30 }, context);
    const afterFirst = await actionsOf(org.id);
    await pruneJob.handler({ retentionDays: 30 }, context);
    expect(await actionsOf(org.id)).toEqual(afterFirst);
    expect(afterFirst).toEqual(['test.recent']);
  });

  it('enqueues with the transaction: a rolled-back write leaves no job behind', async () => {
    const before = await t.app.jobs.boss.getQueueStats(pruneJob.name);
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.jobs.send(pruneJob, { retentionDays: 99 }, { tx });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const [{ n }] = (await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${pruneJob.name} and data->>'retentionDays' = '99'`,
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as [{ n: number }];
    expect(n).toBe(0);
    expect(before).toBeDefined();
  });

  it('refuses a payload that does not match its schema before it reaches the queue', async () => {
    await expect(t.app.jobs.send(pruneJob, { retentionDays: -1 })).rejects.toThrow();
  });

  it('is scheduled daily', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'audit-log.prune', cron: '17 3 * * *' })]));
  });
});
