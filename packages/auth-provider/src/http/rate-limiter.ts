import { lte, sql } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { AuthError } from '../errors.ts';
import { rateLimitWindows } from '../schema/index.ts';

export type RateLimit = { max: number; windowSeconds: number };

/**
 * Fixed-window attempt counters in the database, so several servers behind a load balancer count
 * towards one limit. Each hit is one atomic upsert: the first hit after a window ends starts the
 * next, by the database's clock, so servers whose clocks differ still agree.
 */
export const createRateLimiter = (db: AuthDb) => {
  const expired = sql`${rateLimitWindows.resetsAt} <= now()`;
  return {
    /** @throws AuthError rateLimited with the seconds until the window resets. */
    hit: async (key: string, limit: RateLimit) => {
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
      if (window!.count > limit.max) {
        const retryAfter = Math.max(1, window!.secondsLeft);
        throw new AuthError('rateLimited', `Too many attempts; try again in ${retryAfter} seconds`, retryAfter);
      }
    },
  };
};

/** Deletes windows that have ended, so keys seen once (an IP, say) do not pile up; the host runs it on a schedule. */
export const pruneAuthRateLimitWindows = async (db: AuthDb) => {
  await db.delete(rateLimitWindows).where(lte(rateLimitWindows.resetsAt, sql`now()`));
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
