import { z } from 'zod';
import { defineJob } from '../../../lib/jobs.ts';
import { failAbandonedRuns, googleDirectoryRepository, selectScheduledConnections } from './google-directory.repository.ts';
import { runDirectorySync, syncJobName } from './google-directory.sync.ts';

/** One sync of one organisation (a run row made beforehand names it). */
export const googleDirectorySyncJob = defineJob({
  name: syncJobName,
  payload: z.object({ organizationId: z.uuid(), runId: z.uuid() }),
  // With the organisation as singleton key, pg-boss holds at most one waiting and one running per
  // organisation, across every process; the runs table's unique index allows one active run too.
  policy: 'stately',
  concurrency: 2,
  retryLimit: 3,
  handler: async (payload, context) => {
    await runDirectorySync({ db: context.db, secrets: context.secrets, endpoints: context.config.google, log: context.log, stopping: context.stopping }, { organizationId: payload.organizationId }, payload.runId);
  },
});

const scheduleHours = { hourly: 1, every_4_hours: 4, every_12_hours: 12, daily: 24 } as const;
// The sweep runs every 15 minutes: a run is due a little early rather than a whole sweep late.
const slackMs = 10 * 60_000;
// Longer than any sync with its retries takes: such a run's process died.
const abandonedAfterMs = 6 * 3_600_000;

/**
 * Starts the syncs that are due: each organisation whose schedule's interval has passed since its
 * last real run gets a run and a job, in one transaction. `now` and `organizationId` let a test run
 * one pass at a chosen moment for one organisation.
 * @returns the organisations whose sync was started
 */
export const startDueSyncs = async (context: Parameters<typeof googleDirectorySyncJob.handler>[1], now: Date, organizationId?: string) => {
  const abandoned = await failAbandonedRuns(context.db, new Date(now.getTime() - abandonedAfterMs));
  if (abandoned.length) context.log.warn({ runs: abandoned.map((run) => run.id) }, 'Google Workspace syncs that never finished were marked failed');
  const started: string[] = [];
  for (const connection of await selectScheduledConnections(context.db)) {
    if (context.stopping.aborted) break;
    if (organizationId && connection.organizationId !== organizationId) continue;
    const hours = scheduleHours[connection.schedule as keyof typeof scheduleHours];
    if (!hours || (connection.lastRunAt && now.getTime() - connection.lastRunAt.getTime() < hours * 3_600_000 - slackMs)) continue;
    await context.db.transaction(async (tx) => {
      const run = await googleDirectoryRepository(tx, { organizationId: connection.organizationId }).insertRun({ dryRun: false, trigger: 'schedule', requestedByPersonId: null });
      if (!run) return;
      await context.jobs.send(googleDirectorySyncJob, { organizationId: connection.organizationId, runId: run.id }, { tx, singletonKey: connection.organizationId });
      started.push(connection.organizationId);
    });
  }
  return started;
};

/** Every 15 minutes: the scheduled Google Workspace syncs that are due (see `startDueSyncs`). */
export const googleDirectorySweepJob = defineJob({
  name: 'google-directory.sweep',
  payload: z.object({ now: z.iso.datetime({ offset: true }).optional(), organizationId: z.uuid().optional() }),
  schedule: { cron: '*/15 * * * *', payload: {} },
  policy: 'stately',
  handler: async (payload, context) => {
    const started = await startDueSyncs(context, payload.now ? new Date(payload.now) : new Date(), payload.organizationId);
    if (started.length) context.log.info({ organizations: started.length }, 'started scheduled Google Workspace syncs');
  },
});
