import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { riskAggregateSchema, riskBands, riskFactorSchema } from './risk.ts';

/** How far back a report looks. */
export const reportPeriods = [30, 90, 180] as const;
export const reportPeriodQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'must be 30, 90 or 180' })
    .refine((days) => (reportPeriods as readonly number[]).includes(days), { error: 'must be 30, 90 or 180' })
    .default(90),
});

/**
 * A recommended action, as a key and the values its sentence needs: the web app words it in the
 * reader's language (`reporting.actions.<key>`), the PDF in English.
 */
export const recommendedActionKeys = ['complete_overdue_training', 'no_simulations', 'focus_failure', 'encourage_reporting', 'department_attention', 'compliance_gap'] as const;
export const recommendedActionSchema = z.object({
  key: z.enum(recommendedActionKeys),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RecommendedAction = z.infer<typeof recommendedActionSchema>;

export const executiveReportSchema = z
  .object({
    organizationName: z.string(),
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
    days: z.int(),
    risk: riskAggregateSchema.extend({
      band: z.enum(riskBands),
      /** The score at the start of the period, when a snapshot of that day exists. */
      previous: z.number().nullable(),
      trend: z.array(z.object({ day: z.iso.date(), score: z.number() })),
    }),
    drivers: z.array(z.object({ factor: riskFactorSchema, points: z.number(), people: z.int() })),
    departments: z.array(riskAggregateSchema.extend({ name: z.string() })),
    simulations: z.object({
      campaigns: z.int(),
      sent: z.int(),
      /** People who fell for a lure (clicked, scanned, opened an attachment, entered details, replied or called). */
      failed: z.int(),
      submitted: z.int(),
      reported: z.int(),
      byMonth: z.array(z.object({ month: z.string(), sent: z.int(), failed: z.int(), reported: z.int() })),
    }),
    training: z.object({ assigned: z.int(), completed: z.int(), overdue: z.int(), open: z.int() }),
    compliance: z.array(z.object({ framework: z.string(), compliant: z.int(), total: z.int() })),
    actions: z.array(recommendedActionSchema),
    generatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'ExecutiveReport' });
export type ExecutiveReport = z.infer<typeof executiveReportSchema>;

export const reportFrequencies = ['weekly', 'monthly'] as const;
const recipientsSchema = z
  .array(z.uuid({ error: 'must be people ids' }), { error: 'must be a list of people ids' })
  .min(1, { error: 'must name at least one admin' })
  .max(20, { error: 'must name at most 20 admins' });

export const reportScheduleBodySchema = z
  .object({
    frequency: z.enum(reportFrequencies, { error: 'must be weekly or monthly' }),
    days: reportPeriodQuerySchema.shape.days.unwrap(),
    recipientIds: recipientsSchema,
  })
  .meta({ id: 'ReportScheduleBody' });
export type ReportScheduleBody = z.infer<typeof reportScheduleBodySchema>;

export const reportScheduleSchema = z
  .object({
    id: z.uuid(),
    frequency: z.enum(reportFrequencies),
    days: z.int(),
    recipients: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
    /** The last period delivered (2026-W48, 2026-11), null before the first. */
    lastPeriod: z.string().nullable(),
    lastSentAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ReportSchedule' });
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportSchedulesSchema = z.object({ items: z.array(reportScheduleSchema) }).meta({ id: 'ReportSchedules' });

/** GET /api/reports/clients/: a managed-service provider's clients side by side. */
export const clientsSummarySchema = z
  .object({
    items: z.array(
      riskAggregateSchema.extend({
        id: z.uuid(),
        name: z.string(),
        /** Change of the score over the last 30 days (null without a snapshot then). */
        change: z.number().nullable(),
        sent: z.int(),
        failed: z.int(),
        reported: z.int(),
        overdueTraining: z.int(),
      }),
    ),
  })
  .meta({ id: 'ClientsSummary' });
export type ClientsSummary = z.infer<typeof clientsSummarySchema>;
