import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveries,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpoints,
  WebhookEndpointWithSecret,
} from '@vigil/contracts';
import { webhookLimits, webhookTestEventType } from '@vigil/contracts';
import type { Db, WebhookEndpointRow } from '@vigil/db';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { decodeCursor, readKeysetPage, timestampKeySchema } from '../../../lib/keyset.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { type DispatchContext, deliverOneNow } from './webhook-dispatch.ts';
import { testPayload } from './webhook-payload.ts';
import { newSigningSecret } from './webhook-signature.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import { refuseSendingNow, requireWebhookManager } from './webhooks.policy.ts';
import { presentDelivery, presentWebhook } from './webhooks.presenter.ts';
import { type DeliveryKey, webhooksRepository } from './webhooks.repository.ts';

/** What the service needs beyond the database: the secret box, the sending settings and a logger (the dispatcher's). */
export type WebhookSettings = Omit<DispatchContext, 'db' | 'stopping'>;

const deliveryKeySchema = z.tuple([timestampKeySchema, z.uuid()]);

// The URL's path or query may be a credential of its own (many receivers put a token there): the audit log keeps the host.
const hostOf = (url: string) => new URL(url).host;

const presentOne = async (db: Db, tenant: Tenant, row: WebhookEndpointRow): Promise<WebhookEndpoint> => {
  const repository = webhooksRepository(db, scopeOf(tenant));
  const [last, pending] = await Promise.all([repository.lastDeliveries([row.id]), repository.pendingCounts([row.id])]);
  return presentWebhook(row, tenant, last.get(row.id), pending.get(row.id) ?? 0);
};

const findOrThrow = async (db: Db, tenant: Tenant, id: string) => {
  const row = await webhooksRepository(db, scopeOf(tenant)).findById(id);
  if (!row) throw notFound('Webhook');
  return row;
};

/**
 * The organisation's webhook endpoints, oldest first, each with its last delivery.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const listWebhooks = async (db: Db, tenant: Tenant): Promise<WebhookEndpoints> => {
  requireWebhookManager(tenant);
  const repository = webhooksRepository(db, scopeOf(tenant));
  const rows = await repository.list();
  const ids = rows.map((row) => row.id);
  const [last, pending] = await Promise.all([repository.lastDeliveries(ids), repository.pendingCounts(ids)]);
  return { items: rows.map((row) => presentWebhook(row, tenant, last.get(row.id), pending.get(row.id) ?? 0)) };
};

/** @throws AppError FORBIDDEN (not an admin), NOT_FOUND (not a webhook of this organisation). */
export const getWebhook = async (db: Db, tenant: Tenant, id: string): Promise<WebhookEndpoint> => {
  requireWebhookManager(tenant);
  return presentOne(db, tenant, await findOrThrow(db, tenant, id));
};

/**
 * Saves a new endpoint with a new signing secret (sealed), answered this once. Audited without it.
 * An organisation has at most `webhookLimits.endpointsPerOrganization` endpoints: each event goes
 * to every one, so more would turn Vigil into an amplifier against somebody's server.
 * @throws AppError FORBIDDEN (not an admin), VALIDATION_FAILED naming body.url (see checkWebhookUrl),
 * CONFLICT when the organisation already has as many endpoints as it may.
 */
export const createWebhook = async (db: Db, tenant: Tenant, body: CreateWebhookEndpointBody, settings: WebhookSettings, origin: RequestOrigin): Promise<WebhookEndpointWithSecret> => {
  requireWebhookManager(tenant);
  const url = await checkWebhookUrl(body.url, settings.send);
  const secret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    const repository = webhooksRepository(tx, scopeOf(tenant));
    await repository.lockOrganizationEndpoints();
    if ((await repository.count()) >= webhookLimits.endpointsPerOrganization) {
      throw new AppError('CONFLICT', `This organization already has ${webhookLimits.endpointsPerOrganization} webhook endpoints; delete one it no longer uses first.`);
    }
    const inserted = await repository.insert({
      name: body.name,
      url,
      eventTypes: [...body.eventTypes],
      enabled: body.enabled,
      secretSealed: settings.secrets.seal(secret),
      createdByPersonId: tenant.personId,
      updatedByPersonId: tenant.personId,
    });
    await recordAudit(tx, tenant, {
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: inserted.id,
      details: { name: inserted.name, host: hostOf(url), eventTypes: inserted.eventTypes, enabled: inserted.enabled },
      ...origin,
    });
    return inserted;
  });
  return { ...(await presentOne(db, tenant, row)), secret };
};

