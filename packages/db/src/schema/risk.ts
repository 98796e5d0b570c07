import { type AnyPgColumn, bigint, date, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** The department the score counts towards in risk_group_totals (the person's when it was stored). */
    departmentId: uuid(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.personId], foreignColumns: [people.organizationId, people.id] as [AnyPgColumn, AnyPgColumn] }).onDelete('cascade'),
    // Riskiest first, paged by key.
    index().on(t.organizationId, t.score.desc(), t.personId),
  ],
);

export type RiskPersonScoreRow = typeof riskPersonScores.$inferSelect;

/** What one group's stored scores add up to, for a factor: points summed, and how many people have it. */
export type RiskFactorTotals = Record<string, { points: number; people: number }>;

/**
 * The stored scores of an organisation summed per department (the nil uuid for people without
 * one), kept by delta each time a score is stored (modules/risk/risk-totals.ts) and rebuilt daily:
 * the organisation's and departments' risk pages read these few rows, not every score.
 */
export const riskGroupTotals = pgTable(
  'risk_group_totals',
  {
    organizationId: tenantOwnerColumn(),
    departmentKey: uuid().notNull(),
    scored: integer().notNull().default(0),
    scoreSum: doublePrecision().notNull().default(0),
    scoreSquareSum: doublePrecision().notNull().default(0),
    /** People with an overdue lesson, and how much their scores would drop without it (the what-if). */
    overduePeople: integer().notNull().default(0),
    overdueDrop: doublePrecision().notNull().default(0),
    factors: jsonb().$type<RiskFactorTotals>().notNull().default({}),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.departmentKey] })],
);

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
