import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './dates.ts';
import { attackVectors } from './phishing-content.ts';
import { searchTextSchema } from './text.ts';

// Compliance (issue 10, second increment): the frameworks whose clauses ask for security awareness
// training, which an organisation chooses, each mapped to training modules; who is compliant with
// each; the evidence pack an auditor reads; how long the records are kept.

/** The frameworks of the server's catalogue (apps/server/src/modules/compliance/frameworks/). */
export const complianceFrameworkIds = ['iso27001', 'nist-800-53', 'pci-dss', 'hipaa', 'soc2', 'gdpr', 'nis2', 'dora'] as const;
export const complianceFrameworkIdSchema = z.enum(complianceFrameworkIds, { error: `must be one of ${complianceFrameworkIds.join(', ')}` });
export type ComplianceFrameworkId = z.infer<typeof complianceFrameworkIdSchema>;

/**
 * A person's standing with a framework (see the server's compliance-status.ts):
 * - compliant: passed every required module within the framework's period (the last 12 months);
 * - overdue: an open assignment of a required module is past its due date, or a new hire has passed
 *   none of them and is past the new-hire window;
 * - missing: a required module is neither passed within the period nor assigned;
 * - in_progress: every required module not yet passed is assigned and not yet due.
 */
export const complianceStatuses = ['compliant', 'in_progress', 'overdue', 'missing'] as const;
export const complianceStatusSchema = z.enum(complianceStatuses, { error: `must be one of ${complianceStatuses.join(', ')}` });
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;

export const complianceCountsSchema = z
  .object({ compliant: z.int(), inProgress: z.int(), overdue: z.int(), missing: z.int(), total: z.int() })
  .meta({ id: 'ComplianceCounts' });
export type ComplianceCounts = z.infer<typeof complianceCountsSchema>;

export const complianceClauseSchema = z
  .object({
    reference: z.string(),
    title: z.string(),
    /** What the clause asks, in plain words (never the standard's own text). */
    asks: z.string(),
    /** How Vigil's records and features answer it. */
    evidence: z.string(),
  })
  .meta({ id: 'ComplianceClause' });
export type ComplianceClause = z.infer<typeof complianceClauseSchema>;

export const complianceModuleSchema = z.object({ id: z.uuid(), title: z.string(), topic: z.string(), version: z.int(), minutes: z.int() }).meta({ id: 'ComplianceModule' });
export type ComplianceModule = z.infer<typeof complianceModuleSchema>;