/**
 * Changes an endpoint. `enabled: true` also switches back on one Vigil switched off after a 410.
 * A new URL or switching it on ends a hold of the circuit breaker (the receiver is another, or mended).
 * @throws AppError FORBIDDEN, NOT_FOUND, VALIDATION_FAILED naming body.url.
 */
export const updateWebhook = async (db: Db, tenant: Tenant, id: string, body: UpdateWebhookEndpointBody, settings: WebhookSettings, origin: RequestOrigin): Promise<WebhookEndpoint> => {
  requireWebhookManager(tenant);
  const before = await findOrThrow(db, tenant, id);
  const url = body.url === undefined ? undefined : await checkWebhookUrl(body.url, settings.send);
  const row = await db.transaction(async (tx) => {
    const updated = await webhooksRepository(tx, scopeOf(tenant)).update(id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(body.eventTypes !== undefined ? { eventTypes: [...body.eventTypes] } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled, disabledReason: null } : {}),
      // A new address, or switching it back on, is a fresh start for the circuit breaker.
      ...((url !== undefined && url !== before.url) || (body.enabled && !before.enabled) ? { consecutiveFailures: 0, heldUntil: null } : {}),
      updatedByPersonId: tenant.personId,
    });
    if (!updated) throw notFound('Webhook');
    await recordAudit(tx, tenant, {
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: id,
      details: {
        changed: Object.keys(body),
        ...(url !== undefined && hostOf(url) !== hostOf(before.url) ? { host: hostOf(url) } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      },
      ...origin,
    });
    return updated;
  });
  return presentOne(db, tenant, row);
};

/**
 * Deletes an endpoint with its delivery log; nothing more is sent to it.
 * @throws AppError FORBIDDEN, NOT_FOUND.
 */
export const deleteWebhook = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin) => {
  requireWebhookManager(tenant);
  await db.transaction(async (tx) => {
    const row = await webhooksRepository(tx, scopeOf(tenant)).findById(id);
    if (!row || !(await webhooksRepository(tx, scopeOf(tenant)).remove(id))) throw notFound('Webhook');
    await recordAudit(tx, tenant, { action: 'webhook.delete', targetType: 'webhook', targetId: id, details: { name: row.name, host: hostOf(row.url) }, ...origin });
  });
};

/**
 * Replaces the signing secret at once (deliveries from now on are signed with the new one) and
 * answers it this once.
 * @throws AppError FORBIDDEN, NOT_FOUND.
 */
export const rotateWebhookSecret = async (db: Db, tenant: Tenant, id: string, settings: WebhookSettings, origin: RequestOrigin): Promise<WebhookEndpointWithSecret> => {
  requireWebhookManager(tenant);
  const secret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    const updated = await webhooksRepository(tx, scopeOf(tenant)).update(id, { secretSealed: settings.secrets.seal(secret), secretRotatedAt: new Date(), updatedByPersonId: tenant.personId });
    if (!updated) throw notFound('Webhook');
    await recordAudit(tx, tenant, { action: 'webhook.rotate-secret', targetType: 'webhook', targetId: id, details: { name: updated.name }, ...origin });
    return updated;
  });
  return { ...(await presentOne(db, tenant, row)), secret };
};

const refusalError = (endpoint: WebhookEndpointRow) => {
  const refusal = refuseSendingNow(endpoint);
  if (refusal) throw new AppError(refusal.code, refusal.problem);
};

/**
 * The delivery as it stands after sending it now (it may be waiting for a retry).
 * @throws AppError NOT_FOUND when the endpoint was deleted meanwhile (its deliveries went with it).
 */
