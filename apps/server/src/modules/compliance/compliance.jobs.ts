import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';
import { pruneExpiredTrainingRecords } from './compliance.service.ts';

/**
 * Daily: training records older than each organisation's retention are deleted (see
 * `pruneExpiredTrainingRecords`). `now` (an ISO time) lets a test or an operator run it at a chosen
 * moment. Idempotent: a second run finds nothing more to delete.
 */
export const complianceRetentionJob = defineJob({
  name: 'compliance.retention',
  payload: z.object({ now: z.iso.datetime({ offset: true }).optional() }),
  schedule: { cron: '23 3 * * *', payload: {} },
  policy: 'stately',
  handler: async (payload, context) => {
    const totals = await pruneExpiredTrainingRecords(context.db, payload.now ? new Date(payload.now) : new Date());
    if (totals.assignments + totals.acknowledgements > 0) context.log.info(totals, 'compliance retention: deleted training records past their retention');
    else context.log.debug('compliance retention: nothing past its retention');
  },
});
