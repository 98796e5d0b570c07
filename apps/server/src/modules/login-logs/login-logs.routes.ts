import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthManagement } from '@vigil/auth-provider';
import { apiErrorBodySchema, loginLogsQuerySchema, loginLogsSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { jsonOrCsvResponse, replyWithCsv } from '../../lib/csv-reply.ts';
import { listLoginLogs, loginLogsAsCsv } from './login-logs.service.ts';

export const loginLogsRoutes: FastifyPluginAsyncZod<{ db: Db; management: AuthManagement }> = async (app, { db, management }) => {
  app.get(
    '/organization/login-logs/',
    {
      schema: {
        tags: ['organisations'],
        summary: "The organisation's login log (admins); format=csv downloads up to 10,000 entries",
        querystring: loginLogsQuerySchema,
        response: { 200: jsonOrCsvResponse(loginLogsSchema), 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const logs = await listLoginLogs(db, management, request.tenant, request.query);
      if (request.query.format !== 'csv') return logs;
      return replyWithCsv(reply, 'login-log', loginLogsAsCsv(logs));
    },
  );
};
