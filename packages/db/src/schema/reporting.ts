import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';

/**
 * An executive report sent by email on a schedule (modules/reporting). `lastPeriod` is the period
 * last delivered (2026-W48, 2026-11): the delivery job claims a period by moving it, in one guarded
 * statement, so several workers never send the same report twice.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    frequency: text().$type<'weekly' | 'monthly'>().notNull(),
    /** How far back each report looks (30, 90 or 180 days). */
    days: integer().notNull(),
    /** The admins it goes to (people of the organisation; only those still active admins receive it). */
    recipientIds: uuid().array().notNull(),
    lastPeriod: text(),
    lastSentAt: timestamp({ withTimezone: true }),
    createdByPersonId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId)],
);

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