export const complianceFrameworkSchema = z
  .object({
    id: complianceFrameworkIdSchema,
    name: z.string(),
    shortName: z.string(),
    /** Who publishes it and which version the clauses are read from. */
    edition: z.string(),
    summary: z.string(),
    clauses: z.array(complianceClauseSchema),
    /** Further reading the clauses lean on (e.g. NIST SP 800-50 Rev. 1). */
    guidance: z.array(z.string()),
    /** How often each person is to pass the modules: every year; `onHire` also within the new-hire window. */
    cadence: z.object({ annual: z.boolean(), onHire: z.boolean(), periodMonths: z.int() }),
    /** The built-in modules the framework implies (the catalogue's suggestion). */
    suggestedModules: z.array(complianceModuleSchema),
    /** The simulated attacks (phishing programmes' lures) that evidence the framework's social engineering clauses. */
    simulationVectors: z.array(z.enum(attackVectors)),
    chosen: z.boolean(),
    /** Chosen: the modules the organisation requires for it (editable); otherwise the suggestion. */
    modules: z.array(complianceModuleSchema),
    /** Chosen: the organisation's active people by status; otherwise null. */
    counts: complianceCountsSchema.nullable(),
    chosenAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ComplianceFramework' });
export type ComplianceFramework = z.infer<typeof complianceFrameworkSchema>;

export const complianceProgrammeSchema = z.object({ id: z.uuid(), name: z.string(), cadence: z.string(), active: z.boolean() }).meta({ id: 'ComplianceProgramme' });

export const complianceOverviewSchema = z
  .object({
    frameworks: z.array(complianceFrameworkSchema),
    /** The organisation's phishing programmes: recurring simulations, the evidence of the social engineering clauses. */
    programmes: z.array(complianceProgrammeSchema),
    /** When the statuses were worked out. */
    asOf: isoDateTimeSchema,
  })
  .meta({ id: 'ComplianceOverview' });
export type ComplianceOverview = z.infer<typeof complianceOverviewSchema>;

export const complianceFrameworkParamsSchema = z.object({ id: complianceFrameworkIdSchema });

/**
 * PUT /api/compliance/frameworks/{id}/ body: choose a framework, or change the modules it requires.
 * Absent moduleIds: the catalogue's suggestion. Each required module becomes two cadence rules for
 * the whole organisation (every year, and on hire within the new-hire window) unless applyCadence is false.
 */
export const chooseComplianceFrameworkBodySchema = z
  .object({
    moduleIds: z
      .array(z.uuid({ error: 'must be training modules' }))
      .min(1, { error: 'must name at least one module' })
      .max(50, { error: 'must name at most 50 modules' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a module' })
      .optional(),
    applyCadence: z.boolean().default(true),
  })
  .meta({ id: 'ChooseComplianceFrameworkBody' });
export type ChooseComplianceFrameworkBody = z.infer<typeof chooseComplianceFrameworkBodySchema>;
export type ChooseComplianceFrameworkInput = z.input<typeof chooseComplianceFrameworkBodySchema>;

/** GET /api/compliance/frameworks/{id}/people/ query (keyset paged; `format=csv` streams every match). */
export const compliancePeopleQuerySchema = z.object({
  status: complianceStatusSchema.optional(),
  search: searchTextSchema(100).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(200, { error: 'must be at most 200' }).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});
export type CompliancePeopleQuery = z.infer<typeof compliancePeopleQuerySchema>;

export const compliancePersonSchema = z
  .object({
    personId: z.uuid(),
    name: z.string(),
    email: z.string(),
    department: z.string().nullable(),
    startDate: isoDateSchema.nullable(),
    status: complianceStatusSchema,
    /** Required modules passed within the period, out of `required`. */
    passed: z.int(),
    required: z.int(),
    /** The earliest due date of their open assignments of required modules. */
    nextDueAt: isoDateTimeSchema.nullable(),
    /** The latest pass of a required module within the period. */
    lastCompletedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'CompliancePerson' });
export type CompliancePerson = z.infer<typeof compliancePersonSchema>;

export const compliancePeopleListSchema = z.object({ items: z.array(compliancePersonSchema), nextCursor: z.string().nullable() }).meta({ id: 'CompliancePeopleList' });
export type CompliancePeopleList = z.infer<typeof compliancePeopleListSchema>;

export const retentionYearsBounds = { min: 1, max: 10, default: 6 } as const;
export const newHireWindowDaysBounds = { min: 1, max: 365, default: 30 } as const;

export const complianceSettingsSchema = z
  .object({
    /** How long finished training records (and policy acknowledgements) are kept; then a daily job deletes them. */
    retentionYears: z
      .int({ error: 'must be a whole number of years' })
      .min(retentionYearsBounds.min, { error: `must be at least ${retentionYearsBounds.min}` })
      .max(retentionYearsBounds.max, { error: `must be at most ${retentionYearsBounds.max}` }),
    /** Days after their start date within which a new hire is to pass the required modules. */
    newHireWindowDays: z
      .int({ error: 'must be a whole number of days' })
      .min(newHireWindowDaysBounds.min, { error: `must be at least ${newHireWindowDaysBounds.min}` })
      .max(newHireWindowDaysBounds.max, { error: `must be at most ${newHireWindowDaysBounds.max}` }),
  })
  .meta({ id: 'ComplianceSettings' });
export type ComplianceSettings = z.infer<typeof complianceSettingsSchema>;
export const defaultComplianceSettings: ComplianceSettings = { retentionYears: retentionYearsBounds.default, newHireWindowDays: newHireWindowDaysBounds.default };

/** GET /api/compliance/frameworks/{id}/evidence/ query: the evidence pack for completions in [from, to] (days in UTC). */
export const complianceEvidenceQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    format: z.enum(['pdf', 'csv'], { error: 'must be pdf or csv' }).default('pdf'),
  })
  .refine((query) => query.from <= query.to, { error: 'must be on or after from', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 11 * 366 * 86_400_000, { error: 'must be at most 11 years after from', path: ['to'] });
export type ComplianceEvidenceQuery = z.infer<typeof complianceEvidenceQuerySchema>;

/** The evidence CSV's columns, in order. */
export const complianceEvidenceCsvColumns = [
  'person',
  'email',
  'department',
  'person active',
  'module',
  'module version',
  'result',
  'reason',
  'assigned',
  'due',
  'started',
  'completed',
  'score',
  'attempts',
  'certificate id',
] as const;
