import { randomUUID } from 'node:crypto';
import type { NewWebhookDeliveryRow } from '@vigil/db';
import type { EventConsumer } from '../../events/consumers.ts';
import { isWebhookEvent, payloadOfEvent } from './webhook-payload.ts';
import { webhookDeliveryQueue } from './webhooks.repository.ts';

/**
 * An endpoint gets the events that happened from its creation on (with a minute's slack for events
 * written as it was saved), never the history the consumer may still be catching up on.
 */
const historySlackMs = 60_000;

/**
 * Turns each organisation's new simulation, training and provisioning events into deliveries, one
 * per enabled endpoint subscribed to the event's type, in the consumer's transaction (so the cursor
 * and the deliveries commit together) and in batched inserts. The sender job takes them from there.
 */
export const webhookDeliveriesConsumer: EventConsumer = {
  name: 'webhooks.deliveries',
  apply: async (tx, batch) => {
    const events = batch.filter(isWebhookEvent);
    if (!events.length) return;
    const queue = webhookDeliveryQueue(tx);
    const endpoints = await queue.enabledEndpointsOf([...new Set(events.map((event) => event.organizationId))]);
    if (!endpoints.length) return;
    const byOrganization = new Map<string, typeof endpoints>();
    for (const endpoint of endpoints) byOrganization.set(endpoint.organizationId, [...(byOrganization.get(endpoint.organizationId) ?? []), endpoint]);
    const rows: NewWebhookDeliveryRow[] = events.flatMap((event) => {
      const subscribers = (byOrganization.get(event.organizationId) ?? []).filter(
        (endpoint) => endpoint.eventTypes.includes(event.type) && event.occurredAt.getTime() >= endpoint.createdAt.getTime() - historySlackMs,
      );
      if (!subscribers.length) return [];
      // One id per event, the same at every endpoint: receivers deduplicate by it.
      const eventId = randomUUID();
      const payload = payloadOfEvent(event, eventId);
      return subscribers.map((endpoint) => ({ organizationId: event.organizationId, endpointId: endpoint.id, eventId, sourceEventId: event.id, eventType: event.type, payload }));
    });
    await queue.insertDeliveries(rows);
  },
};
