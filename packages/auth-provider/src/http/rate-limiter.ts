import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { AuthError } from '../errors.ts';
import { flowExecutions, oauthCodes, oauthRequests, rateLimitWindows, samlAssertions, ssoCodes, ssoRequests, usedIdTokens, webauthnTransactions } from '../schema/index.ts';

export type RateLimit = { max: number; windowSeconds: number };

/**
 * Fixed-window attempt counters in the database, so several servers behind a load balancer count
 * towards one limit. Each hit is one atomic upsert: the first hit after a window ends starts the
 * next, by the database's clock, so servers whose clocks differ still agree.
 */
export const createRateLimiter = (db: AuthDb) => {
  const expired = sql`${rateLimitWindows.resetsAt} <= now()`;
  const refuse = (secondsLeft: number) => {
    const retryAfter = Math.max(1, secondsLeft);
    return new AuthError('rateLimited', `Too many attempts; try again in ${retryAfter} seconds`, retryAfter);
  };
  /** @throws AuthError rateLimited with the seconds until the window resets. */
  const hit = async (key: string, limit: RateLimit) => {
    const [window] = await db
      .insert(rateLimitWindows)
      .values({ key, count: 1, resetsAt: sql`now() + make_interval(secs => ${limit.windowSeconds})` })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitWindows.count} + 1 end`,
          resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitWindows.resetsAt} end`,
        },
      })
      .returning({ count: rateLimitWindows.count, secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimitWindows.resetsAt} - now()))::int` });
    if (window!.count > limit.max) throw refuse(window!.secondsLeft);
  };

  return {
    /**
     * Refuses while the key's window is full, without counting: for limits on failures, which
     * `countFailure` counts only when an attempt fails.
     * @throws AuthError rateLimited with the seconds until the window resets.
     */
    refuseIfFull: async (key: string, limit: RateLimit) => {
      const [window] = await db
        .select({ count: rateLimitWindows.count, secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimitWindows.resetsAt} - now()))::int` })
        .from(rateLimitWindows)
        .where(and(eq(rateLimitWindows.key, key), gt(rateLimitWindows.resetsAt, sql`now()`)));
      if (window && window.count >= limit.max) throw refuse(window.secondsLeft);
    },
    hit,
    /** Counts one failure in the key's window, never refusing (`refuseIfFull` reads the count). */
    countFailure: (key: string, limit: RateLimit) => hit(key, { ...limit, max: Number.POSITIVE_INFINITY }),
  };
};

/**
 * Deletes windows that have ended, so keys seen once (an IP, say) do not pile up, and what expired
 * of passkey ceremonies, single sign-on requests and codes, and the SAML replay table; the host
 * runs it on a schedule.
 */
export const pruneAuthRateLimitWindows = async (db: AuthDb) => {
  await db.delete(rateLimitWindows).where(lte(rateLimitWindows.resetsAt, sql`now()`));
  await db.delete(webauthnTransactions).where(lte(webauthnTransactions.expiresAt, sql`now()`));
  await db.delete(ssoRequests).where(lte(ssoRequests.expiresAt, sql`now()`));
  await db.delete(ssoCodes).where(lte(ssoCodes.expiresAt, sql`now()`));
  await db.delete(samlAssertions).where(lte(samlAssertions.expiresAt, sql`now()`));
  await db.delete(oauthRequests).where(lte(oauthRequests.expiresAt, sql`now()`));
  await db.delete(oauthCodes).where(lte(oauthCodes.expiresAt, sql`now()`));
  await db.delete(usedIdTokens).where(lte(usedIdTokens.expiresAt, sql`now()`));
  await db.delete(flowExecutions).where(lte(flowExecutions.expiresAt, sql`now()`));
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
