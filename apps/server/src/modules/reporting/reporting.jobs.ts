import { z } from 'zod';
import { type AuthDb, createDelivery } from '@vigil/auth-provider';
import type { JobContext } from '../../lib/jobs.ts';
import { defineJob } from '../../lib/jobs.ts';
import { gatherExecutiveReport } from './executive-report.ts';
import { renderExecutiveReportPdf } from './executive-report-pdf.ts';
import { reportPeriodOf } from './report-periods.ts';
import { claimSchedulePeriod, reportingRepository, selectAllSchedules } from './reporting.repository.ts';

const reportMail = (organizationName: string, days: number, period: string, url: string, headline: string) => ({
  subject: `Human risk report for ${organizationName} (${period})`,
  text: [
    `The executive report of the last ${days} days for ${organizationName} is attached as a PDF.`,
    '',
    headline,
    '',
    `Every figure is explained on the Insights pages: ${url}`,
    'You receive this because an admin scheduled it in Reporting; any admin can change or stop the schedule there.',
  ].join('\n'),
});

/**
 * Sends each schedule's report once per period (its week or month), to the schedule's recipients
 * who are still active admins. The period is claimed before anything is sent, in one guarded
 * statement, so two workers or a retried job never send it twice; a failure after the claim is
 * logged and the next period sends as usual. `organizationId`: one organisation's schedules only (a
 * test sharing its database with others); every organisation's by default.
 * @returns how many reports went out
 */
export const deliverScheduledReports = async (context: Pick<JobContext, 'db' | 'config' | 'log'> & { stopping?: AbortSignal }, now: Date, organizationId?: string) => {
  const { db, config, log } = context;
  const delivery = createDelivery(db as AuthDb, { smtpUrl: config.mail.smtpUrl, mailFrom: config.mail.from });
  let sent = 0;
  try {
    for (const schedule of await selectAllSchedules(db, organizationId)) {
      if (context.stopping?.aborted) break;
      const period = reportPeriodOf(schedule.frequency, now);
      if (schedule.lastPeriod === period) continue;
      const scope = { organizationId: schedule.organizationId };
      const repository = reportingRepository(db, scope);
      const recipients = await repository.activeAdmins(schedule.recipientIds);
      if (recipients.length === 0 || !(await claimSchedulePeriod(db, schedule.id, period, now))) continue;
      try {
        const report = await gatherExecutiveReport(db, scope, await repository.organizationName(), schedule.days, now);
        const pdf = await renderExecutiveReportPdf(report);
        const headline = `Risk score ${Math.round(report.risk.score)} of 100 (${report.risk.band}); ${report.simulations.failed} of ${report.simulations.sent} lures fell for; ${report.training.overdue} lessons overdue.`;
        const mail = reportMail(report.organizationName, schedule.days, period, `${config.publicUrl}/insights/organization/`, headline);
        const filename = `human-risk-report-${period}.pdf`;
        for (const recipient of recipients) {
          await delivery.send({ channel: 'email', to: recipient.email, ...mail, attachments: [{ filename, content: pdf, contentType: 'application/pdf' }] });
        }
        sent++;
      } catch (error) {
        log.error({ err: error, scheduleId: schedule.id, period }, 'a scheduled report could not be sent; the next period sends as usual');
      }
    }
  } finally {
    delivery.close();
  }
  return sent;
};

/** Hourly: the reports whose week or month has begun (see `deliverScheduledReports`). */
export const deliverScheduledReportsJob = defineJob({
  name: 'reports.deliver-scheduled',
  payload: z.object({ now: z.iso.datetime({ offset: true }).optional() }),
  schedule: { cron: '23 * * * *', payload: {} },
  policy: 'stately',
  handler: async (payload, context) => {
    const sent = await deliverScheduledReports(context, payload.now ? new Date(payload.now) : new Date());
    if (sent > 0) context.log.info({ sent }, 'sent scheduled reports');
  },
});
