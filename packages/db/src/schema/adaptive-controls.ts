import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';

/** What sets a rule off: a score at or above a threshold, or N failed simulations within D days. */
export type AdaptiveTrigger = { kind: 'score_at_least'; threshold: number } | { kind: 'failures_within'; count: number; days: number };
/** What a firing does; each can be undone when it lifts. */
export type AdaptiveActions = { assignModuleId: string | null; notifyManager: boolean; requireMfa: boolean; sessionMaxMinutes: number | null };

/** An admin's rule (modules/adaptive-controls): when a person's risk crosses it, act. */
export const adaptiveControlRules = pgTable(
  'adaptive_control_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    name: text().notNull(),
    trigger: jsonb().$type<AdaptiveTrigger>().notNull(),
    actions: jsonb().$type<AdaptiveActions>().notNull(),
    enabled: boolean().notNull().default(true),
    createdByPersonId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId)],
);

/**
 * A rule that fired for a person: what it did, and when and why it lifted. At most one open firing
 * per rule and person (the partial unique index), so a rule never fires twice on the same person.
 */
export const adaptiveControlFirings = pgTable(
  'adaptive_control_firings',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    ruleId: uuid()
      .notNull()
      .references(() => adaptiveControlRules.id, { onDelete: 'cascade' }),
    personId: uuid().notNull(),
    firedAt: timestamp({ withTimezone: true }).notNull(),
    /** What the firing applied: the assignment made, whether the manager was told, the identity actions. */
    applied: jsonb().$type<Record<string, unknown>>().notNull(),
    liftedAt: timestamp({ withTimezone: true }),
    /** `recovered` (the trigger no longer holds), `admin` (lifted by hand), `rule` (the rule was deleted or turned off). */
    liftedReason: text(),
    liftedByPersonId: uuid(),
  },
  (t) => [
    uniqueIndex('adaptive_control_firings_open_idx').on(t.ruleId, t.personId).where(sql`${t.liftedAt} is null`),
    index().on(t.organizationId, t.firedAt.desc(), t.id),
    index().on(t.organizationId, t.personId),
  ],
);

export type AdaptiveControlRuleRow = typeof adaptiveControlRules.$inferSelect;
export type AdaptiveControlFiringRow = typeof adaptiveControlFirings.$inferSelect;
