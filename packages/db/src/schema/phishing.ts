import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { departments } from './departments.ts';
import { organizations } from './organizations.ts';
import { people } from './people.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const smtpSecurityEnum = pgEnum('smtp_security', ['none', 'starttls', 'tls']);

/**
 * Where an organisation's simulated mail leaves from. The password is sealed with the application
 * secret (never stored or answered in clear); `ratePerMinute` caps what campaigns send through it.
 */
export const sendingProfiles = pgTable(
  'sending_profiles',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    name: text().notNull(),
    host: text().notNull(),
    port: integer().notNull(),
    security: smtpSecurityEnum().notNull(),
    username: text(),
    passwordSealed: text(),
    fromAddress: text().notNull(),
    fromName: text().notNull().default(''),
    replyTo: text(),
    ratePerMinute: integer().notNull().default(60),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.organizationId, t.id), index().on(t.organizationId, t.name)],
);

export const contentStatusEnum = pgEnum('content_status', ['active', 'draft']);
export const contentSourceEnum = pgEnum('content_source', ['builtin', 'custom', 'imported', 'generated']);

/**
 * A page a lure leads to. Built-in pages (organization_id null) are loaded from the repository's
 * content at start and shared read-only; an organisation's own pages are its rows.
 */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: uuid().primaryKey(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    builtinSlug: text().unique(),
    version: integer().notNull().default(1),
    kind: text().notNull(),
    /** Per language: the page's title and HTML. */
    texts: jsonb().$type<Record<string, unknown>>().notNull(),
    source: contentSourceEnum().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.organizationId)],
);

/**
 * A lure. Built-in templates (organization_id null) come from content/phishing-templates, keyed by
 * slug and version; an organisation's own (created, copied, imported from .eml, or drafted by a
 * language model and approved) are its rows. Texts per language carry the red flags shown after a
 * failure.
 */
export const phishingTemplates = pgTable(
  'phishing_templates',
  {
    id: uuid().primaryKey(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    builtinSlug: text().unique(),
    version: integer().notNull().default(1),
    category: text().notNull(),
    vector: text().notNull(),
    landingPageId: uuid().references(() => landingPages.id),
    fromAddress: text(),
    /** NIST Phish Scale: cue counts per category and premise alignment. */
    phishScale: jsonb().$type<Record<string, unknown>>().notNull(),
    difficulty: smallint().notNull(),
    texts: jsonb().$type<Record<string, unknown>>().notNull(),
    status: contentStatusEnum().notNull().default('active'),
    source: contentSourceEnum().notNull(),
    createdByPersonId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.organizationId, t.category), index().on(t.difficulty)],
);

export const campaignKindEnum = pgEnum('campaign_kind', ['standard', 'adaptive', 'initial-testing']);
export const campaignStatusEnum = pgEnum('campaign_status', ['draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled']);

/** A simulated attack on an audience, sent over a window. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    name: text().notNull(),
    kind: campaignKindEnum().notNull().default('standard'),
    status: campaignStatusEnum().notNull().default('draft'),
    sendingProfileId: uuid().notNull(),
    landingPageId: uuid().references(() => landingPages.id),
    /** The set each recipient's lure is drawn from (adaptive: matched to their skill). */
    templateIds: uuid().array().notNull(),
    /** `{ kind: organization | departments | manager | people, ids? }` as created. */
    audience: jsonb().$type<{ kind: string; ids?: string[] }>().notNull(),
    startAt: timestamp({ withTimezone: true }),
    spreadMinutes: integer().notNull().default(0),
    businessHoursOnly: boolean().notNull().default(false),
    createdByPersonId: uuid(),
    launchedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.organizationId, t.id),
    index().on(t.organizationId, t.createdAt),
    foreignKey({ columns: [t.organizationId, t.sendingProfileId], foreignColumns: [sendingProfiles.organizationId, sendingProfiles.id] }),
  ],
);

export const recipientStateEnum = pgEnum('recipient_state', ['scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'cancelled']);

/**
 * One person of a campaign: when their lure goes, which lure, and the state machine that makes a
 * send happen once (scheduled → queued → sending → sent | failed | uncertain; see
 * campaigns/recipient-state.ts). What the person then did is projected from the event log into the
 * first-time columns.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    campaignId: uuid().notNull(),
    personId: uuid().notNull(),
    departmentId: uuid(),
    templateId: uuid().notNull().references(() => phishingTemplates.id),
    language: text().notNull(),
    sendAt: timestamp({ withTimezone: true }).notNull(),
    state: recipientStateEnum().notNull().default('scheduled'),
    /** When the state last changed: the recovery sweep finds rows stuck in queued or sending by it. */
    stateChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    messageId: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the recipient's tracking token (the token itself is derived, never stored). */
    tokenHash: text().notNull().unique(),
    openedAt: timestamp({ withTimezone: true }),
    clickedAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    reportedAt: timestamp({ withTimezone: true }),
    repliedAt: timestamp({ withTimezone: true }),
    attachmentOpenedAt: timestamp({ withTimezone: true }),
    qrScannedAt: timestamp({ withTimezone: true }),
    calledAt: timestamp({ withTimezone: true }),
    machineClickedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.campaignId, t.personId),
    index('campaign_recipients_due_idx').on(t.state, t.sendAt),
    // organizationId last: counting a campaign's recipients by state (results, lists) reads the index alone.
    index('campaign_recipients_campaign_state_idx').on(t.campaignId, t.state, t.organizationId),
    index().on(t.organizationId, t.campaignId, t.id),
    index().on(t.organizationId, t.personId),
    // Lures sent in a time window (initial testing compared with today).
    index('campaign_recipients_sent_idx').on(t.organizationId, t.sentAt).where(sql`${t.sentAt} is not null`),
    foreignKey({ columns: [t.organizationId, t.campaignId], foreignColumns: [campaigns.organizationId, campaigns.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.personId], foreignColumns: [people.organizationId, people.id] as [AnyPgColumn, AnyPgColumn] }),
    foreignKey({ columns: [t.organizationId, t.departmentId], foreignColumns: [departments.organizationId, departments.id] }),
  ],
);

