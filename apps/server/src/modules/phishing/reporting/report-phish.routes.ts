import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, reportPhishBodySchema, reportPhishResultSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { reportPhish } from './report-phish.service.ts';

export const reportPhishRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/report-phish/',
    {
      schema: {
        tags: ['phishing'],
        summary: 'Report a suspicious message (a simulated lure counts as a success; anything else goes to the security team)',
        body: reportPhishBodySchema,
        response: { 200: reportPhishResultSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => reportPhish(db, request.tenant, request.body),
  );
};
