import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';

// Human risk (issue 11): a score 0–100 per person from documented, weighted facts of the event log,
// each score explained by its breakdown. The model lives in apps/server/src/modules/risk/model.ts.

/** What can move a person's score; `simulation_report` lowers it. */
export const riskFactors = [
  'simulation_click',
  'simulation_reply',
  'simulation_attachment',
  'simulation_qr',
  'simulation_call',
  'simulation_submit',
  'repeat_failure',
  'simulation_report',
  'training_overdue',
  'training_failed',
  'sign_in_anomaly',
  'no_second_factor',
] as const;
export const riskFactorSchema = z.enum(riskFactors);
export type RiskFactor = z.infer<typeof riskFactorSchema>;

/** Why a person's mistakes would cost more than most: their role or job. */
export const blastRadiusReasons = ['admin_role', 'executive_title', 'finance_title'] as const;
export type BlastRadiusReason = (typeof blastRadiusReasons)[number];

export const riskBands = ['low', 'medium', 'high', 'critical'] as const;
export type RiskBand = (typeof riskBands)[number];

/** The band a score falls in: under 25 low, under 50 medium, under 75 high, else critical. */
export const riskBand = (score: number): RiskBand => (score < 25 ? 'low' : score < 50 ? 'medium' : score < 75 ? 'high' : 'critical');

export const riskBreakdownSchema = z
  .object({
    score: z.number(),
    /** The score before the blast-radius multiplier. */
    baseScore: z.number(),
    blastRadius: z.object({ multiplier: z.number(), reasons: z.array(z.enum(blastRadiusReasons)), points: z.number() }),
    /** Each factor's share of the score in points (signed; with the blast radius's points they add up to the score). */
    factors: z.array(z.object({ factor: riskFactorSchema, points: z.number(), count: z.int(), lastAt: isoDateTimeSchema })),
  })
  .meta({ id: 'RiskBreakdown' });
export type RiskBreakdown = z.infer<typeof riskBreakdownSchema>;

/** A group's score: the mean of its people's, with a 95 % bound that is wide for a small group. */
export const riskAggregateSchema = z
  .object({ score: z.number(), lower: z.number(), upper: z.number(), people: z.int() })
  .meta({ id: 'RiskAggregate' });
export type RiskAggregate = z.infer<typeof riskAggregateSchema>;

/** GET /api/my-risk/: the signed-in person's own score, or null before anything has counted. */
export const myRiskSchema = z
  .object({ score: z.number().nullable(), band: z.enum(riskBands).nullable(), breakdown: riskBreakdownSchema.nullable(), computedAt: isoDateTimeSchema.nullable() })
  .meta({ id: 'MyRisk' });
export type MyRisk = z.infer<typeof myRiskSchema>;

/** GET /api/insights/organization/risk/: the organisation's score, what drives it, and its riskiest departments. */
export const riskTrendPointSchema = riskAggregateSchema.extend({ day: z.iso.date() }).meta({ id: 'RiskTrendPoint' });
export type RiskTrendPoint = z.infer<typeof riskTrendPointSchema>;

export const organizationRiskSchema = z
  .object({
    organization: riskAggregateSchema,
    /** Each factor's points summed over the organisation's people, divided by its people: its share of the mean score. */
    drivers: z.array(z.object({ factor: riskFactorSchema, points: z.number(), people: z.int() })),
    /** Riskiest first by a key that pulls small departments towards the organisation's mean. */
    departments: z.array(riskAggregateSchema.extend({ id: z.uuid(), name: z.string(), rankingKey: z.number() })),
    /** What-if: the organization's score if everyone with an overdue lesson completed it (`people` of them). */
    whatIf: z.object({ overdueTrainingCompleted: z.object({ score: z.number(), people: z.int() }) }),
    /** The organisation's score by day over the last six months, oldest first (daily snapshots; weekly before the first). */
    trend: z.array(riskTrendPointSchema),
    computedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'OrganizationRisk' });
export type OrganizationRisk = z.infer<typeof organizationRiskSchema>;