/** Per campaign, how many recipients reached each stage (a projection of the event log). */
export const campaignStats = pgTable('campaign_stats', {
  campaignId: uuid()
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  organizationId: tenantOwnerColumn(),
  recipients: integer().notNull().default(0),
  sent: integer().notNull().default(0),
  failed: integer().notNull().default(0),
  uncertain: integer().notNull().default(0),
  opened: integer().notNull().default(0),
  clicked: integer().notNull().default(0),
  submitted: integer().notNull().default(0),
  reported: integer().notNull().default(0),
  replied: integer().notNull().default(0),
  attachmentOpened: integer().notNull().default(0),
  qrScanned: integer().notNull().default(0),
  called: integer().notNull().default(0),
  machineClicks: integer().notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Per campaign and department, how many recipients reached each stage: the results page's
 * department table, moved by the same consumer as campaign_stats (recipients are counted at
 * launch). A recipient without a department counts under a null department.
 */
export const campaignDepartmentStats = pgTable(
  'campaign_department_stats',
  {
    organizationId: tenantOwnerColumn(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    departmentId: uuid(),
    recipients: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    opened: integer().notNull().default(0),
    clicked: integer().notNull().default(0),
    submitted: integer().notNull().default(0),
    reported: integer().notNull().default(0),
  },
  (t) => [unique().on(t.campaignId, t.departmentId).nullsNotDistinct()],
);

/** Per campaign and hour, how many recipients first reached each stage in that hour: the results timeline. */
export const campaignHourlyStats = pgTable(
  'campaign_hourly_stats',
  {
    organizationId: tenantOwnerColumn(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    hour: timestamp({ withTimezone: true }).notNull(),
    sent: integer().notNull().default(0),
    opened: integer().notNull().default(0),
    clicked: integer().notNull().default(0),
    submitted: integer().notNull().default(0),
    reported: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.hour] })],
);

/** Each person's skill at spotting lures (an Elo rating), moved by their outcomes; adaptive campaigns read it. */
export const personSkillRatings = pgTable(
  'person_skill_ratings',
  {
    organizationId: tenantOwnerColumn(),
    personId: uuid().primaryKey(),
    rating: real().notNull(),
    outcomes: integer().notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [foreignKey({ columns: [t.organizationId, t.personId], foreignColumns: [people.organizationId, people.id] as [AnyPgColumn, AnyPgColumn] }).onDelete('cascade')],
);

/** An organisation's phishing settings: the secret its mail filter uses to let simulations through. */
export const phishingSettings = pgTable('phishing_settings', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  filterHeaderSecretSealed: text().notNull(),
  updatedAt: updatedAt(),
});

export const programmeCadenceEnum = pgEnum('programme_cadence', ['weekly', 'monthly', 'quarterly']);

/** A recurring testing programme: a campaign on a random business day of each period. */
export const phishingProgrammes = pgTable(
  'phishing_programmes',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    name: text().notNull(),
    /** Empty: the whole organisation. */
    departmentIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    cadence: programmeCadenceEnum().notNull(),
    adaptive: boolean().notNull().default(true),
    templateIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    sendingProfileId: uuid().notNull(),
    businessHoursOnly: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    nextRunAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique().on(t.organizationId, t.id),
    index('phishing_programmes_due_idx').on(t.active, t.nextRunAt),
    foreignKey({ columns: [t.organizationId, t.sendingProfileId], foreignColumns: [sendingProfiles.organizationId, sendingProfiles.id] }),
  ],
);

export const testRequestStatusEnum = pgEnum('test_request_status', ['submitted', 'drafted']);

/** A custom test an admin asked for, in their words; turned into a draft campaign (and template). */
export const testRequests = pgTable(
  'test_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    requestedByPersonId: uuid(),
    scenario: text().notNull(),
    audienceNote: text().notNull().default(''),
    status: testRequestStatusEnum().notNull().default('submitted'),
    campaignId: uuid(),
    templateId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId, t.createdAt)],
);

export type SendingProfile = typeof sendingProfiles.$inferSelect;
export type PhishingTemplate = typeof phishingTemplates.$inferSelect;
export type LandingPage = typeof landingPages.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
export type CampaignRecipient = typeof campaignRecipients.$inferSelect;
