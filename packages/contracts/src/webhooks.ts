import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { provisioningEventTypes, simulationEventTypes } from './events.ts';
import { withoutControlCharacters } from './text.ts';
import { trainingEventTypes } from './trainings.ts';

// Configure → Integrations → Webhooks: signed POSTs of the organisation's events to its own systems.

/** The event types an endpoint can subscribe to, in the groups the settings page shows. */
export const webhookEventGroups = {
  simulation: simulationEventTypes,
  training: trainingEventTypes,
  provisioning: provisioningEventTypes,
} as const;
export type WebhookEventGroup = keyof typeof webhookEventGroups;

export const webhookEventTypes = [...simulationEventTypes, ...trainingEventTypes, ...provisioningEventTypes] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The type of the event "Send test event" sends; every endpoint gets it, whatever it subscribes to. */
export const webhookTestEventType = 'webhook_test';

/** The headers every delivery carries (see docs/webhooks.md for how to check the signature). */
export const webhookHeaders = { signature: 'Vigil-Signature', eventId: 'Vigil-Event-Id', eventType: 'Vigil-Event-Type' } as const;

/** `endpointsPerOrganization`: every event goes to each endpoint, so their number is bounded (409 beyond it). */
export const webhookLimits = { nameMaxLength: 100, urlMaxLength: 2000, responseExcerptBytes: 1024, endpointsPerOrganization: 25 } as const;

const nameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(webhookLimits.nameMaxLength, { error: `must be at most ${webhookLimits.nameMaxLength} characters` })
  .refine(...withoutControlCharacters);

/** The receiver's address as typed; the server checks its scheme and the outbound guard (400 naming body.url). */
const urlSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(webhookLimits.urlMaxLength, { error: `must be at most ${webhookLimits.urlMaxLength} characters` })
  .refine(...withoutControlCharacters);

const eventTypesSchema = z
  .array(z.enum(webhookEventTypes, { error: 'must be event types Vigil sends (see webhookEventTypes)' }), { error: 'must be a list of event types' })
  .min(1, { error: 'must name at least one event type' })
  .max(webhookEventTypes.length, { error: `must name at most ${webhookEventTypes.length} event types` })
  .refine((types) => new Set(types).size === types.length, { error: 'must not name an event type twice' });

/** POST /api/integrations/webhooks/ body. */
export const createWebhookEndpointBodySchema = z
  .object({ name: nameSchema, url: urlSchema, eventTypes: eventTypesSchema, enabled: z.boolean({ error: 'must be true or false' }).default(true) })
  .strict();
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBodySchema>;
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointBodySchema>;

/** PATCH /api/integrations/webhooks/{id}/ body: what changes. `enabled: false` pauses, `true` resumes (also after a 410). */
export const updateWebhookEndpointBodySchema = z
  .object({ name: nameSchema, url: urlSchema, eventTypes: eventTypesSchema, enabled: z.boolean({ error: 'must be true or false' }) })
  .partial()
  .strict();
export type UpdateWebhookEndpointBody = z.infer<typeof updateWebhookEndpointBodySchema>;

export const webhookEndpointIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a webhook id' }) });
export const webhookDeliveryIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a webhook id' }), deliveryId: z.uuid({ error: 'must be a delivery id' }) });

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/** active: sends; paused: an admin paused it; gone: Vigil switched it off because the receiver answered 410 Gone. */
export const webhookEndpointStates = ['active', 'paused', 'gone'] as const;
export type WebhookEndpointState = (typeof webhookEndpointStates)[number];

export const webhookEndpointAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean(), rotateSecret: z.boolean(), sendTest: z.boolean() });
export type WebhookEndpointAbilities = z.infer<typeof webhookEndpointAbilitiesSchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    url: z.string(),
    eventTypes: z.array(z.enum(webhookEventTypes)),
    state: z.enum(webhookEndpointStates),
    /** The latest attempt of any delivery to it; null before the first. */
    lastDelivery: z
      .object({ state: z.enum(webhookDeliveryStates), eventType: z.string(), statusCode: z.int().nullable(), attemptedAt: isoDateTimeSchema })
      .nullable(),
    /** Deliveries still waiting to go (due, or waiting for a retry). */
    pendingDeliveries: z.int(),
    /** When the signing secret was made; it is answered only then (`secret`). */
    secretRotatedAt: isoDateTimeSchema,
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    can: webhookEndpointAbilitiesSchema,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of create and rotate: the endpoint and its signing secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe('The signing secret (whsec_…): shown this once; keep it in the receiver') })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointsSchema = z.object({ items: z.array(webhookEndpointSchema) }).meta({ id: 'WebhookEndpoints' });
export type WebhookEndpoints = z.infer<typeof webhookEndpointsSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventType: z.string(),
    state: z.enum(webhookDeliveryStates),
    attempts: z.int(),
    /** When the next attempt is due; null once delivered or failed. */
    nextAttemptAt: isoDateTimeSchema.nullable(),
    lastAttemptAt: isoDateTimeSchema.nullable(),
    lastStatusCode: z.int().nullable(),
    /** The first kilobyte of the receiver's last answer. */
    lastResponseExcerpt: z.string().nullable(),
    /** Why the last attempt failed when no answer came (refused address, timeout, connection), or what was wrong with it. */
    lastError: z.string().nullable(),
    lastDurationMs: z.int().nullable(),
    deliveredAt: isoDateTimeSchema.nullable(),
    createdAt: isoDateTimeSchema,
    /** The JSON body as sent. */
    payload: z.record(z.string(), z.unknown()),
    can: z.object({ redeliver: z.boolean() }),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/integrations/webhooks/{id}/deliveries/ query: newest first, keyset paged. */
export const webhookDeliveriesQuerySchema = z.object({
  cursor: z.string().max(512, { error: 'is not a cursor this list gave out' }).regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave out' }).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(100, { error: 'must be at most 100' }).default(25),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliveriesSchema = z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }).meta({ id: 'WebhookDeliveries' });
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;
