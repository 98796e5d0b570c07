import { AuthError } from '../errors.ts';

export type RateLimit = { max: number; windowSeconds: number };

/**
 * Fixed-window counters in this process's memory. Enough for one server; several servers behind a
 * load balancer each count on their own, so the effective limit multiplies by their number.
 */
export const createRateLimiter = () => {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  let lastSweep = Date.now();
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetsAt <= now) windows.delete(key);
  };
  return {
    /** @throws AuthError rateLimited with the seconds until the window resets. */
    hit: (key: string, limit: RateLimit) => {
      const now = Date.now();
      sweep(now);
      let window = windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + limit.windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count > limit.max) {
        const retryAfter = Math.max(1, Math.ceil((window.resetsAt - now) / 1000));
        throw new AuthError('rateLimited', `Too many attempts; try again in ${retryAfter} seconds`, retryAfter);
      }
    },
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
