import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthManagement } from '@vigil/auth-provider';
import { apiErrorBodySchema, outboxConfirmationSchema, outboxListSchema, outboxMessageParamsSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../lib/request-origin.ts';
import { confirmWhatsAppFromOutbox, listOutbox } from './outbox.service.ts';

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

  app.post(
    '/outbox/:messageId/confirm/',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Confirm a WhatsApp sign-in waiting in the outbox for one of the organisation’s people, as if their message had arrived (superadmins; audited)',
        params: outboxMessageParamsSchema,
        response: { 200: outboxConfirmationSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema },
      },
    },
    async (request) => confirmWhatsAppFromOutbox(db, management, request.tenant, request.params.messageId, requestOrigin(request)),
  );
};
