import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';

/**
 * The one append-only log of what happened to whom: mail sent and delivered, links clicked,
 * reports, training progress. Every projection (campaign counters, recipient status, skill ratings,
 * risk scores) is derived from it by consumers reading in id order, and can be rebuilt from it.
 * Rows are never updated or deleted by the product.
 */
export const events = pgTable(
  'events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: tenantOwnerColumn(),
    personId: uuid(),
    campaignId: uuid(),
    recipientId: uuid(),
    type: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index().on(t.organizationId, t.occurredAt),
    index().on(t.personId, t.occurredAt),
    index()
      .on(t.campaignId, t.type)
      .where(sql`${t.campaignId} is not null`),
    // What happened to one recipient: the projections, the skill ratings and scanner bursts ask it.
    index('events_recipient_idx')
      .on(t.recipientId, t.type, t.id)
      .where(sql`${t.recipientId} is not null`),
    // The organisation's sign-ins and what the anomaly rules found, by time: the sign-in pages read
    // them without walking the window's simulation events.
    index('events_sign_in_idx')
      .on(t.organizationId, t.occurredAt)
      .where(sql`${t.type} in ('sign_in', 'sign_in_failed', 'sign_in_blocked', 'sign_in_anomaly')`),
    // The public API's event feed reads one organisation's events after an id, in id order (a SIEM polling).
    index('events_organization_feed_idx').on(t.organizationId, t.id),
    // Provisioning changes by time (the onboarding wizard counts the last 30 days' SCIM changes at
    // every load) without walking the organisation's simulation events. The list is
    // provisioningEventTypes (packages/contracts/src/events.ts); queries name the same types literally.
    index('events_provisioning_idx')
      .on(t.organizationId, t.occurredAt)
      .where(sql`${t.type} in ('person_provisioned', 'person_updated', 'person_deprovisioned', 'person_reactivated')`),
  ],
);

/** How far each consumer of the event log has read; its row is locked while it applies a batch. */
export const eventCursors = pgTable('event_cursors', {
  consumer: text().primaryKey(),
  lastEventId: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Progress of long work (preparing a large campaign, an import) that the UI shows as a bar. */
export const jobProgress = pgTable(
  'job_progress',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    kind: text().notNull(),
    subjectId: uuid(),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    state: text().notNull().default('running'),
    message: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId, t.kind, t.subjectId)],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
