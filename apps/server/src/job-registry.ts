import type { Config } from './config.ts';
import { type AnyJobDefinition, checkJobDefinitions } from './lib/jobs.ts';
import { createPruneAuditLogJob } from './modules/audit-log/audit-log.jobs.ts';
import { dispatchCampaignsJob, sendBatchJob } from './modules/phishing/campaigns/campaigns.jobs.ts';
import { consumeEventsJob } from './modules/events/events.jobs.ts';
import { pruneRateLimitsJob } from './modules/maintenance/rate-limit.jobs.ts';
import { runProgrammesJob } from './modules/phishing/programmes/programmes.jobs.ts';
import { recordUnansweredLuresJob } from './modules/phishing/adaptive/skill-ratings.jobs.ts';
import { trainingRemindersJob } from './modules/training/reminders/training-reminders.jobs.ts';
import { trainingCadenceJob } from './modules/training/cadence/cadence.jobs.ts';
import { complianceRetentionJob } from './modules/compliance/compliance.jobs.ts';
import { refreshRiskScoresJob } from './modules/risk/risk.jobs.ts';
import { deliverScheduledReportsJob } from './modules/reporting/reporting.jobs.ts';
import { notifyManagersJob, reviewAdaptiveControlsJob } from './modules/adaptive-controls/adaptive-controls.jobs.ts';
import { googleDirectorySweepJob, googleDirectorySyncJob } from './modules/integrations/google-directory/google-directory.jobs.ts';
import { deliverWebhooksJob, pruneWebhookDeliveriesJob } from './modules/integrations/webhooks/webhooks.jobs.ts';
import { pollAllPhishMailboxesJob, pollPhishMailboxJob } from './modules/integrations/phish-mailbox/index.ts';

/**
 * Every background job the product runs, in one list: the server (when it runs jobs in process) and
 * `npm run worker` register the same queues from it. A module adds its jobs here.
 */
export const jobDefinitions = (config: Config): readonly AnyJobDefinition[] =>
  checkJobDefinitions([createPruneAuditLogJob(config.auditLogRetentionDays), consumeEventsJob, dispatchCampaignsJob, sendBatchJob, recordUnansweredLuresJob, runProgrammesJob, pruneRateLimitsJob, trainingRemindersJob, trainingCadenceJob, complianceRetentionJob, refreshRiskScoresJob, deliverScheduledReportsJob, notifyManagersJob, reviewAdaptiveControlsJob, googleDirectorySyncJob, googleDirectorySweepJob, deliverWebhooksJob, pruneWebhookDeliveriesJob, pollAllPhishMailboxesJob, pollPhishMailboxJob]);
