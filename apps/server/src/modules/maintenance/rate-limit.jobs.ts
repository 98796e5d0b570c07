import { z } from 'zod';
import { pruneAuthRateLimitWindows } from '@vigil/auth-provider';
import { defineJob } from '../../lib/jobs.ts';
import { pruneRateLimitWindows } from '../../lib/rate-limit.ts';

/**
 * Hourly: rate-limit windows that have ended are deleted, the product's and the auth provider's,
 * so keys seen once (an address guessing tokens, say) do not pile up. Running it twice is harmless.
 */
export const pruneRateLimitsJob = defineJob({
  name: 'rate-limits.prune',
  payload: z.object({}),
  schedule: { cron: '41 * * * *', payload: {} },
  handler: async (_payload, { db, log }) => {
    await pruneRateLimitWindows(db);
    await pruneAuthRateLimitWindows(db);
    log.debug('pruned ended rate-limit windows');
  },
});
