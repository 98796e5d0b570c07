import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { simulationEventTypeSchema } from './events.ts';
import { searchTextSchema, withoutControlCharacters } from './text.ts';

export const campaignStatuses = ['draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled'] as const;
export const campaignStatusSchema = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

export const campaignKinds = ['standard', 'adaptive', 'initial-testing'] as const;
export const campaignKindSchema = z.enum(campaignKinds);
export type CampaignKind = z.infer<typeof campaignKindSchema>;

export const audienceKinds = ['organization', 'departments', 'manager', 'people'] as const;

/** Who a campaign goes to: the whole organisation, some departments, a manager's whole reporting line, or chosen people. */
export const audienceSchema = z
  .object({
    kind: z.enum(audienceKinds, { error: `must be one of ${audienceKinds.join(', ')}` }),
    ids: z.array(z.uuid({ error: 'must be ids of this organization' })).max(10_000, { error: 'must name at most 10,000' }).optional(),
  })
  .refine((audience) => audience.kind === 'organization' || (audience.ids?.length ?? 0) > 0, { error: 'must name at least one department, manager or person', path: ['ids'] })
  .refine((audience) => audience.kind !== 'manager' || audience.ids?.length === 1, { error: 'must name exactly one manager', path: ['ids'] })
  .meta({ id: 'CampaignAudience' });
export type Audience = z.infer<typeof audienceSchema>;

export const campaignNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(120, { error: 'must be at most 120 characters' })
  .refine(...withoutControlCharacters);

/** 30 days: the longest window a campaign may spread its sends over. */
export const maxSpreadMinutes = 30 * 24 * 60;

/** A campaign's editable fields, without defaults (an edit changes only what it names). */
const campaignFields = {
  name: campaignNameSchema,
  kind: z.enum(['standard', 'adaptive'], { error: 'must be standard or adaptive' }),
  templateIds: z.array(z.uuid({ error: 'must be template ids' })).min(1, { error: 'must name at least one template' }).max(50, { error: 'must name at most 50 templates' }),
  sendingProfileId: z.uuid({ error: 'must be a sending profile of this organization' }),
  audience: audienceSchema,
  /** Absent: when the campaign is launched. */
  startAt: isoDateTimeSchema.optional(),
  spreadMinutes: z.int({ error: 'must be a whole number of minutes' }).min(0, { error: 'must be 0 or more' }).max(maxSpreadMinutes, { error: `must be at most ${maxSpreadMinutes} (30 days)` }),
  businessHoursOnly: z.boolean(),
  landingPageId: z.uuid({ error: 'must be a landing page' }).optional(),
};

/** POST /api/campaigns/ body. */
export const createCampaignBodySchema = z
  .object({
    ...campaignFields,
    kind: campaignFields.kind.default('standard'),
    spreadMinutes: campaignFields.spreadMinutes.default(0),
    businessHoursOnly: campaignFields.businessHoursOnly.default(false),
  })
  .meta({ id: 'CreateCampaignBody' });
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;
export type CreateCampaignInput = z.input<typeof createCampaignBodySchema>;

/** PATCH /api/campaigns/{id}/ body: only the fields to change (no defaults: a rename keeps the schedule). */
export const updateCampaignBodySchema = z.object(campaignFields).partial().meta({ id: 'UpdateCampaignBody' });
export type UpdateCampaignBody = z.infer<typeof updateCampaignBodySchema>;

export const campaignIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a campaign id' }) });

/** How many recipients reached each stage. */
export const campaignCountsSchema = z
  .object({
    recipients: z.int(),
    scheduled: z.int(),
    sent: z.int(),
    failed: z.int(),
    uncertain: z.int(),
    cancelled: z.int(),
    opened: z.int(),
    clicked: z.int(),
    submitted: z.int(),
    reported: z.int(),
    replied: z.int(),
    attachmentOpened: z.int(),
    qrScanned: z.int(),
    called: z.int(),
    machineClicks: z.int(),
  })
  .meta({ id: 'CampaignCounts' });
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignAbilitiesSchema = z.object({ edit: z.boolean(), launch: z.boolean(), pause: z.boolean(), resume: z.boolean(), cancel: z.boolean(), delete: z.boolean() });
export type CampaignAbilities = z.infer<typeof campaignAbilitiesSchema>;

