import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  createWebhookEndpointBodySchema,
  updateWebhookEndpointBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookDeliveryIdParamsSchema,
  webhookDeliverySchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookEndpointWithSecretSchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { enforceRateLimit } from '../../../lib/rate-limit.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { webhookSendSettings } from './webhook-dispatch.ts';
import { requireWebhookManager } from './webhooks.policy.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service.ts';

export type WebhooksRoutesOptions = { db: Db; secrets: SecretBox; config: Pick<Config, 'outboundAllowedHosts' | 'dnsServers'> };

const tags = ['webhooks'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema };
// Test events and redeliveries POST to an admin's address from our servers: enough to set a receiver up, too few to use Vigil against one.
const sendNowLimit = { max: 30, windowSeconds: 600 };

/** Configure → Integrations → Webhooks (admins). */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (app, { db, secrets, config }) => {
  const send = webhookSendSettings(config);
  const settingsFor = (log: typeof app.log) => ({ secrets, send, log });

  app.get(
    '/integrations/webhooks/',
    { schema: { tags, summary: "The organisation's webhook endpoints, each with its state and last delivery (admins)", response: { 200: webhookEndpointsSchema, ...errors } } },
    async (request) => listWebhooks(db, request.tenant),
  );

  app.post(
    '/integrations/webhooks/',
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint; answers its signing secret this once (admins; audited; at most 25 per organisation, 409 beyond)',
        body: createWebhookEndpointBodySchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createWebhook(db, request.tenant, request.body, settingsFor(request.log), requestOrigin(request))),
  );

  app.get(
    '/integrations/webhooks/:id/',
    { schema: { tags, summary: 'One webhook endpoint (admins)', params: webhookEndpointIdParamsSchema, response: { 200: webhookEndpointSchema, ...errorsWithTarget } } },
    async (request) => getWebhook(db, request.tenant, request.params.id),
  );

  app.patch(
    '/integrations/webhooks/:id/',
    {
      schema: {
        tags,
        summary: 'Change a webhook endpoint: name, URL, event types; enabled false pauses it, true switches it back on (admins; audited)',
        params: webhookEndpointIdParamsSchema,
        body: updateWebhookEndpointBodySchema,
        response: { 200: webhookEndpointSchema, ...errorsWithTarget },
      },
    },
    async (request) => updateWebhook(db, request.tenant, request.params.id, request.body, settingsFor(request.log), requestOrigin(request)),
  );

  app.delete(
    '/integrations/webhooks/:id/',
    { schema: { tags, summary: 'Delete a webhook endpoint and its delivery log (admins; audited)', params: webhookEndpointIdParamsSchema, response: { 204: z.null(), ...errorsWithTarget } } },
    async (request, reply) => {
      await deleteWebhook(db, request.tenant, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/integrations/webhooks/:id/rotate-secret/',
    {
      schema: {
        tags,
        summary: 'Replace the signing secret at once; answers the new one this once (admins; audited)',
        params: webhookEndpointIdParamsSchema,
        response: { 200: webhookEndpointWithSecretSchema, ...errorsWithTarget },
      },
    },
    async (request) => rotateWebhookSecret(db, request.tenant, request.params.id, settingsFor(request.log), requestOrigin(request)),
  );

  app.post(
    '/integrations/webhooks/:id/test/',
    {
      schema: {
        tags,
        summary: 'Send a signed webhook_test event now; answers the delivery with the receiver’s answer (admins; audited)',
        params: webhookEndpointIdParamsSchema,
        response: { 200: webhookDeliverySchema, ...errorsWithTarget, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      requireWebhookManager(request.tenant);
      await enforceRateLimit(db, reply, `webhooks.send-now:${request.tenant.organizationId}`, sendNowLimit, 'This organization has sent too many test events and redeliveries');
      return sendTestEvent(db, request.tenant, request.params.id, settingsFor(request.log), requestOrigin(request));
    },
  );

  app.get(
    '/integrations/webhooks/:id/deliveries/',
    {
      schema: {
        tags,
        summary: "The endpoint's deliveries, newest first, with the receiver's last answers (admins; keyset paged)",
        params: webhookEndpointIdParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesSchema, ...errorsWithTarget },
      },
    },
    async (request) => listWebhookDeliveries(db, request.tenant, request.params.id, request.query),
  );

  app.post(
    '/integrations/webhooks/:id/deliveries/:deliveryId/redeliver/',
    {
      schema: {
        tags,
        summary: 'Send one delivery again now, with the same event id (admins; audited; 409 while it is being sent)',
        params: webhookDeliveryIdParamsSchema,
        response: { 200: webhookDeliverySchema, ...errorsWithTarget, 409: apiErrorBodySchema, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      requireWebhookManager(request.tenant);
      await enforceRateLimit(db, reply, `webhooks.send-now:${request.tenant.organizationId}`, sendNowLimit, 'This organization has sent too many test events and redeliveries');
      return redeliverWebhook(db, request.tenant, request.params.id, request.params.deliveryId, settingsFor(request.log), requestOrigin(request));
    },
  );
};
