import { type AnyPgColumn, bigint, foreignKey, index, jsonb, pgTable, real, timestamp, uuid } from 'drizzle-orm/pg-core';
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
