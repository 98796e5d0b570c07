import { z } from 'zod';
import { campaignNameSchema } from './campaigns.ts';
import { isoDateTimeSchema } from './dates.ts';

/** How often a recurring programme tests its audience: once in each calendar week, month or quarter. */
export const programmeCadences = ['weekly', 'monthly', 'quarterly'] as const;
export const programmeCadenceSchema = z.enum(programmeCadences, { error: `must be one of ${programmeCadences.join(', ')}` });
export type ProgrammeCadence = z.infer<typeof programmeCadenceSchema>;

const fields = {
  name: campaignNameSchema.refine((name) => name.length <= 100, { error: 'must be at most 100 characters' }),
  /** Empty: the whole organisation. */
  departmentIds: z.array(z.uuid({ error: 'must be departments of this organization' })).max(500, { error: 'must name at most 500 departments' }),
  cadence: programmeCadenceSchema,
  /** Adaptive: each person gets a lure matched to their skill, from `templateIds` or, when empty, the whole library. */
  adaptive: z.boolean(),
  templateIds: z.array(z.uuid({ error: 'must be template ids' })).max(50, { error: 'must name at most 50 templates' }),
  sendingProfileId: z.uuid({ error: 'must be a sending profile of this organization' }),
  /** Each person's lure lands within their working hours (Monday to Friday, 09:00–17:00 in their time zone). */
  businessHoursOnly: z.boolean(),
  /** Off: the programme is paused and launches nothing. */
  active: z.boolean(),
};

const fixedSetNeedsTemplates = (body: { adaptive?: boolean; templateIds?: string[] }) => body.adaptive !== false || (body.templateIds?.length ?? 0) > 0;
const fixedSetProblem = { error: 'must name at least one template when the set is fixed (not adaptive)', path: ['templateIds'] };

/** POST /api/phishing-programmes/ body. */
export const createPhishingProgrammeBodySchema = z
  .object({
    ...fields,
    departmentIds: fields.departmentIds.default([]),
    adaptive: fields.adaptive.default(true),
    templateIds: fields.templateIds.default([]),
    businessHoursOnly: fields.businessHoursOnly.default(true),
    active: fields.active.default(true),
  })
  .refine(fixedSetNeedsTemplates, fixedSetProblem)
  .meta({ id: 'CreatePhishingProgrammeBody' });
export type CreatePhishingProgrammeBody = z.infer<typeof createPhishingProgrammeBodySchema>;
export type CreatePhishingProgrammeInput = z.input<typeof createPhishingProgrammeBodySchema>;

/** PATCH /api/phishing-programmes/{id}/ body: any of the fields (active: false pauses it). */
export const updatePhishingProgrammeBodySchema = z
  .object(fields)
  .partial()
  .meta({ id: 'UpdatePhishingProgrammeBody' });
export type UpdatePhishingProgrammeBody = z.infer<typeof updatePhishingProgrammeBodySchema>;

export const phishingProgrammeIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a programme id' }) });

export const phishingProgrammeAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean() });

export const phishingProgrammeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    departmentIds: z.array(z.uuid()),
    cadence: programmeCadenceSchema,
    adaptive: z.boolean(),
    templateIds: z.array(z.uuid()),
    sendingProfileId: z.uuid(),
    businessHoursOnly: z.boolean(),
    active: z.boolean(),
    /** When the next campaign launches (a random working day and hour of the next period). */
    nextRunAt: isoDateTimeSchema,
    createdAt: isoDateTimeSchema,
    can: phishingProgrammeAbilitiesSchema,
  })
  .meta({ id: 'PhishingProgramme' });
export type PhishingProgramme = z.infer<typeof phishingProgrammeSchema>;

export const phishingProgrammeListSchema = z
  .object({
    items: z.array(phishingProgrammeSchema),
    canCreate: z.boolean(),
    /** The organisation's time zone: runs fall in its working hours, so they are shown in it. */
    timeZone: z.string(),
  })
  .meta({ id: 'PhishingProgrammeList' });
export type PhishingProgrammeList = z.infer<typeof phishingProgrammeListSchema>;
