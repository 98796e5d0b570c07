import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { type DatabaseConnection, campaignDepartmentStats, campaignHourlyStats, campaignRecipients, campaignStats, eventCursors, events } from '@vigil/db';
import { loadConfig } from '../../config.ts';
import type { JobContext } from '../../lib/jobs.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { buildTrackedRecipient } from '../../test/tracking-factories.ts';
import { consumeEventsJob, consumeEventsSoon } from './events.jobs.ts';
import { startTestApp } from '../../test/test-app.ts';
import { sql } from 'drizzle-orm';
import { appendEvents } from './events.repository.ts';

describe('events.consume: campaign projections', () => {
  let connection: DatabaseConnection;
  const secrets = createSecretBox(Buffer.from('test-secret-for-the-projection-job-0123456789'));
  beforeAll(async () => {
    connection = await openTestDatabase();
  });
  afterAll(async () => connection?.close());

  const run = () => consumeEventsJob.handler({}, { db: connection.db, log: pino({ level: 'silent' }), config: loadConfig({}), secrets } as unknown as JobContext);

  it('sets each first-time column once and counts each outcome once per recipient; a second run changes nothing', async () => {
    const { recipient, campaign } = await buildTrackedRecipient(connection.db, secrets);
    const other = await buildTrackedRecipient(connection.db, secrets);
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, seconds));
    const of = (r: typeof recipient) => ({ organizationId: r.organizationId, personId: r.personId, campaignId: r.campaignId, recipientId: r.id });
    await appendEvents(connection.db, [
      { ...of(recipient), type: 'sent', occurredAt: at(0) },
      { ...of(recipient), type: 'machine_click', occurredAt: at(1), data: { rule: 'soon-after-delivery' } },
      { ...of(recipient), type: 'opened', occurredAt: at(10) },
      { ...of(recipient), type: 'opened', occurredAt: at(20) },
      { ...of(recipient), type: 'clicked', occurredAt: at(30) },
      { ...of(recipient), type: 'clicked', occurredAt: at(40) },
      { ...of(recipient), type: 'landing_visited', occurredAt: at(41) },
      { ...of(recipient), type: 'submitted', occurredAt: at(50), data: { fields: ['password'] } },
      { ...of(recipient), type: 'reported', occurredAt: at(60) },
      { ...of(other.recipient), type: 'sent', occurredAt: at(0) },
      { ...of(other.recipient), type: 'delivery_uncertain', occurredAt: at(1) },
      { ...of(other.recipient), type: 'delivery_uncertain', occurredAt: at(2) },
      // A report of a real message belongs to no campaign: no counter moves.
      { organizationId: recipient.organizationId, personId: recipient.personId, type: 'reported', occurredAt: at(70), data: { simulation: false } },
    ]);

    await run();
    const [row] = await connection.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, recipient.id));
    expect(row).toMatchObject({ openedAt: at(10), clickedAt: at(30), submittedAt: at(50), reportedAt: at(60), machineClickedAt: at(1), qrScannedAt: null });
    const statsOf = async (campaignId: string) => (await connection.db.select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId)))[0];
    expect(await statsOf(campaign.id)).toMatchObject({ sent: 1, opened: 1, clicked: 1, submitted: 1, reported: 1, machineClicks: 1, qrScanned: 0, uncertain: 0 });
    expect(await statsOf(other.campaign.id)).toMatchObject({ sent: 1, uncertain: 1, opened: 0 });

    // The results page's breakdowns: by the recipient's department, and by the hour of each first time.
    const breakdown = { sent: 1, opened: 1, clicked: 1, submitted: 1, reported: 1 };
    const departmentRows = async () => connection.db.select().from(campaignDepartmentStats).where(eq(campaignDepartmentStats.campaignId, campaign.id));
    const hourRows = async () => connection.db.select().from(campaignHourlyStats).where(eq(campaignHourlyStats.campaignId, campaign.id));
    expect(await departmentRows()).toEqual([expect.objectContaining({ departmentId: row!.departmentId, ...breakdown })]);
    expect(await hourRows()).toEqual([expect.objectContaining({ hour: new Date(Date.UTC(2026, 0, 5, 9)), ...breakdown })]);
    const beforeBreakdowns = { departments: await departmentRows(), hours: await hourRows() };

    const before = { recipients: await connection.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id)), stats: await statsOf(campaign.id) };
    await run();
    expect(await connection.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id))).toEqual(before.recipients);
    expect(await statsOf(campaign.id)).toEqual(before.stats);
    expect({ departments: await departmentRows(), hours: await hourRows() }).toEqual(beforeBreakdowns);
    const [cursor] = await connection.db.select().from(eventCursors).where(eq(eventCursors.consumer, 'campaign-projections'));
    const [last] = await connection.db.select({ id: events.id }).from(events).where(eq(events.recipientId, other.recipient.id)).orderBy(desc(events.id)).limit(1);
    expect(cursor!.lastEventId).toBeGreaterThanOrEqual(last!.id);
  });
});

describe('events.consume, soon after the listener writes', () => {
  it('asks for one run a few seconds ahead however many batches a burst writes, from one process or several', async () => {
    const connection = await openTestDatabase();
    const app = await startTestApp(connection);
    try {
      // The kicks' jobs carry the key "soon" (the minute schedule's have none): count those waiting.
      const waiting = async () =>
        ((await connection.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'events.consume' and state = 'created' and singleton_key = 'soon'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      await connection.db.execute(sql`delete from pgboss.job where name = 'events.consume' and state = 'created'`);
      const kick = consumeEventsSoon(app.app.jobs, app.app.log);
      const otherProcess = consumeEventsSoon(app.app.jobs, app.app.log);
      for (let batch = 0; batch < 50; batch++) kick();
      otherProcess();
      await expect.poll(waiting).toBe(1);
      await new Promise((done) => setTimeout(done, 200));
      expect(await waiting()).toBe(1);
    } finally {
      await app.close();
      await connection.close();
    }
  });
});
