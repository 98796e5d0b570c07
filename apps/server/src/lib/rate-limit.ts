import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Db, type Tx, rateLimitWindows } from '@vigil/db';
import { AppError } from './app-error.ts';

export type RateLimit = { max: number; windowSeconds: number };

/**
 * Counts one hit of `key` in its current fixed window, in the database, so that every server on
 * it counts towards one limit. One atomic upsert: the first hit after a window ends starts the
 * next; the database's clock decides, so servers whose clocks differ still agree.
 * @returns whether the hit is over the limit and, if so, the seconds until the window ends.
 */
export const hitRateLimit = async (db: Db | Tx, key: string, limit: RateLimit): Promise<{ limited: boolean; retryAfterSeconds: number }> => {
  const expired = sql`${rateLimitWindows.resetsAt} <= now()`;
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
  return { limited: window!.count > limit.max, retryAfterSeconds: Math.max(1, window!.secondsLeft) };
};

/** Whether `key` is over its limit in the current window, without counting a hit (reads only). */
export const isOverRateLimit = async (db: Db | Tx, key: string, limit: RateLimit): Promise<boolean> => {
  const [window] = await db
    .select({ count: rateLimitWindows.count })
    .from(rateLimitWindows)
    .where(and(eq(rateLimitWindows.key, key), gt(rateLimitWindows.resetsAt, sql`now()`)));
  return (window?.count ?? 0) > limit.max;
};

/**
 * Lets the request go on within the limit; over it, answers 429 RATE_LIMITED with `Retry-After`.
 * @throws AppError RATE_LIMITED saying when to try again.
 */
export const enforceRateLimit = async (db: Db | Tx, reply: FastifyReply, key: string, limit: RateLimit, what: string) => {
  const { limited, retryAfterSeconds } = await hitRateLimit(db, key, limit);
  if (!limited) return;
  reply.header('retry-after', String(retryAfterSeconds));
  const wait = retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  throw new AppError('RATE_LIMITED', `${what}; try again in ${wait}.`, { retryAfterSeconds });
};

/** Deletes windows that have ended, so keys seen once (an IP, say) do not pile up. */
export const pruneRateLimitWindows = async (db: Db) => {
  await db.delete(rateLimitWindows).where(lte(rateLimitWindows.resetsAt, sql`now()`));
};
