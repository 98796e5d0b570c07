import { type AnyPgColumn, bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from './people.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

/**
 * Each person's risk score as the risk projection last computed it from their event log (see
 * apps/server/src/modules/risk): a projection, rebuilt by replaying the log, never edited by hand.
 */
export const riskPersonScores = pgTable(
  'risk_person_scores',
  {
    organizationId: tenantOwnerColumn(),
    personId: uuid().primaryKey(),
    score: real().notNull(),
    /** A RiskBreakdown (packages/contracts/src/risk.ts). */
    breakdown: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The last event of the person's log the score includes. */
    lastEventId: bigint({ mode: 'number' }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.personId], foreignColumns: [people.organizationId, people.id] as [AnyPgColumn, AnyPgColumn] }).onDelete('cascade'),
    // Riskiest first, paged by key.
    index().on(t.organizationId, t.score.desc(), t.personId),
  ],
);

export type RiskPersonScoreRow = typeof riskPersonScores.$inferSelect;

/**
 * A group's risk on one day, kept so the trend survives the decay that moves every score daily:
 * the organisation (subject id = its own id) and each department, as `aggregate` computes them
 * (mean, 95 % bound, people). Written by the daily risk job; the first run fills the past months
 * from the event log (modules/risk/risk-snapshots.ts).
 */
export const riskDailySnapshots = pgTable(
  'risk_daily_snapshots',
  {
    organizationId: tenantOwnerColumn(),
    day: date({ mode: 'string' }).notNull(),
    subjectKind: text().$type<'organization' | 'department'>().notNull(),
    subjectId: uuid().notNull(),
    score: real().notNull(),
    lower: real().notNull(),
    upper: real().notNull(),
    people: integer().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.subjectKind, t.subjectId, t.day] })],
);

export type RiskDailySnapshotRow = typeof riskDailySnapshots.$inferSelect;
