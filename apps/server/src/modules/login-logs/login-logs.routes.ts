import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthManagement } from '@vigil/auth-provider';
import { apiErrorBodySchema, loginLogsQuerySchema, loginLogsSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { jsonOrCsvResponse, replyWithCsv } from '../../lib/csv-reply.ts';
import { listLoginLogs, streamLoginLogsCsv } from './login-logs.service.ts';

export const loginLogsRoutes: FastifyPluginAsyncZod<{ db: Db; management: AuthManagement }> = async (app, { db, management }) => {
  app.get(
    '/organization/login-logs/',
    {
      schema: {
        tags: ['organisations'],
        summary: "The organisation's login log (admins); format=csv streams every matching entry",
        querystring: loginLogsQuerySchema,
        response: { 200: jsonOrCsvResponse(loginLogsSchema), 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return replyWithCsv(reply, 'login-log', await streamLoginLogsCsv(db, management, request.tenant, request.query));
      return listLoginLogs(db, management, request.tenant, request.query);
    },
  );
};
