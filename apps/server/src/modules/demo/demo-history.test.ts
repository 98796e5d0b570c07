import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { campaignRecipients, campaignStats, campaigns, events, organizations, riskDailySnapshots, riskPersonScores, trainingAssignments } from '@vigil/db';
import { buildPhishApp } from '../../phish-app.ts';
import { useTestApp } from '../../test/test-app.ts';
import type { EventWriter } from '../events/event-writer.ts';
import { syncBuiltinContent } from '../phishing/builtin-content.ts';
import { replayPersonScore } from '../risk/risk.repository.ts';
import { syncBuiltinLessons } from '../training/library/builtin-lessons.ts';
import { demoCompanies } from './demo-companies.ts';
import { playDemoHistory } from './demo-history.ts';
import { demoId } from './demo-ids.ts';
import { seedDemo } from './demo-seed.ts';

const t = useTestApp({}, { embeddedAuth: true });
let listener: FastifyInstance & { eventWriter: EventWriter };

beforeAll(async () => {
  await syncBuiltinContent(t.db);
  await syncBuiltinLessons(t.db);
  await seedDemo(t.db);
  listener = (await buildPhishApp({ config: t.config, connection: t.connection, secrets: t.app.secrets, logger: false })) as typeof listener;
  await listener.ready();
}, 120_000);

afterAll(async () => {
  await listener?.close();
});

const dayMs = 24 * 60 * 60 * 1000;

