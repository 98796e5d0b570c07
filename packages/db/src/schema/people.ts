import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { departments } from './departments.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

export const roleEnum = pgEnum('role', ['Superadmin', 'Admin', 'Manager', 'User']);
export const personSourceEnum = pgEnum('person_source', ['manual', 'csv', 'scim', 'sso', 'demo', 'google']);

/**
 * A person of an organisation. Department and manager are composite foreign keys with the
 * organisation, so a row can never point at another organisation's department or person.
 */
export const people = pgTable(
  'people',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    /** The user id the authentication provider puts in `sub`; null until the person has a login. */
    authUserId: text().unique(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    role: roleEnum().notNull().default('User'),
    departmentId: uuid(),
    managerId: uuid(),
    startDate: date({ mode: 'string' }),
    jobTitle: text(),
    /** E.164, e.g. +14155550123. */
    phone: text(),
    /** An IANA time zone; null follows the organisation's. */
    timeZone: text(),
    /** One of the learning languages (fr_fr, en_us, …); null follows the organisation's default, English. */
    preferredLanguage: text(),
    pictureFileName: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    /** Where the person came from: added by hand, a CSV import, SCIM provisioning, single sign-on (just in time), the demo or the Google Workspace directory sync. */
    source: personSourceEnum().notNull().default('manual'),
    /** SCIM: the identity provider's own id for the person (`externalId`), and the `userName` it gave (Entra's UPN may differ from the email). */
    externalId: text(),
    scimUserName: text(),
    /** The enterprise extension's employeeNumber. */
    employeeNumber: text(),
    /** When a SCIM client deleted the person: deactivated, their history kept, no longer a SCIM resource (a later create revives them). */
    scimDeletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('people_organization_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    unique().on(t.organizationId, t.id),
    index().on(t.organizationId, t.managerId),
    index().on(t.organizationId, t.departmentId),
    // Active people counted per department (risk groups' sizes) from the index alone.
    index('people_active_department_idx').on(t.organizationId, t.departmentId).where(sql`${t.isActive}`),
    // A callback lure's caller is found by their number (the voice webhook).
    index().on(t.phone),
    // SCIM clients look people up by their own id and by userName before they create one.
    uniqueIndex('people_organization_external_id_idx').on(t.organizationId, t.externalId).where(sql`${t.externalId} is not null`),
    index('people_organization_scim_user_name_idx').on(t.organizationId, sql`lower(${t.scimUserName})`),
    foreignKey({
      columns: [t.organizationId, t.departmentId],
      foreignColumns: [departments.organizationId, departments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.managerId],
      foreignColumns: [t.organizationId, t.id] as [AnyPgColumn, AnyPgColumn],
    }),
  ],
);

export type Person = typeof people.$inferSelect;
export type NewPerson = typeof people.$inferInsert;

/** Departments a department admin may view; having any row makes the person a department admin. */
export const departmentAdminScopes = pgTable(
  'department_admin_scopes',
  {
    organizationId: tenantOwnerColumn(),
    personId: uuid().notNull(),
    departmentId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.personId, t.departmentId] }),
    foreignKey({ columns: [t.organizationId, t.personId], foreignColumns: [people.organizationId, people.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.organizationId, t.departmentId],
      foreignColumns: [departments.organizationId, departments.id],
    }).onDelete('cascade'),
  ],
);

export type DepartmentAdminScope = typeof departmentAdminScopes.$inferSelect;
