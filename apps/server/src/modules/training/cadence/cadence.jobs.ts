import { z } from 'zod';
import { defineJob } from '../../../lib/jobs.ts';
import { runCadenceJobName, runCadenceRules } from './cadence.service.ts';

/**
 * Hourly: every active cadence rule assigns what its period or its new hires call for (see
 * `runCadenceRule`). The schedule sends `{}`; `now` (an ISO time) and `organizationId` let a test,
 * or an operator, run one pass at a chosen moment for one organisation. Safe on several workers and
 * across restarts: each rule runs with its row locked, records the period it ran, and the unique
 * index on (rule, person, period) refuses a second assignment.
 */
export const trainingCadenceJob = defineJob({
  name: runCadenceJobName,
  payload: z.object({ now: z.iso.datetime({ offset: true }).optional(), organizationId: z.uuid().optional() }),
  schedule: { cron: '7 * * * *', payload: {} },
  policy: 'stately',
  handler: async (payload, context) => {
    let reported = 0;
    const totals = await runCadenceRules(context.db, payload.now ? new Date(payload.now) : new Date(), {
      organizationId: payload.organizationId,
      // A long pass (many organisations, many rules) says how far it is, every 50 rules.
      onProgress: (done, total) => {
        if (done - reported >= 50) {
          reported = done;
          context.log.info({ done, total }, 'training cadence: rules run so far');
        }
      },
    });
    if (totals.assigned + totals.alreadyAssigned > 0) context.log.info(totals, 'training cadence rules assigned modules');
    else context.log.debug('no training cadence rule was due');
  },
});
