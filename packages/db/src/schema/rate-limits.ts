import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every server of a deployment: one row per limited key (such as
 * an organisation's import previews), counted up atomically in the database rather than in a
 * process's memory, so several servers on one database hold one limit between them.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text().primaryKey(),
  count: integer().notNull(),
  /** When this window ends; the next hit after it starts a new one. */
  resetsAt: timestamp({ withTimezone: true }).notNull(),
});