export const campaignSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: campaignKindSchema,
    status: campaignStatusSchema,
    templateIds: z.array(z.uuid()),
    sendingProfileId: z.uuid(),
    landingPageId: z.uuid().nullable(),
    audience: z.object({ kind: z.enum(audienceKinds), ids: z.array(z.uuid()).optional() }),
    startAt: isoDateTimeSchema.nullable(),
    spreadMinutes: z.int(),
    businessHoursOnly: z.boolean(),
    launchedAt: isoDateTimeSchema.nullable(),
    completedAt: isoDateTimeSchema.nullable(),
    createdAt: isoDateTimeSchema,
    counts: campaignCountsSchema,
    can: campaignAbilitiesSchema,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignsQuerySchema = z.object({
  status: campaignStatusSchema.optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(100, { error: 'must be at most 100' }).default(25),
});
export const campaignListSchema = z.object({ items: z.array(campaignSchema), nextCursor: z.string().nullable() }).meta({ id: 'CampaignList' });
export type CampaignList = z.infer<typeof campaignListSchema>;

/** POST /api/campaigns/audience-preview/: how many people an audience holds now. */
export const audiencePreviewBodySchema = z.object({ audience: audienceSchema });
export const audiencePreviewSchema = z.object({ count: z.int(), withoutEmail: z.int() }).meta({ id: 'AudiencePreview' });

/** Results of a campaign: a funnel, by department, over time. Computed in the database. */
export const campaignResultsSchema = z
  .object({
    campaignId: z.uuid(),
    counts: campaignCountsSchema,
    byDepartment: z.array(
      z.object({ departmentId: z.uuid().nullable(), name: z.string(), recipients: z.int(), sent: z.int(), opened: z.int(), clicked: z.int(), submitted: z.int(), reported: z.int() }),
    ),
    timeline: z.array(z.object({ hour: isoDateTimeSchema, sent: z.int(), opened: z.int(), clicked: z.int(), submitted: z.int(), reported: z.int() })),
    /** Recipients whose send was interrupted after the mail server may have taken it: check them by hand. */
    uncertain: z.int(),
  })
  .meta({ id: 'CampaignResults' });
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

export const recipientStates = ['scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'cancelled'] as const;
export const recipientOutcomes = ['none', 'opened', 'clicked', 'submitted', 'reported'] as const;

export const campaignRecipientsQuerySchema = z.object({
  state: z.enum(recipientStates, { error: `must be one of ${recipientStates.join(', ')}` }).optional(),
  outcome: z.enum(recipientOutcomes, { error: `must be one of ${recipientOutcomes.join(', ')}` }).optional(),
  departmentId: z.uuid({ error: 'must be a department id' }).optional(),
  search: searchTextSchema(200).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(200, { error: 'must be at most 200' }).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});
export type CampaignRecipientsQuery = z.infer<typeof campaignRecipientsQuerySchema>;

export const campaignRecipientSchema = z
  .object({
    id: z.uuid(),
    personId: z.uuid(),
    name: z.string(),
    email: z.string(),
    department: z.string().nullable(),
    templateId: z.uuid(),
    templateName: z.string(),
    language: z.string(),
    state: z.enum(recipientStates),
    sendAt: isoDateTimeSchema,
    sentAt: isoDateTimeSchema.nullable(),
    lastError: z.string().nullable(),
    openedAt: isoDateTimeSchema.nullable(),
    clickedAt: isoDateTimeSchema.nullable(),
    submittedAt: isoDateTimeSchema.nullable(),
    reportedAt: isoDateTimeSchema.nullable(),
    machineClickedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'CampaignRecipient' });
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;
export const campaignRecipientListSchema = z.object({ items: z.array(campaignRecipientSchema), nextCursor: z.string().nullable() }).meta({ id: 'CampaignRecipientList' });

/** GET /api/people/{id}/simulation-history/: one person across campaigns, newest first. */
export const simulationHistorySchema = z
  .object({
    personId: z.uuid(),
    items: z.array(
      z.object({
        campaignId: z.uuid(),
        campaignName: z.string(),
        templateName: z.string(),
        difficulty: z.int(),
        state: z.enum(recipientStates),
        sentAt: isoDateTimeSchema.nullable(),
        events: z.array(z.object({ type: simulationEventTypeSchema, at: isoDateTimeSchema })),
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'SimulationHistory' });
export type SimulationHistory = z.infer<typeof simulationHistorySchema>;
