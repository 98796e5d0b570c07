import { desc, eq } from 'drizzle-orm';
import { type Db, feedbackMessages } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

/** Feedback of the caller's current organisation; new messages are always sent by the caller. */
export const feedbackRepository = (db: Db, tenant: Tenant) => {
  const inOrg = eq(feedbackMessages.organizationId, tenant.organizationId);
  return {
    insertFromCaller: async (message: string) =>
      (
        await db
          .insert(feedbackMessages)
          .values({ organizationId: tenant.organizationId, senderPersonId: tenant.personId, message })
          .returning()
      )[0]!,
    listRecent: async (limit = 50) =>
      db.select().from(feedbackMessages).where(inOrg).orderBy(desc(feedbackMessages.createdAt)).limit(limit),
  };
};
