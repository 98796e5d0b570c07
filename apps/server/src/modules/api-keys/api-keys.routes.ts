import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, apiKeyIdParamsSchema, apiKeyListSchema, apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../lib/request-origin.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Configure → Integrations → API keys: the organisation's keys to the public API, for its admins. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/integrations/api-keys/',
    {
      schema: {
        tags: ['API keys'],
        summary: "The organisation's API keys: name, scopes, hint, expiry, last use and state; never a secret (admins)",
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request) => listApiKeys(db, request.tenant),
  );

  app.post(
    '/integrations/api-keys/',
    {
      schema: {
        tags: ['API keys'],
        summary: 'Make an API key; the answer holds its secret, shown this once (admins)',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createApiKey(db, request.tenant, request.body, requestOrigin(request))),
  );

  app.post(
    '/integrations/api-keys/:id/revoke/',
    {
      schema: {
        tags: ['API keys'],
        summary: 'Revoke an API key: the next request with it is refused (admins)',
        params: apiKeyIdParamsSchema,
        response: { 200: apiKeySchema, ...errorsWithTarget },
      },
    },
    async (request) => revokeApiKey(db, request.tenant, request.params.id, requestOrigin(request)),
  );
};
