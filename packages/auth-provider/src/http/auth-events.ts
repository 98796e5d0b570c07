import { and, desc, eq } from 'drizzle-orm';
import { randomId } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { authEvents } from '../schema/index.ts';
import type { ClientInfo } from '../sessions/sessions.ts';

export type AuthEvent = {
  event: string;
  method: string;
  success: boolean;
  userId?: string | null;
  loginId?: string;
  tenantId?: string | null;
  reason?: string;
};

/** Every attempt, success and failure: the user's login history and the organisation's login log. */
export const authEventsLog = (db: AuthDb) => ({
  record: async (event: AuthEvent, client: ClientInfo) => {
    await db.insert(authEvents).values({ id: randomId('E'), ...event, ip: client.ip, userAgent: client.userAgent });
  },
  /** Successful sign-ins of a user, newest first (contract §2.14 `me/history`). */
  history: async (userId: string, limit = 100) =>
    db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, userId), eq(authEvents.success, true), eq(authEvents.event, 'signin')))
      .orderBy(desc(authEvents.createdAt))
      .limit(limit),
});
