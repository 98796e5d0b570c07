import { index, inet, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';

/** Who did what to which organisation, append-only. Actors are kept as text so rows outlive people. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    /** Who acted: a person, a job, a tracking token, an API key or a SCIM client (lib/scope.ts). */
    actorKind: text().notNull().default('person'),
    /** The actor's id when it is not a person (the job's name, the key's id…). */
    actorId: text(),
    actorPersonId: uuid(),
    actorAuthUserId: text(),
    actorEmail: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: inet(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId, t.createdAt)],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;
