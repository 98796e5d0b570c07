import { type WebhookEventType, webhookEventTypes, webhookTestEventType } from '@vigil/contracts';
import type { EventRow } from '@vigil/db';
import { publicEventData } from '../../events/public-event-data.ts';

/**
 * What a receiver gets: `{ id, type, occurredAt, organizationId, data }`. `data` names people,
 * campaigns and trainings by id and carries the event's facts, never personal details: no email
 * addresses, names, IP addresses or browser strings (a receiver that needs them looks the person up
 * through the REST API with an API key), and nothing the event log keeps for Vigil's own use (a
 * reported message's subject, a phone call's id, a mail server's answer): see public-event-data.ts.
 */
export type WebhookPayload = { id: string; type: string; occurredAt: string; organizationId: string; data: Record<string, unknown> };

const isWebhookEventType = (type: string): type is WebhookEventType => (webhookEventTypes as readonly string[]).includes(type);

/** Whether the event log row is one webhooks send. */
export const isWebhookEvent = (event: Pick<EventRow, 'type'>) => isWebhookEventType(event.type);

export const payloadOfEvent = (event: EventRow, eventId: string): WebhookPayload => {
  const data: Record<string, unknown> = {};
  if (event.personId) data.personId = event.personId;
  if (event.campaignId) data.campaignId = event.campaignId;
  if (event.recipientId) data.recipientId = event.recipientId;
  Object.assign(data, publicEventData(event));
  return { id: eventId, type: event.type, occurredAt: event.occurredAt.toISOString(), organizationId: event.organizationId, data };
};

/** The event "Send test event" sends. */
export const testPayload = (eventId: string, organizationId: string, endpointId: string, now: Date): WebhookPayload => ({
  id: eventId,
  type: webhookTestEventType,
  occurredAt: now.toISOString(),
  organizationId,
  data: { endpointId, message: 'A test event from Vigil: your endpoint is reachable and can check the signature.' },
});
