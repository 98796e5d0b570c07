import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, foreignKey, index, integer, jsonb, pgEnum, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { people } from './people.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const trainingModuleSourceEnum = pgEnum('training_module_source', ['built-in', 'own']);
/** What an own module plays: a video (as the built-in lessons) or a SCORM package. */
export const trainingModuleKindEnum = pgEnum('training_module_kind', ['video', 'scorm']);
export const scormVersionEnum = pgEnum('scorm_version', ['1.2', '2004']);

/** Where a learner left a SCORM module, handed back to it when it starts again. */
export type ScormRuntimeState = { suspendData: string; location: string; /** The run whose failure was last counted (a run commits its failure more than once). */ failedSession?: string };

/** One slide's window in the module's video, in seconds. */
export type TrainingSlideTiming = { start: number; end: number };

/**
 * A training module. Built-in lessons (organization_id null) are synced from content/training-modules
 * at start, keyed by slug, and shared read-only; an organisation's own modules (uploads, a later
 * increment) are its rows. `texts` holds per language the title, summary, slides and quiz (with its
 * answers, which only admins and the scoring ever read); `media_key` names the folder its video,
 * poster and captions are served from.
 */
export const trainingModules = pgTable(
  'training_modules',
  {
    id: uuid().primaryKey(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    builtinSlug: text().unique(),
    source: trainingModuleSourceEnum().notNull(),
    topic: text().notNull(),
    version: integer().notNull().default(1),
    minutes: integer().notNull(),
    passScore: integer().notNull(),
    /** The lure categories whose failures this lesson answers (the remedial lesson for them). */
    remediates: text().array().notNull().default(sql`'{}'::text[]`),
    languages: text().array().notNull(),
    texts: jsonb().$type<Record<string, unknown>>().notNull(),
    durationSeconds: real().notNull().default(0),
    /** Each slide's window in the video, in slide order. */
    slideTimings: jsonb().$type<TrainingSlideTiming[]>().notNull().default([]),
    mediaKey: text().notNull(),
    kind: trainingModuleKindEnum().notNull().default('video'),
    /** An own SCORM module: its version and the launch file of its first SCO, relative to the package root. */
    scormVersion: scormVersionEnum(),
    launchPath: text(),
    /** SHA-256 of what was synced (metadata, texts, timing): a change updates the row. */
    contentHash: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.organizationId, t.topic)],
);

export const trainingAssignmentReasonEnum = pgEnum('training_assignment_reason', ['assigned', 'remedial', 'cadence']);
export const trainingAssignmentStatusEnum = pgEnum('training_assignment_status', ['assigned', 'in_progress', 'completed', 'failed', 'cancelled']);

/**
 * A module a person has to take, by a date: assigned by an admin to an audience, or as a remedial
 * lesson after a simulated failure (then `source_event_id` / `source_campaign_id` say which). A
 * person has at most one open (assigned or in progress) assignment of a module, and at most one
 * open remedial assignment.
 */
export const trainingAssignments = pgTable(
  'training_assignments',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    personId: uuid().notNull(),
    moduleId: uuid()
      .notNull()
      .references(() => trainingModules.id),
    reason: trainingAssignmentReasonEnum().notNull().default('assigned'),
    status: trainingAssignmentStatusEnum().notNull().default('assigned'),
    assignedByPersonId: uuid(),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** The furthest point of the video watched, never past its duration. */
    watchedSeconds: real().notNull().default(0),
    attempts: integer().notNull().default(0),
    score: integer(),
    /** The language the learner last took the lesson in. */
    language: text(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** The module's version when the assignment was passed or failed: the evidence pack names what was taken. */
    moduleVersion: integer(),
    failedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    certificateId: text().unique(),
    sourceEventId: bigint({ mode: 'number' }),
    sourceCampaignId: uuid(),
    /** A SCORM module's suspend data and location, where its runtime resumes. */
    scormState: jsonb().$type<ScormRuntimeState>(),
    /** For the reminders increment: when the last reminder went, and when the manager was told. */
    reminderSentAt: timestamp({ withTimezone: true }),
    escalatedAt: timestamp({ withTimezone: true }),
    /** For a cadence assignment: the rule (training_cadence_rules) and the period it is for ('2026', '2026-Q4', 'hire'). */
    cadenceRuleId: uuid(),
    cadencePeriod: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The learner's list: their own assignments by status.
    index().on(t.organizationId, t.personId, t.status),
    // The admin's keyset list, newest first, whole organisation or one module.
    index('training_assignments_org_assigned_idx').on(t.organizationId, t.assignedAt, t.id),
    index('training_assignments_org_module_idx').on(t.organizationId, t.moduleId, t.assignedAt, t.id),
    // Open assignments by due date: overdue filters now, reminders later.
    index('training_assignments_open_due_idx')
      .on(t.status, t.dueAt)
      .where(sql`${t.status} in ('assigned', 'in_progress')`),
    uniqueIndex('training_assignments_one_open_idx')
      .on(t.personId, t.moduleId)
      .where(sql`${t.status} in ('assigned', 'in_progress')`),
    uniqueIndex('training_assignments_one_open_remedial_idx')
      .on(t.personId)
      .where(sql`${t.reason} = 'remedial' and ${t.status} in ('assigned', 'in_progress')`),
    // A cadence run is idempotent: one assignment per rule, person and period, whatever its status.
    uniqueIndex('training_assignments_cadence_period_idx')
      .on(t.cadenceRuleId, t.personId, t.cadencePeriod)
      .where(sql`${t.cadenceRuleId} is not null`),
    foreignKey({ columns: [t.organizationId, t.personId], foreignColumns: [people.organizationId, people.id] as [AnyPgColumn, AnyPgColumn] }).onDelete('cascade'),
  ],
);

/** An organisation's training rules (see the contract's TrainingSettings); no row: the defaults. */
export const trainingSettings = pgTable('training_settings', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  settings: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

export type TrainingModuleRow = typeof trainingModules.$inferSelect;
export type NewTrainingModuleRow = typeof trainingModules.$inferInsert;
export type TrainingAssignmentRow = typeof trainingAssignments.$inferSelect;
export type NewTrainingAssignmentRow = typeof trainingAssignments.$inferInsert;
