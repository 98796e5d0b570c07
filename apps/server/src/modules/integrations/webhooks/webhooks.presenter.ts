import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointState, WebhookEventType } from '@vigil/contracts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '@vigil/db';
import type { Tenant } from '../../../lib/tenant.ts';
import { webhookAbilities } from './webhooks.policy.ts';
import type { LastDelivery } from './webhooks.repository.ts';

const stateOf = (row: WebhookEndpointRow): WebhookEndpointState => (row.enabled ? 'active' : row.disabledReason === 'gone' ? 'gone' : 'paused');

/** An endpoint as the API answers it: never its secret, sealed or not (only create and rotate answer that, once). */
export const presentWebhook = (row: WebhookEndpointRow, tenant: Pick<Tenant, 'role'>, last: LastDelivery | undefined, pending: number): WebhookEndpoint => ({
  id: row.id,
  name: row.name,
  url: row.url,
  // The column is text; only the contract's types are ever written to it.
  eventTypes: row.eventTypes as WebhookEventType[],
  state: stateOf(row),
  lastDelivery: last ? { state: last.state, eventType: last.eventType, statusCode: last.lastStatusCode, attemptedAt: last.lastAttemptAt.toISOString() } : null,
  pendingDeliveries: pending,
  secretRotatedAt: row.secretRotatedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  can: webhookAbilities(tenant, row),
});

export const presentDelivery = (row: WebhookDeliveryRow, endpoint: Pick<WebhookEndpointRow, 'enabled'>, tenant: Pick<Tenant, 'role'>): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  lastStatusCode: row.lastStatusCode,
  lastResponseExcerpt: row.lastResponseExcerpt,
  lastError: row.lastError,
  lastDurationMs: row.lastDurationMs,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  payload: row.payload,
  can: { redeliver: webhookAbilities(tenant, endpoint).sendTest },
});
