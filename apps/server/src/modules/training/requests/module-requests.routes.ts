import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, createModuleRequestBodySchema, moduleRequestIdParamsSchema, moduleRequestListSchema, moduleRequestSchema, updateModuleRequestBodySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { createModuleRequest, listModuleRequests, updateModuleRequestStatus } from './module-requests.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const tags = ['training'];

/** /api/training-module-requests/: custom modules an admin asks the operator to build. */
export const moduleRequestsRoutes: FastifyPluginAsyncZod<{ db: Db; mail: Config['mail']; appUrl: string }> = async (app, { db, mail, appUrl }) => {
  app.get('/training-module-requests/', { schema: { tags, summary: "The organisation's custom module requests, newest first, with their status (admins)", response: { 200: moduleRequestListSchema, ...errors } } }, async (request) =>
    listModuleRequests(db, request.tenant),
  );

  app.post(
    '/training-module-requests/',
    {
      schema: {
        tags,
        summary: 'Request a custom training module: stored, and mailed to the operator (admins; audited)',
        body: createModuleRequestBodySchema,
        response: { 201: moduleRequestSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createModuleRequest({ db, mail, appUrl, log: request.log }, request.tenant, request.body, requestOrigin(request))),
  );

  app.patch(
    '/training-module-requests/:id/',
    {
      schema: {
        tags,
        summary: "Move a request along: in review, done or declined (superadmins; audited)",
        params: moduleRequestIdParamsSchema,
        body: updateModuleRequestBodySchema,
        response: { 200: moduleRequestSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => updateModuleRequestStatus(db, request.tenant, request.params.id, request.body.status, requestOrigin(request)),
  );
};
