import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from './people.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

// Keys are made and revoked by people of any organisation (a managed-service operator's person
// lives in their home organisation), so these point at people.id alone and outlive them as null.
const actorColumn = () => uuid().references(() => people.id, { onDelete: 'set null' });

/**
 * An organisation's keys to the public REST API (/api/v1). The secret (`vgl_…`) is shown once when
 * the key is made; only its SHA-256 hash is kept, with the first and last characters so people can
 * tell their keys apart. Every key expires; a revoked key stays listed, refused.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    name: text().notNull(),
    /** What the key may do: `read` (GET routes) and/or `write` (routes that change data). */
    scopes: text().array().notNull(),
    /** The secret's first characters (`vgl_` and four more) and last four: enough to recognise it, never to use it. */
    prefix: text().notNull(),
    lastFour: text().notNull(),
    secretHash: text().notNull().unique(),
    createdByPersonId: actorColumn(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When a request last came with this key (written at most once a minute). */
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedByPersonId: actorColumn(),
  },
  (t) => [
    index().on(t.organizationId, t.createdAt),
    check('api_keys_known_scopes', sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['read', 'write']::text[]`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;
