import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { riskAggregateSchema, riskBands, riskBreakdownSchema, riskFactorSchema } from './risk.ts';
import { simulationHistorySchema } from './campaigns.ts';
import { assignmentStatusSchema } from './trainings.ts';
import { searchTextSchema } from './text.ts';

/**
 * People insights: who the caller may see, by role (spec §6). `all`: everyone the caller may see
 * (an admin the organisation, a department admin their departments, a direct manager their reports,
 * a manager their whole reporting line); `direct-reports`: the caller's own reports; `reporting-line`:
 * everyone under the caller, at any depth (managers).
 */
export const insightsPeopleViews = ['all', 'direct-reports', 'reporting-line'] as const;
export type InsightsPeopleView = (typeof insightsPeopleViews)[number];

const viewSchema = z.enum(insightsPeopleViews, { error: `must be one of ${insightsPeopleViews.join(', ')}` }).default('all');

/** GET /api/insights/people/summary/ query: the group whose score is asked for. */
export const insightsGroupQuerySchema = z.object({
  view: viewSchema,
  departmentId: z.uuid({ error: 'must be a department id' }).optional(),
});
export type InsightsGroupQuery = z.infer<typeof insightsGroupQuerySchema>;

/** GET /api/insights/people/ query: riskiest first, paged by key; `format=csv` streams every row. */
export const insightsPeopleQuerySchema = insightsGroupQuerySchema.extend({
  search: searchTextSchema(100).optional().describe('Part of a name or email address'),
  band: z.enum(riskBands, { error: `must be one of ${riskBands.join(', ')}` }).optional(),
  cursor: z.string().max(512, { error: 'is not a cursor this list gave out' }).regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(100, { error: 'must be at most 100' }).default(25),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).optional(),
});
export type InsightsPeopleQuery = z.infer<typeof insightsPeopleQuerySchema>;

const reference = z.object({ id: z.uuid(), name: z.string() });

export const insightsPersonSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    jobTitle: z.string().nullable(),
    department: reference.nullable(),
    manager: reference.nullable(),
    /** 0 until something has counted for or against the person. */
    score: z.number(),
    band: z.enum(riskBands),
    /** The causes that add most to the score, largest first (at most two). */
    topFactors: z.array(riskFactorSchema),
    computedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'InsightsPerson' });
export type InsightsPerson = z.infer<typeof insightsPersonSchema>;

export const insightsPeopleListSchema = z.object({ items: z.array(insightsPersonSchema), nextCursor: z.string().nullable() }).meta({ id: 'InsightsPeopleList' });
export type InsightsPeopleList = z.infer<typeof insightsPeopleListSchema>;

/** A group's score with its bound and what drives it (points per person, as on the organisation page). */
export const insightsGroupSchema = z
  .object({
    aggregate: riskAggregateSchema,
    drivers: z.array(z.object({ factor: riskFactorSchema, points: z.number(), people: z.int() })),
  })
  .meta({ id: 'InsightsGroup' });
export type InsightsGroup = z.infer<typeof insightsGroupSchema>;

export const insightsTrainingSchema = z.object({
  id: z.uuid(),
  moduleTitle: z.string(),
  reason: z.string(),
  status: assignmentStatusSchema,
  overdue: z.boolean(),
  assignedAt: isoDateTimeSchema,
  dueAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
  score: z.number().nullable(),
});

/** GET /api/insights/people/{id}/: one person the caller may see, with why their score is what it is. */
export const insightsPersonDetailSchema = z
  .object({
    person: insightsPersonSchema,
    breakdown: riskBreakdownSchema.nullable(),
    simulations: simulationHistorySchema.shape.items,
    trainings: z.array(insightsTrainingSchema),
  })
  .meta({ id: 'InsightsPersonDetail' });
export type InsightsPersonDetail = z.infer<typeof insightsPersonDetailSchema>;

/** GET /api/insights/departments/ query and answer: the departments the caller may see, riskiest first. */
export const insightsDepartmentsQuerySchema = z.object({ search: searchTextSchema(100).optional().describe('Part of a department name') });
export const insightsDepartmentsSchema = z
  .object({ items: z.array(riskAggregateSchema.extend({ id: z.uuid(), name: z.string(), rankingKey: z.number() })) })
  .meta({ id: 'InsightsDepartments' });
export type InsightsDepartments = z.infer<typeof insightsDepartmentsSchema>;
