import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { people } from './people.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

// Actors are people of any organisation (a managed-service operator's person lives in their home
// organisation), so these point at people.id alone and outlive a deleted person as null.
const actorColumn = () => uuid().references(() => people.id, { onDelete: 'set null' });

/**
 * Where an organisation wants its simulation, training and provisioning events POSTed: an HTTPS URL
 * an admin entered, the event types it subscribes to, and the signing secret (sealed with the
 * application secret; answered once, at creation and on rotation). `enabled` false: paused by an
 * admin, or switched off because the receiver answered 410 Gone (`disabledReason`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    name: text().notNull(),
    url: text().notNull(),
    eventTypes: text().array().notNull(),
    secretSealed: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Why Vigil switched it off by itself ('gone': the receiver answered 410); null when an admin paused it or it runs. */
    disabledReason: text(),
    /** Attempts in a row that got no 2xx; a delivered one sets it back to 0 (the sender's circuit breaker). */
    consecutiveFailures: integer().notNull().default(0),
    /** Set after too many failures in a row: its deliveries wait until then, and then one probes the receiver. */
    heldUntil: timestamp({ withTimezone: true }),
    createdByPersonId: actorColumn(),
    updatedByPersonId: actorColumn(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    secretRotatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId, t.createdAt)],
);

/** pending: due or waiting for a retry; delivered: a 2xx came back; failed: out of attempts, or the receiver is gone. */
export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/**
 * One event on its way to one endpoint, and what the last attempt got back. `payload` is the JSON
 * body as sent (no secrets); `lastResponseExcerpt` the first kilobyte of the receiver's answer.
 * A pending row is due at `nextAttemptAt`; a worker claims it by moving that forward (a lease) and
 * writing its `leaseToken`, so several workers never send the same row at once, one that dies leaves
 * it due again, and only the holder of the current claim may write the attempt's result.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The id receivers see (`Vigil-Event-Id`, `id` in the body): one per event, the same at every endpoint and on every retry. */
    eventId: uuid().notNull(),
    /** The event log row it came from; null for a test event. */
    sourceEventId: bigint({ mode: 'number' }),
    eventType: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    state: text().$type<WebhookDeliveryState>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastResponseExcerpt: text(),
    lastError: text(),
    lastDurationMs: integer(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** The claim a worker holds it under while it sends (null: nobody holds it); its lease ends at `nextAttemptAt`. */
    leaseToken: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The delivery log of one endpoint, newest first, paged by key; the retention job deletes by it too.
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt, t.id),
    // What the sender claims, endpoint by endpoint: its pending rows by due time (and how many wait).
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    // The rows being sent right now, counted against each endpoint's limit of sends at once.
    index('webhook_deliveries_leased_idx')
      .on(t.endpointId)
      .where(sql`${t.leaseToken} is not null`),
    // An endpoint's latest attempt, for the endpoint list.
    index('webhook_deliveries_last_attempt_idx')
      .on(t.endpointId, t.lastAttemptAt)
      .where(sql`${t.lastAttemptAt} is not null`),
    // An event becomes at most one delivery per endpoint.
    uniqueIndex('webhook_deliveries_event_idx')
      .on(t.endpointId, t.sourceEventId)
      .where(sql`${t.sourceEventId} is not null`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpointRow = typeof webhookEndpoints.$inferInsert;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDeliveryRow = typeof webhookDeliveries.$inferInsert;
