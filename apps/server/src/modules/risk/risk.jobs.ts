import { and, asc, gt, lt } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, riskPersonScores } from '@vigil/db';
import { defineJob } from '../../lib/jobs.ts';
import { storePersonScore } from './risk.repository.ts';
import { keepRiskTrend } from './risk-snapshots.ts';
import { rebuildGroupTotals } from './risk-totals.ts';

const batchSize = 500;

/**
 * Re-applies the recency decay: a score computed before `now`'s day is recomputed at `now` from the
 * person's log (nothing new happened to them, but their old mistakes weigh less each day). Batches
 * by person id, each in its own transaction; idempotent, a second run the same day finds nothing.
 */
export const refreshRiskScores = async (db: Db, now: Date) => {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let after = '00000000-0000-0000-0000-000000000000';
  let refreshed = 0;
  for (;;) {
    const stale = await db
      .select({ personId: riskPersonScores.personId, organizationId: riskPersonScores.organizationId })
      .from(riskPersonScores)
      .where(and(gt(riskPersonScores.personId, after), lt(riskPersonScores.computedAt, dayStart)))
      .orderBy(asc(riskPersonScores.personId))
      .limit(batchSize);
    if (stale.length === 0) return refreshed;
    await db.transaction(async (tx) => {
      for (const row of stale) await storePersonScore(tx, { organizationId: row.organizationId }, row.personId, now);
    });
    refreshed += stale.length;
    after = stale.at(-1)!.personId;
  }
};

/**
 * Each organisation with scores: its group totals rebuilt from the scores (so people who moved or
 * left since their last score count where they are now), then today's snapshot (and, on its first
 * day, the past months' from its log).
 */
export const snapshotRiskTrends = async (db: Db, now: Date) => {
  const organizations = await db.selectDistinct({ organizationId: riskPersonScores.organizationId }).from(riskPersonScores);
  for (const { organizationId } of organizations) {
    await rebuildGroupTotals(db, { organizationId }, now);
    await keepRiskTrend(db, { organizationId }, now);
  }
  return organizations.length;
};

/** Daily, early: every stored score decayed to today (see `refreshRiskScores`), then the day's snapshots. */
export const refreshRiskScoresJob = defineJob({
  name: 'risk.refresh',
  payload: z.object({ now: z.iso.datetime({ offset: true }).optional() }),
  schedule: { cron: '17 2 * * *', payload: {} },
  policy: 'stately',
  handler: async (payload, context) => {
    const now = payload.now ? new Date(payload.now) : new Date();
    const refreshed = await refreshRiskScores(context.db, now);
    const organizations = await snapshotRiskTrends(context.db, now);
    context.log.info({ refreshed, organizations }, 'risk scores decayed to today and the day’s trend points kept');
  },
});
