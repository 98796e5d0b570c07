import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthManagement } from '@vigil/auth-provider';
import { apiErrorBodySchema, loginLogsQuerySchema, loginLogsSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { listLoginLogs, loginLogsAsCsv } from './login-logs.service.ts';

export const loginLogsRoutes: FastifyPluginAsyncZod<{ db: Db; management: AuthManagement }> = async (app, { db, management }) => {
  app.get(
    '/organization/login-logs/',
    {
      schema: {
        tags: ['organisations'],
        summary: "The organisation's login log (admins); format=csv downloads up to 10,000 entries",
        querystring: loginLogsQuerySchema,
        response: { 200: loginLogsSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const logs = await listLoginLogs(db, management, request.tenant, request.query);
      if (request.query.format !== 'csv') return logs;
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="login-log-${day}.csv"`)
        .send(loginLogsAsCsv(logs) as never); // a CSV body, not the JSON the schema describes
    },
  );
};
