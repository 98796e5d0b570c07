import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { withoutControlCharacters } from './text.ts';

export const adaptiveTriggerSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('score_at_least'),
      threshold: z.int({ error: 'must be a whole number from 1 to 100' }).min(1, { error: 'must be at least 1' }).max(100, { error: 'must be at most 100' }),
    }),
    z.object({
      kind: z.literal('failures_within'),
      count: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(20, { error: 'must be at most 20' }),
      days: z.int({ error: 'must be a whole number of days' }).min(7, { error: 'must be at least 7' }).max(365, { error: 'must be at most 365' }),
    }),
  ],
  { error: 'must be score_at_least or failures_within' },
);
export type AdaptiveTriggerInput = z.infer<typeof adaptiveTriggerSchema>;

export const adaptiveActionsSchema = z
  .object({
    assignModuleId: z.uuid({ error: 'must be a training module' }).nullable().default(null),
    notifyManager: z.boolean().default(false),
    requireMfa: z.boolean().default(false),
    sessionMaxMinutes: z.int({ error: 'must be a whole number of minutes' }).min(15, { error: 'must be at least 15' }).max(7 * 24 * 60, { error: 'must be at most 10080 (7 days)' }).nullable().default(null),
  })
  .refine((actions) => actions.assignModuleId || actions.notifyManager || actions.requireMfa || actions.sessionMaxMinutes, { error: 'must do at least one thing', path: [] });

export const adaptiveRuleBodySchema = z
  .object({
    name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(120, { error: 'must be at most 120 characters' }).refine(...withoutControlCharacters),
    trigger: adaptiveTriggerSchema,
    actions: adaptiveActionsSchema,
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'AdaptiveRuleBody' });
export type AdaptiveRuleBody = z.infer<typeof adaptiveRuleBodySchema>;
export type AdaptiveRuleInput = z.input<typeof adaptiveRuleBodySchema>;

export const adaptiveRuleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    trigger: adaptiveTriggerSchema,
    actions: z.object({ assignModuleId: z.uuid().nullable(), notifyManager: z.boolean(), requireMfa: z.boolean(), sessionMaxMinutes: z.int().nullable() }),
    enabled: z.boolean(),
    /** People the rule holds right now. */
    active: z.int(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'AdaptiveRule' });
export type AdaptiveRule = z.infer<typeof adaptiveRuleSchema>;
export const adaptiveRulesSchema = z.object({ items: z.array(adaptiveRuleSchema) }).meta({ id: 'AdaptiveRules' });

export const adaptiveFiringSchema = z
  .object({
    id: z.uuid(),
    ruleId: z.uuid(),
    ruleName: z.string(),
    person: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    firedAt: isoDateTimeSchema,
    applied: z.object({ assignmentId: z.uuid().nullable(), managerNotified: z.boolean(), requireMfa: z.boolean(), sessionMaxMinutes: z.int().nullable(), score: z.number(), failures: z.int() }),
    liftedAt: isoDateTimeSchema.nullable(),
    liftedReason: z.enum(['recovered', 'admin', 'rule']).nullable(),
  })
  .meta({ id: 'AdaptiveFiring' });
export type AdaptiveFiring = z.infer<typeof adaptiveFiringSchema>;
export const adaptiveFiringsQuerySchema = z.object({
  status: z.enum(['active', 'all'], { error: 'must be active or all' }).default('active'),
  cursor: z.string().max(512, { error: 'is not a cursor this list gave out' }).regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(100, { error: 'must be at most 100' }).default(25),
});
export const adaptiveFiringsSchema = z.object({ items: z.array(adaptiveFiringSchema), nextCursor: z.string().nullable() }).meta({ id: 'AdaptiveFirings' });
export type AdaptiveFirings = z.infer<typeof adaptiveFiringsSchema>;
