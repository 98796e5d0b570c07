import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

/** How often a scheduled sync runs; `off` syncs only when an admin asks. */
export const googleDirectorySchedules = ['off', 'hourly', 'every_4_hours', 'every_12_hours', 'daily'] as const;
export type GoogleDirectorySchedule = (typeof googleDirectorySchedules)[number];

/**
 * An organisation's Google Workspace directory connection (at most one): a service account with
 * domain-wide delegation that reads the directory as `subject`, an admin of the Workspace account.
 * The service account's JSON key is sealed with the application secret and never leaves the server.
 */
export const googleDirectoryConnections = pgTable('google_directory_connections', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** The whole JSON key, sealed (app.secrets). */
  serviceAccountKeySealed: text().notNull(),
  /** Shown to the admin: which service account, its OAuth client id (what delegation is granted to) and which of its keys. */
  clientEmail: text().notNull(),
  clientId: text(),
  privateKeyId: text(),
  /** The Workspace admin the service account acts as. */
  subject: text().notNull(),
  /** `my_customer` (the subject's own account), a customer id, or empty when `domain` narrows the list. */
  customer: text().notNull().default('my_customer'),
  domain: text(),
  /** Only people in this org unit and below (e.g. /Staff); null: the whole account. */
  orgUnitPath: text(),
  schedule: text({ enum: googleDirectorySchedules }).notNull().default('off'),
  /** Deactivate people Google no longer lists (deleted users, or moved out of the org unit). */
  deactivateMissing: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const googleDirectoryRunStates = ['queued', 'running', 'succeeded', 'failed'] as const;
export type GoogleDirectoryRunState = (typeof googleDirectoryRunStates)[number];

/** One sync: a dry run (a preview that writes no people) or a real one, and what it counted. */
export const googleDirectoryRuns = pgTable(
  'google_directory_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    dryRun: boolean().notNull(),
    /** `manual`: an admin asked; `schedule`: the sweep started it. */
    trigger: text({ enum: ['manual', 'schedule'] }).notNull(),
    /** The admin who asked (null for the schedule). */
    requestedByPersonId: uuid(),
    state: text({ enum: googleDirectoryRunStates }).notNull().default('queued'),
    usersSeen: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    deactivated: integer().notNull().default(0),
    reactivated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    /** People Google lists that Vigil leaves alone (managed over SCIM, admins of Vigil, an address taken). */
    skipped: integer().notNull().default(0),
    /** Of the users seen, how many are enrolled in 2-Step Verification (an insight; Google's isEnrolledIn2Sv). */
    enrolledIn2Sv: integer().notNull().default(0),
    /** What went wrong, in words an admin can act on. */
    error: text(),
    /**
     * The safety limit: how many people one sync may deactivate without the admin's confirmation
     * (set when the run planned), so a partial listing cannot deactivate everyone else.
     */
    deactivationLimit: integer(),
    /** How many people the plan would have deactivated when that was more than the run was allowed: it changed nobody. */
    deactivationsHeld: integer(),
    /** The admin allowed this run to deactivate up to this many people, beyond the limit (after seeing them listed). */
    confirmedDeactivations: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.organizationId, t.id),
    index().on(t.organizationId, t.createdAt, t.id),
    // One sync at a time per organisation, whichever process starts it.
    uniqueIndex('google_directory_runs_one_active_idx').on(t.organizationId).where(sql`${t.state} in ('queued', 'running')`),
  ],
);

export type GoogleDirectoryRun = typeof googleDirectoryRuns.$inferSelect;

export const googleDirectoryChangeKinds = ['created', 'updated', 'deactivated', 'reactivated', 'skipped'] as const;
export type GoogleDirectoryChangeKind = (typeof googleDirectoryChangeKinds)[number];

/** One changed field, with its value before and after (names, addresses, titles: nothing secret). */
export type GoogleDirectoryFieldChange = { field: string; before: string | boolean | null; after: string | boolean | null };

/** What a run changed (or, for a dry run, would change), one row per person. */
export const googleDirectoryChanges = pgTable(
  'google_directory_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    runId: uuid().notNull(),
    /** Order within the run, for keyset paging. */
    seq: integer().notNull(),
    /** Null for someone a dry run would create. */
    personId: uuid(),
    googleUserId: text().notNull(),
    email: text().notNull(),
    kind: text({ enum: googleDirectoryChangeKinds }).notNull(),
    fields: jsonb().$type<GoogleDirectoryFieldChange[]>().notNull().default([]),
    /** Why a person was skipped. */
    reason: text(),
  },
  (t) => [
    uniqueIndex().on(t.runId, t.seq),
    foreignKey({ columns: [t.organizationId, t.runId], foreignColumns: [googleDirectoryRuns.organizationId, googleDirectoryRuns.id] }).onDelete('cascade'),
  ],
);

export type GoogleDirectoryChange = typeof googleDirectoryChanges.$inferSelect;
