import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

/**
 * A compliance framework an organisation has chosen (`framework_id` names one of the server's
 * catalogue, e.g. `iso27001`), with the training modules it counts as required for it: the
 * catalogue's suggestion when chosen, editable by admins. A person is compliant with the framework
 * when they have passed every one of these modules within the framework's period.
 */
export const complianceFrameworkChoices = pgTable(
  'compliance_framework_choices',
  {
    organizationId: tenantOwnerColumn(),
    frameworkId: text().notNull(),
    /** training_modules ids (built-in or the organisation's own), in the order shown. */
    moduleIds: uuid().array().notNull(),
    chosenByPersonId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.frameworkId] })],
);

/** An organisation's compliance settings; no row: the defaults (6 years, 30 days). */
export const complianceSettings = pgTable('compliance_settings', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** How long finished training records are kept as evidence (HIPAA asks 6 years), 1–10. */
  retentionYears: integer().notNull().default(6),
  /** How many days after their start date a new hire has to complete the required modules. */
  newHireWindowDays: integer().notNull().default(30),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ComplianceFrameworkChoiceRow = typeof complianceFrameworkChoices.$inferSelect;
export type ComplianceSettingsRow = typeof complianceSettings.$inferSelect;
