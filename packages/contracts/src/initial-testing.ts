import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';

/** Rates of one group of the baseline: of the messages delivered, how many were failed or reported. */
export const baselineRatesSchema = z.object({
  recipients: z.int(),
  delivered: z.int(),
  /** Clicked a link or worse (opened the attachment, scanned the QR code, replied, called, submitted). */
  failed: z.int(),
  reported: z.int(),
  /** failed / delivered, 0 to 1; null while nothing was delivered. */
  failureRate: z.number().nullable(),
  /** reported / delivered, 0 to 1; null while nothing was delivered. */
  reportRate: z.number().nullable(),
});
export type BaselineRates = z.infer<typeof baselineRatesSchema>;

export const initialTestingStates = ['not-started', 'scheduled', 'running', 'completed'] as const;

/**
 * GET /api/insights/initial-testing/: the baseline risk assessment, computed in the database from the
 * organisation's initial-testing campaign. `not-started`: none launched (every other field empty).
 */
export const initialTestingBaselineSchema = z
  .object({
    state: z.enum(initialTestingStates),
    campaignId: z.uuid().nullable(),
    startAt: isoDateTimeSchema.nullable(),
    /** When the last message is due (start plus the spread). */
    endsAt: isoDateTimeSchema.nullable(),
    completedAt: isoDateTimeSchema.nullable(),
    /** Messages sent (or that failed for good) of all: 0 to 1. */
    progress: z.number(),
    overall: baselineRatesSchema,
    byDepartment: z.array(baselineRatesSchema.extend({ departmentId: z.uuid().nullable(), name: z.string().nullable() })),
    byDifficulty: z.array(baselineRatesSchema.extend({ difficulty: z.int().min(1).max(5) })),
    /**
     * Today, to compare with: the same rates over every later simulation's lures sent from `since`
     * (90 days ago) until three days ago (newer ones have not had their time), overall and by
     * department. Null before the baseline has started.
     */
    today: z
      .object({
        since: isoDateTimeSchema,
        overall: baselineRatesSchema,
        byDepartment: z.array(baselineRatesSchema.extend({ departmentId: z.uuid().nullable(), name: z.string().nullable() })),
      })
      .nullable(),
  })
  .meta({ id: 'InitialTestingBaseline' });
export type InitialTestingBaseline = z.infer<typeof initialTestingBaselineSchema>;
