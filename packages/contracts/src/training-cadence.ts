import { z } from 'zod';
import { audienceSchema } from './campaigns.ts';
import { isoDateSchema, isoDateTimeSchema } from './dates.ts';
import { withoutControlCharacters, withoutNul } from './text.ts';
import { trainingLanguages } from './training-content.ts';

// Training on a cadence (issue 10, second increment): rules that assign a module to an audience on
// hire, every year or every quarter; the schedule calendar of what falls due and what is planned;
// and the custom module requests an admin sends to the operator.

/**
 * How often a rule assigns its module. on_hire: each person of the audience once, on their start
 * date (people.start_date); annual: every year on the anchor date's day; quarterly: every calendar
 * quarter (the first one from the anchor date).
 */
export const trainingCadences = ['on_hire', 'annual', 'quarterly'] as const;
export const trainingCadenceSchema = z.enum(trainingCadences, { error: `must be one of ${trainingCadences.join(', ')}` });
export type TrainingCadence = z.infer<typeof trainingCadenceSchema>;

export const cadenceRuleStates = ['active', 'paused'] as const;
export const cadenceRuleStateSchema = z.enum(cadenceRuleStates, { error: 'must be active or paused' });
export type CadenceRuleState = z.infer<typeof cadenceRuleStateSchema>;

/** New hires whose start date is at most this many days past are still enrolled (the window auditors check). */
export const defaultNewHireWindowDays = 30;

const dueInDaysSchema = z.int({ error: 'must be a whole number of days' }).min(1, { error: 'must be at least 1' }).max(365, { error: 'must be at most 365' });
const newHireWindowDaysSchema = z.int({ error: 'must be a whole number of days' }).min(1, { error: 'must be at least 1' }).max(365, { error: 'must be at most 365' });

/** A compliance framework's id (C1's catalogue, e.g. `iso27001`): which framework asked for the rule. */
export const cadenceFrameworkIdSchema = z.string().trim().min(1, { error: 'must be a framework id' }).max(64, { error: 'must be at most 64 characters' }).regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'must be a framework id' });

const cadenceRuleFields = {
  moduleId: z.uuid({ error: 'must be a training module' }),
  /** The same audience as an assignment round: the organisation, departments, a manager's team, people. */
  audience: audienceSchema,
  cadence: trainingCadenceSchema,
  /** Days from the period's start (on_hire: from the start date) to the due date. */
  dueInDays: dueInDaysSchema,
  /** on_hire only: people whose start date is up to this many days past are still enrolled. */
  newHireWindowDays: newHireWindowDaysSchema,
  /** annual/quarterly: the first period starts on this day (in the organisation's time zone). Absent: today. */
  anchorDate: isoDateSchema,
  frameworkId: cadenceFrameworkIdSchema.nullable(),
  state: cadenceRuleStateSchema,
};

/** One rule to create (POST /api/training-cadence-rules/ body, and what compliance onboarding passes). */
export const cadenceRuleInputSchema = z
  .object({
    ...cadenceRuleFields,
    newHireWindowDays: cadenceRuleFields.newHireWindowDays.default(defaultNewHireWindowDays),
    anchorDate: cadenceRuleFields.anchorDate.optional(),
    frameworkId: cadenceRuleFields.frameworkId.optional(),
    state: cadenceRuleFields.state.default('active'),
  })
  .meta({ id: 'CreateCadenceRuleBody' });
export type CadenceRuleInput = z.input<typeof cadenceRuleInputSchema>;
export type CadenceRuleBody = z.infer<typeof cadenceRuleInputSchema>;

/**
 * PATCH /api/training-cadence-rules/{id}/ body: only what changes. The module and the cadence stay
 * (they name what was assigned in past periods): another module or cadence is another rule.
 */
export const updateCadenceRuleBodySchema = z
  .object({
    audience: cadenceRuleFields.audience,
    dueInDays: cadenceRuleFields.dueInDays,
    newHireWindowDays: cadenceRuleFields.newHireWindowDays,
    anchorDate: cadenceRuleFields.anchorDate,
    state: cadenceRuleFields.state,
  })
  .partial()
  .meta({ id: 'UpdateCadenceRuleBody' });
export type UpdateCadenceRuleBody = z.infer<typeof updateCadenceRuleBodySchema>;

export const cadenceRuleIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a cadence rule id' }) });