it(
  'plays six months of simulations and remedial training through the send path, the listener and the learner service, at their past dates; scores follow from the log',
  async () => {
    // The smallest company, whose mail gateway probes links (the listener must tell it from people).
    const company = demoCompanies.find((candidate) => candidate.slug === 'harbor-pike-legal')!;
    const organizationId = demoId(company.slug);
    const today = new Date('2026-11-24T12:00:00Z');
    const services = { db: t.db, secrets: t.app.secrets, config: t.config, jobs: t.app.jobs, listener, signIns: t.app.authProvider.events };

    expect(await playDemoHistory(services, { today, companies: [company] })).toEqual({ campaigns: 6 });

    // Six completed campaigns, every lure sent, a month apart, the last about four weeks ago.
    const played = await t.db
      .select({ id: campaigns.id, kind: campaigns.kind, status: campaigns.status, launchedAt: campaigns.launchedAt, recipients: campaignStats.recipients, sent: campaignStats.sent, clicked: campaignStats.clicked, reported: campaignStats.reported, machineClicks: campaignStats.machineClicks })
      .from(campaigns)
      .innerJoin(campaignStats, eq(campaignStats.campaignId, campaigns.id))
      .where(eq(campaigns.organizationId, organizationId))
      .orderBy(asc(campaigns.launchedAt));
    expect(played).toHaveLength(6);
    for (const campaign of played) {
      expect(campaign.status).toBe('completed');
      expect(campaign.sent).toBe(campaign.recipients);
    }
    const ages = played.map((campaign) => (today.getTime() - campaign.launchedAt!.getTime()) / dayMs);
    expect(ages[0]).toBeGreaterThan(170);
    expect(ages.at(-1)).toBeGreaterThan(25);
    expect(ages.at(-1)).toBeLessThan(35);

    // People fall for less and report more as the months go by; the gateway's probes are machine clicks.
    const rate = (campaign: (typeof played)[number], count: number) => count / campaign.recipients;
    const firstHalf = played.slice(0, 3);
    const secondHalf = played.slice(3);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(secondHalf.map((c) => rate(c, c.clicked)))).toBeLessThan(mean(firstHalf.map((c) => rate(c, c.clicked))));
    expect(mean(secondHalf.map((c) => rate(c, c.reported)))).toBeGreaterThan(mean(firstHalf.map((c) => rate(c, c.reported))));
    const total = (count: (campaign: (typeof played)[number]) => number) => played.reduce((sum, campaign) => sum + count(campaign), 0);
    expect(total((campaign) => campaign.clicked)).toBeGreaterThan(10);
    expect(total((campaign) => campaign.reported)).toBeGreaterThan(10);
    expect(total((campaign) => campaign.machineClicks)).toBeGreaterThan(10);

    // Every event of the history happened at its past time, none in the last three weeks.
    const [span] = (
      (await t.db.execute(sql`
        select min(occurred_at) as first, max(occurred_at) as last, count(*)::int as count from ${events}
        where ${events.organizationId} = ${organizationId} and ${events.campaignId} is not null and ${events.type} in ('sent', 'opened', 'clicked', 'submitted', 'reported', 'machine_click', 'qr_scanned', 'attachment_opened')`)) as unknown as { rows: [{ first: string; last: string; count: number }] }
    ).rows;
    expect(span.count).toBeGreaterThan(500);
    expect(today.getTime() - new Date(span.last).getTime()).toBeGreaterThan(20 * dayMs);
    expect(today.getTime() - new Date(span.first).getTime()).toBeLessThan(200 * dayMs);

    // The people the README names keep their simple story: no lure reached them.
    const named = ['seat-admin', 'seat-end-user', 'seat-direct-manager'].map((key) => demoId(company.slug, 'person', key));
    expect(await t.db.select({ id: campaignRecipients.id }).from(campaignRecipients).where(and(eq(campaignRecipients.organizationId, organizationId), inArray(campaignRecipients.personId, named)))).toEqual([]);

    // Failures brought remedial lessons (assigned by the consumer); most were taken, some are still open.
    const remedial = await t.db
      .select({ status: trainingAssignments.status, assignedAt: trainingAssignments.assignedAt, completedAt: trainingAssignments.completedAt })
      .from(trainingAssignments)
      .where(and(eq(trainingAssignments.organizationId, organizationId), eq(trainingAssignments.reason, 'remedial')));
    const completed = remedial.filter((assignment) => assignment.status === 'completed');
    expect(completed.length).toBeGreaterThan(remedial.length / 2);
    expect(remedial.some((assignment) => assignment.status === 'assigned')).toBe(true);
    expect(completed.every((assignment) => assignment.completedAt! > assignment.assignedAt && assignment.completedAt! < today)).toBe(true);

    // Scores come from the log: varied, and each equal to a replay of the person's own events.
    const scores = await t.db.select().from(riskPersonScores).where(eq(riskPersonScores.organizationId, organizationId));
    expect(scores.length).toBeGreaterThan(50);
    expect(scores.some((row) => row.score > 30)).toBe(true);
    expect(scores.some((row) => row.score === 0)).toBe(true);
    const riskiest = scores.toSorted((a, b) => b.score - a.score)[0]!;
    const replayed = await replayPersonScore(t.db, { organizationId }, riskiest.personId, riskiest.computedAt, riskiest.lastEventId);
    expect(replayed!.breakdown.score).toBeCloseTo(riskiest.score, 5);

    // The trend reaches back over the months the history covers, computed from the log week by week.
    const trend = await t.db.select().from(riskDailySnapshots).where(and(eq(riskDailySnapshots.organizationId, organizationId), eq(riskDailySnapshots.subjectKind, 'organization'))).orderBy(asc(riskDailySnapshots.day));
    expect(trend.length).toBeGreaterThanOrEqual(26);
    expect(trend.some((point) => point.score > 0)).toBe(true);
    expect(trend.at(-1)!.day).toBe('2026-11-24');

    // Three weeks of sign-ins went through the provider's recorder: its own record keeps them with
    // their countries, and the anomaly rules found phones, trips, stolen passwords and a lockout.
    const signIns = (
      (await t.db.execute(sql`
        select type, data->>'rule' as rule, count(*)::int as count, min(occurred_at) as first from ${events}
        where ${events.organizationId} = ${organizationId} and ${events.type} in ('sign_in', 'sign_in_failed', 'sign_in_blocked', 'sign_in_anomaly') group by 1, 2`)) as unknown as { rows: { type: string; rule: string | null; count: number; first: string }[] }
    ).rows;
    const counted = (type: string, rule: string | null = null) => signIns.find((row) => row.type === type && row.rule === rule)?.count ?? 0;
    expect(counted('sign_in')).toBeGreaterThan(scores.length);
    expect(counted('sign_in_failed')).toBeGreaterThan(5);
    expect(counted('sign_in_blocked')).toBe(1);
    expect(counted('sign_in_anomaly', 'impossible_travel')).toBe(2);
    expect(counted('sign_in_anomaly', 'lockout_burst')).toBe(1);
    expect(counted('sign_in_anomaly', 'new_device')).toBeGreaterThan(3);
    expect(counted('sign_in_anomaly', 'new_country')).toBeGreaterThanOrEqual(2);
    expect(Math.min(...signIns.map((row) => today.getTime() - new Date(row.first).getTime()))).toBeLessThan(22 * dayMs);
    const [recorded] = (
      (await t.db.execute(sql`select count(*)::int as count, count(country)::int as located from auth.auth_events where tenant_id = ${organizationId} and event = 'signin'`)) as unknown as { rows: [{ count: number; located: number }] }
    ).rows;
    expect(recorded.count).toBe(counted('sign_in') + counted('sign_in_failed') + counted('sign_in_blocked'));
    expect(recorded.located).toBe(recorded.count);

    // A company still onboarding keeps that story: its first month was an ordinary simulation, not
    // an initial testing that would have completed its baseline.
    expect(played.map((campaign) => campaign.kind)).toEqual(['standard', 'standard', 'standard', 'adaptive', 'adaptive', 'adaptive']);
    const [organization] = await t.db.select({ isBraCompleted: organizations.isBraCompleted }).from(organizations).where(eq(organizations.id, organizationId));
    expect(organization?.isBraCompleted).toBe(false);

    // Played once: a restart leaves it as it is.
    expect(await playDemoHistory(services, { today, companies: [company] })).toEqual({ campaigns: 0 });
  },
  600_000,
);
