import { z } from 'zod';
import { campaignCountsSchema, campaignKindSchema, campaignStatusSchema } from './campaigns.ts';
import { isoDateTimeSchema } from './dates.ts';
import { provisioningEventTypes, simulationEventTypes } from './events.ts';
import { personSources } from './organization-users.ts';
import { roleSchema } from './roles.ts';
import { assignmentStatusSchema, trainingEventTypes } from './trainings.ts';

/**
 * The public REST API under /api/v1, opened by an organisation API key (`Authorization: Bearer vgl_…`).
 * Its shapes are a promise to integrators (SIEMs, HR and automation scripts): fields are only ever
 * added within v1. Lists page by key: pass back `nextCursor` until it is null.
 */

const cursorSchema = z
  .string()
  .max(512, { error: 'is not a cursor this list gave out' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' })
  .optional()
  .describe('Where the page starts: the nextCursor of the previous page; absent for the first page');

const limitSchema = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback)
    .describe(`How many items a page holds (1 to ${max}; ${fallback} when absent)`);

const booleanTextSchema = z.enum(['true', 'false'], { error: 'must be true or false' });

/** A page of a list; `nextCursor` is null on the last page. */
const pageOf = <T extends z.ZodType>(item: T, id: string) => z.object({ items: z.array(item), nextCursor: z.string().nullable() }).meta({ id });

export const publicPeopleQuerySchema = z.object({
  email: z.string().trim().max(320, { error: 'must be at most 320 characters' }).optional().describe('Only the person with this email (compared case-insensitively)'),
  departmentId: z.uuid({ error: 'must be a department id (a UUID)' }).optional().describe('Only people of this department'),
  active: booleanTextSchema.optional().describe('true: only active people; false: only deactivated ones; absent: both'),
  cursor: cursorSchema,
  limit: limitSchema(100, 500),
});
export type PublicPeopleQuery = z.infer<typeof publicPeopleQuerySchema>;

export const publicPersonSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    department: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    managerId: z.uuid().nullable(),
    jobTitle: z.string().nullable(),
    employeeNumber: z.string().nullable(),
    active: z.boolean(),
    source: z.enum(personSources).describe('Where the person came from: manual, csv, scim, sso or demo'),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'PublicPerson' });
export type PublicPerson = z.infer<typeof publicPersonSchema>;
export const publicPeoplePageSchema = pageOf(publicPersonSchema, 'PublicPeoplePage');
export type PublicPeoplePage = z.infer<typeof publicPeoplePageSchema>;

export const publicCampaignsQuerySchema = z.object({
  status: campaignStatusSchema.optional().describe('Only campaigns in this status'),
  cursor: cursorSchema,
  limit: limitSchema(25, 100),
});
export type PublicCampaignsQuery = z.infer<typeof publicCampaignsQuerySchema>;

export const publicCampaignSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: campaignKindSchema,
    status: campaignStatusSchema,
    startAt: isoDateTimeSchema.nullable(),
    launchedAt: isoDateTimeSchema.nullable(),
    completedAt: isoDateTimeSchema.nullable(),
    createdAt: isoDateTimeSchema,
    counts: campaignCountsSchema,
  })
  .meta({ id: 'PublicCampaign' });
export type PublicCampaign = z.infer<typeof publicCampaignSchema>;
export const publicCampaignsPageSchema = pageOf(publicCampaignSchema, 'PublicCampaignsPage');
export type PublicCampaignsPage = z.infer<typeof publicCampaignsPageSchema>;

export const publicCampaignParamsSchema = z.object({ id: z.uuid({ error: 'must be a campaign id (a UUID)' }) });

/** The event types the feed carries: simulation outcomes, training progress and directory provisioning. */
export const publicEventTypes = [...simulationEventTypes, ...trainingEventTypes, ...provisioningEventTypes] as const;
export type PublicEventType = (typeof publicEventTypes)[number];
export const publicEventCategories = ['simulation', 'training', 'provisioning'] as const;

export const publicEventsQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'must be an event id' })
    .int({ error: 'must be an event id' })
    .min(0, { error: 'must be 0 or more' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'must be an event id' })
    .default(0)
    .describe('Only events after this id: the nextAfter of the previous answer; 0 (or absent) for the oldest'),
  types: z
    .string()
    .max(2_000, { error: 'must be at most 2000 characters' })
    .optional()
    .describe(`Only these types, comma-separated (${publicEventTypes.join(', ')}); absent: all of them`),
  limit: limitSchema(500, 1_000),
});
export type PublicEventsQuery = z.infer<typeof publicEventsQuerySchema>;

export const publicEventSchema = z
  .object({
    id: z.int().describe('Increases with every event; pass the last one seen as `after`'),
    type: z.enum(publicEventTypes),
    category: z.enum(publicEventCategories),
    occurredAt: isoDateTimeSchema,
    person: z.object({ id: z.uuid(), email: z.string() }).nullable(),
    campaignId: z.uuid().nullable(),
    data: z.record(z.string(), z.unknown()).describe('What else the event records (a link, a module, the directory that made a change); varies by type'),
  })
  .meta({ id: 'PublicEvent' });
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const publicEventFeedSchema = z
  .object({
    items: z.array(publicEventSchema),
    nextAfter: z
      .int()
      .describe(
        'Pass as `after` next time: the last event id of this page while `hasMore` is true; otherwise the id up to which the log was read (it may be past the last event you got: the events between were of other types or organisations)',
      ),
    hasMore: z.boolean().describe('True when more events are ready now: ask again at once rather than waiting'),
  })
  .meta({ id: 'PublicEventFeed' });
export type PublicEventFeed = z.infer<typeof publicEventFeedSchema>;

export const publicTrainingAssignmentsQuerySchema = z.object({
  personId: z.uuid({ error: 'must be a person id (a UUID)' }).optional().describe('Only this person’s assignments'),
  moduleId: z.uuid({ error: 'must be a training module id (a UUID)' }).optional(),
  status: assignmentStatusSchema.optional(),
  overdue: booleanTextSchema.optional(),
  cursor: cursorSchema,
  limit: limitSchema(100, 500),
});
export type PublicTrainingAssignmentsQuery = z.infer<typeof publicTrainingAssignmentsQuerySchema>;
