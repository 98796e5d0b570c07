import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnerColumn } from './tenant-owner.ts';
import { people } from './people.ts';

/** Feedback and questions people send from the shell's feedback popover. */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    /** The sender; a managed-service operator's own person lives in their home organisation. */
    senderPersonId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId, t.createdAt)],
);

export type FeedbackMessage = typeof feedbackMessages.$inferSelect;
