import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthManagement } from '@vigil/auth-provider';
import { apiErrorBodySchema, outboxListSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { listOutbox } from './outbox.service.ts';

export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db; management: AuthManagement }> = async (app, { db, management }) => {
  app.get(
    '/outbox/',
    {
      schema: {
        tags: ['organisations'],
        summary: "Codes and links waiting in the operator outbox for the organisation's people (superadmins)",
        response: { 200: outboxListSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => listOutbox(db, management, request.tenant),
  );
};
