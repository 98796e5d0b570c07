import { customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Logo images, kept in the database so every server of a deployment can serve them. File names
 * carry a content hash, so a name never changes meaning and can be cached for a year.
 */
export const companyLogos = pgTable(
  'company_logos',
  {
    fileName: text().primaryKey(),
    organizationId: tenantOwnerColumn(),
    contentType: text().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId)],
);

export type CompanyLogo = typeof companyLogos.$inferSelect;
