import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, createTestRequestBodySchema, testRequestAnswerSchema, testRequestIdParamsSchema, testRequestListSchema, testRequestSchema, testRequestsQuerySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { createLlmClient } from '../llm/llm-client.ts';
import { type TestRequestServices, createTestRequest, getTestRequest, listTestRequests, redraftTestRequest } from './test-requests.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const tags = ['phishing test requests'];

// A model on a modest machine can take a minute to write a lure; the answer waits for it.
const draftTimeoutMs = 90_000;

/** /api/test-requests/: custom tests in an admin's words (Configure → Testing → Request). */
export const testRequestsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Pick<Config, 'llm' | 'outboundAllowedHosts'> }> = async (app, { db, config }) => {
  const services: TestRequestServices = {
    db,
    llm: config.llm ? createLlmClient(config.llm, { allowedHosts: config.outboundAllowedHosts, timeoutMs: draftTimeoutMs }) : undefined,
    log: app.log,
  };

  app.get('/test-requests/', { schema: { tags, summary: "The organisation's custom test requests, newest first, with their draft campaign and lure (admins)", querystring: testRequestsQuerySchema, response: { 200: testRequestListSchema, ...errors } } }, async (request) =>
    listTestRequests(services, request.tenant, request.query),
  );

  app.post(
    '/test-requests/',
    {
      schema: {
        tags,
        summary: 'Request a custom test: stores it, creates a draft campaign named after it and, when a language model is configured, a draft lure that waits for approval (admins; audited)',
        body: createTestRequestBodySchema,
        response: { 201: testRequestAnswerSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createTestRequest({ ...services, log: request.log }, request.tenant, request.body, requestOrigin(request))),
  );

  app.get('/test-requests/:id/', { schema: { tags, summary: 'One custom test request (admins)', params: testRequestIdParamsSchema, response: { 200: testRequestSchema, ...errorsWithTarget } } }, async (request) =>
    getTestRequest(services, request.tenant, request.params.id),
  );

  app.post(
    '/test-requests/:id/draft/',
    {
      schema: {
        tags,
        summary: 'Ask the language model again for the draft lure of a request that has none (admins; audited)',
        params: testRequestIdParamsSchema,
        response: { 200: testRequestAnswerSchema, ...errorsWithTarget },
      },
    },
    async (request) => redraftTestRequest({ ...services, log: request.log }, request.tenant, request.params.id, requestOrigin(request)),
  );
};
