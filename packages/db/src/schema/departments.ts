import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';

export const departments = pgTable(
  'departments',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    name: text().notNull(),
    /** SCIM: the identity provider's id for the group this department mirrors. */
    externalId: text(),
    /** When a SCIM client deleted the group while past campaigns still name the department: kept for their reports, no longer a group. */
    scimDeletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // (organization_id, id) is unique so other tables can point at a department *of the same organisation*.
  (t) => [unique().on(t.organizationId, t.name), unique().on(t.organizationId, t.id)],
);

export type Department = typeof departments.$inferSelect;
export type NewDepartment = typeof departments.$inferInsert;