/** A cadence rule as the admin sees it. */
export const cadenceRuleSchema = z
  .object({
    id: z.uuid(),
    moduleId: z.uuid(),
    moduleTitle: z.string(),
    audience: audienceSchema,
    cadence: trainingCadenceSchema,
    dueInDays: z.int(),
    newHireWindowDays: z.int(),
    anchorDate: isoDateSchema,
    frameworkId: z.string().nullable(),
    state: cadenceRuleStateSchema,
    /** annual/quarterly: when the next period starts (its midnight in the organisation's time zone); on_hire and paused: null. */
    nextRunAt: isoDateTimeSchema.nullable(),
    /** The last period the rule assigned, and what it did. */
    lastRun: z
      .object({ period: z.string(), at: isoDateTimeSchema, assigned: z.int(), alreadyAssigned: z.int() })
      .nullable(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'CadenceRule' });
export type CadenceRule = z.infer<typeof cadenceRuleSchema>;

export const cadenceRuleListSchema = z.object({ items: z.array(cadenceRuleSchema) }).meta({ id: 'CadenceRuleList' });
export type CadenceRuleList = z.infer<typeof cadenceRuleListSchema>;

// ---- The schedule calendar ----

/** The longest range the schedule answers at once. */
export const maxScheduleDays = 366;

/**
 * GET /api/training-schedule/?from=&to= (days in the organisation's time zone, both included; at
 * most a year). Without them: from today, the next 31 days.
 */
export const trainingScheduleQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type TrainingScheduleQuery = z.infer<typeof trainingScheduleQuerySchema>;

/**
 * One line of a day: open assignments of a module falling due that day (`due`), or a cadence
 * rule's run planned that day with the number of people it is expected to assign (`planned`).
 */
export const trainingScheduleItemSchema = z
  .object({
    date: isoDateSchema,
    kind: z.enum(['due', 'planned']),
    moduleId: z.uuid(),
    moduleTitle: z.string(),
    people: z.int(),
    /** planned: the rule, its cadence and the period it runs for; due: null. */
    ruleId: z.uuid().nullable(),
    cadence: trainingCadenceSchema.nullable(),
    period: z.string().nullable(),
  })
  .meta({ id: 'TrainingScheduleItem' });
export type TrainingScheduleItem = z.infer<typeof trainingScheduleItemSchema>;

export const trainingScheduleSchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    /** The organisation's time zone: the days are its days. */
    timeZone: z.string(),
    /** Every day with something on it, in order: totals of people due and planned. */
    days: z.array(z.object({ date: isoDateSchema, due: z.int(), planned: z.int() })),
    items: z.array(trainingScheduleItemSchema),
  })
  .meta({ id: 'TrainingSchedule' });
export type TrainingSchedule = z.infer<typeof trainingScheduleSchema>;

// ---- Custom module requests ----

export const moduleRequestStatuses = ['requested', 'in_review', 'done', 'declined'] as const;
export const moduleRequestStatusSchema = z.enum(moduleRequestStatuses, { error: `must be one of ${moduleRequestStatuses.join(', ')}` });
export type ModuleRequestStatus = z.infer<typeof moduleRequestStatusSchema>;

const oneLine = (max: number, required: boolean) => {
  const text = z.string({ error: 'is required' }).trim().max(max, { error: `must be at most ${max} characters` });
  return (required ? text.min(1, { error: 'is required' }) : text).refine(...withoutControlCharacters);
};

/** POST /api/training-module-requests/ body: a module the admin wants built. */
export const createModuleRequestBodySchema = z
  .object({
    topic: oneLine(200, true),
    /** What the module should teach: the behaviour people should have afterwards. */
    objectives: z.string({ error: 'is required' }).trim().min(20, { error: 'must be at least 20 characters: say what people should be able to do afterwards' }).max(4_000, { error: 'must be at most 4,000 characters' }).refine(...withoutNul),
    /** Who it is for, in words (e.g. "warehouse staff without a company laptop"). */
    audience: oneLine(300, false).default(''),
    languages: z
      .array(z.enum(trainingLanguages, { error: `must be among ${trainingLanguages.join(', ')}` }))
      .min(1, { error: 'must name at least one language' })
      .max(trainingLanguages.length)
      .refine((languages) => new Set(languages).size === languages.length, { error: 'must not repeat a language' }),
    /** The length wanted, in minutes. */
    minutes: z.int({ error: 'must be a whole number of minutes' }).min(1, { error: 'must be at least 1' }).max(60, { error: 'must be at most 60' }),
    wantedBy: isoDateSchema.nullable().default(null),
    notes: z.string().trim().max(4_000, { error: 'must be at most 4,000 characters' }).refine(...withoutNul).default(''),
  })
  .meta({ id: 'CreateModuleRequestBody' });
export type CreateModuleRequestBody = z.infer<typeof createModuleRequestBodySchema>;
export type CreateModuleRequestInput = z.input<typeof createModuleRequestBodySchema>;

export const moduleRequestSchema = z
  .object({
    id: z.uuid(),
    topic: z.string(),
    objectives: z.string(),
    audience: z.string(),
    languages: z.array(z.enum(trainingLanguages)),
    minutes: z.int(),
    wantedBy: isoDateSchema.nullable(),
    notes: z.string(),
    status: moduleRequestStatusSchema,
    requestedBy: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'ModuleRequest' });
export type ModuleRequest = z.infer<typeof moduleRequestSchema>;

export const moduleRequestListSchema = z.object({ items: z.array(moduleRequestSchema) }).meta({ id: 'ModuleRequestList' });
export type ModuleRequestList = z.infer<typeof moduleRequestListSchema>;

export const moduleRequestIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a module request id' }) });

/** PATCH /api/training-module-requests/{id}/ body (the operator's superadmin moves a request along). */
export const updateModuleRequestBodySchema = z.object({ status: moduleRequestStatusSchema }).meta({ id: 'UpdateModuleRequestBody' });
