import { date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';
import { trainingModules } from './training.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const trainingCadenceEnum = pgEnum('training_cadence', ['on_hire', 'annual', 'quarterly']);

/** What a cadence rule's last run did (shown beside the rule). */
export type CadenceLastRun = { period: string; at: string; assigned: number; alreadyAssigned: number };

/**
 * A rule that assigns a module to an audience on a cadence: on hire (each person once, on their
 * start date, within `new_hire_window_days`), every year from `anchor_date`, or every calendar
 * quarter. The assignments it makes carry its id and the period (see training_assignments'
 * cadence columns), which makes a run idempotent. Deleting a rule only marks it (`deleted_at`):
 * the assignments it made stay, and still name it.
 */
export const trainingCadenceRules = pgTable(
  'training_cadence_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    moduleId: uuid()
      .notNull()
      .references(() => trainingModules.id),
    /** The contract's audience: { kind, ids? }. */
    audience: jsonb().$type<{ kind: 'organization' | 'departments' | 'manager' | 'people'; ids?: string[] }>().notNull(),
    cadence: trainingCadenceEnum().notNull(),
    dueInDays: integer().notNull(),
    newHireWindowDays: integer().notNull().default(30),
    anchorDate: date({ mode: 'string' }).notNull(),
    /** The compliance framework that asked for the rule, if one did. */
    frameworkId: text(),
    pausedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdByPersonId: uuid(),
    lastRun: jsonb().$type<CadenceLastRun>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.organizationId, t.createdAt), index('training_cadence_rules_live_idx').on(t.deletedAt, t.pausedAt)],
);

export const trainingModuleRequestStatusEnum = pgEnum('training_module_request_status', ['requested', 'in_review', 'done', 'declined']);

/** A module an admin asked the operator to build: what it should teach, for whom, in which languages, by when. */
export const trainingModuleRequests = pgTable(
  'training_module_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    requestedByPersonId: uuid(),
    topic: text().notNull(),
    objectives: text().notNull(),
    audience: text().notNull().default(''),
    languages: text().array().notNull(),
    minutes: integer().notNull(),
    wantedBy: date({ mode: 'string' }),
    notes: text().notNull().default(''),
    status: trainingModuleRequestStatusEnum().notNull().default('requested'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.organizationId, t.createdAt, t.id)],
);

export type TrainingCadenceRuleRow = typeof trainingCadenceRules.$inferSelect;
export type NewTrainingCadenceRuleRow = typeof trainingCadenceRules.$inferInsert;
export type TrainingModuleRequestRow = typeof trainingModuleRequests.$inferSelect;
