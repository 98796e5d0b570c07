import { type AnyPgColumn, type PgTableExtraConfigValue, boolean, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from './people.ts';

/** A tenant. A managed-service provider is an organisation that manages client organisations. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    domain: text().notNull().default(''),
    pictureFileName: text().notNull().default(''),
    /** An IANA time zone: when its people's days start, unless a person has their own. */
    timeZone: text().notNull().default('UTC'),
    hasPaidAccess: boolean().notNull().default(false),
    isDmiCompleted: boolean().notNull().default(false),
    isInitialTestingCompleted: boolean().notNull().default(false),
    isScimCompleted: boolean().notNull().default(false),
    isSsoCompleted: boolean().notNull().default(false),
    isWatchtowerCompleted: boolean().notNull().default(false),
    isBraCompleted: boolean().notNull().default(false),
    managedByOrganizationId: uuid().references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    /** The client's main contact (the spec's subordinate_email); always a person of this organisation. */
    primaryAdminPersonId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t): PgTableExtraConfigValue[] => [
    index().on(t.managedByOrganizationId),
    foreignKey({
      columns: [t.id, t.primaryAdminPersonId],
      foreignColumns: [people.organizationId, people.id] as [AnyPgColumn, AnyPgColumn],
    }),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;