const sendNowAndPresent = async (db: Db, tenant: Tenant, endpoint: WebhookEndpointRow, deliveryId: string, settings: WebhookSettings): Promise<WebhookDelivery> => {
  await deliverOneNow({ db, ...settings }, deliveryId);
  const row = await webhooksRepository(db, scopeOf(tenant)).findDelivery(endpoint.id, deliveryId);
  if (!row) throw notFound('Delivery');
  return presentDelivery(row, endpoint, tenant);
};

/**
 * Sends a `webhook_test` event to the endpoint now, signed like any other, and answers the delivery
 * as it stands (delivered, or waiting for a retry with the receiver's answer). Audited.
 * @throws AppError FORBIDDEN, NOT_FOUND, CONFLICT (the endpoint is switched off).
 */
export const sendTestEvent = async (db: Db, tenant: Tenant, id: string, settings: WebhookSettings, origin: RequestOrigin): Promise<WebhookDelivery> => {
  requireWebhookManager(tenant);
  const endpoint = await findOrThrow(db, tenant, id);
  refusalError(endpoint);
  const now = new Date();
  const eventId = randomUUID();
  const delivery = await db.transaction(async (tx) => {
    const inserted = await webhooksRepository(tx, scopeOf(tenant)).insertDelivery({
      endpointId: id,
      eventId,
      eventType: webhookTestEventType,
      payload: testPayload(eventId, tenant.organizationId, id, now),
      nextAttemptAt: now,
    });
    await recordAudit(tx, tenant, { action: 'webhook.test', targetType: 'webhook', targetId: id, details: { deliveryId: inserted.id }, ...origin });
    return inserted;
  });
  return sendNowAndPresent(db, tenant, endpoint, delivery.id, settings);
};

/**
 * The endpoint's deliveries, newest first, keyset paged, with the receiver's last answers.
 * @throws AppError FORBIDDEN, NOT_FOUND, VALIDATION_FAILED naming query.cursor.
 */
export const listWebhookDeliveries = async (db: Db, tenant: Tenant, id: string, query: WebhookDeliveriesQuery): Promise<WebhookDeliveries> => {
  requireWebhookManager(tenant);
  const endpoint = await findOrThrow(db, tenant, id);
  const after = query.cursor ? decodeCursor(query.cursor, deliveryKeySchema) : undefined;
  const repository = webhooksRepository(db, scopeOf(tenant));
  const page = await readKeysetPage(
    (key: DeliveryKey | undefined, limit) => repository.deliveriesAfter(id, key, limit),
    (item) => [item.createdAtKey, item.row.id] as const,
    after,
    query.limit,
  );
  return { items: page.items.map((item) => presentDelivery(item.row, endpoint, tenant)), nextCursor: page.nextCursor };
};

/**
 * Sends one delivery again now, with its attempts counted afresh (the same event id, so a receiver
 * that had it already can tell). Audited.
 * @throws AppError FORBIDDEN, NOT_FOUND (webhook or delivery), CONFLICT (the endpoint is switched
 * off, or the delivery is being sent right now).
 */
export const redeliverWebhook = async (db: Db, tenant: Tenant, id: string, deliveryId: string, settings: WebhookSettings, origin: RequestOrigin): Promise<WebhookDelivery> => {
  requireWebhookManager(tenant);
  const endpoint = await findOrThrow(db, tenant, id);
  const repository = webhooksRepository(db, scopeOf(tenant));
  if (!(await repository.findDelivery(id, deliveryId))) throw notFound('Delivery');
  refusalError(endpoint);
  await db.transaction(async (tx) => {
    if (!(await webhooksRepository(tx, scopeOf(tenant)).resetDelivery(deliveryId, new Date()))) {
      throw new AppError('CONFLICT', 'This delivery is being sent right now; redeliver it once the attempt has finished.');
    }
    await recordAudit(tx, tenant, { action: 'webhook.redeliver', targetType: 'webhook', targetId: id, details: { deliveryId }, ...origin });
  });
  return sendNowAndPresent(db, tenant, endpoint, deliveryId, settings);
};
