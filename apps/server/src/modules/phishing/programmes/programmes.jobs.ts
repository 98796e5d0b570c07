import { z } from 'zod';
import { defineJob } from '../../../lib/jobs.ts';
import { runDueProgrammes, runProgrammesJobName } from './programmes.service.ts';

/**
 * Recurring programmes: every five minutes, launches the campaign of each programme whose run has
 * come. Several workers may run it at once; each programme is claimed by one (programmes.repository.ts).
 */
export const runProgrammesJob = defineJob({
  name: runProgrammesJobName,
  payload: z.object({}),
  policy: 'stately',
  schedule: { cron: '*/5 * * * *', payload: {} },
  handler: async (_payload, { db, jobs, secrets, log, config }) => {
    const result = await runDueProgrammes({ db, jobs, secrets, log, callbackNumber: config.callbackNumber });
    if (result.launched || result.failed) log.info(result, 'ran recurring phishing programmes');
  },
});
