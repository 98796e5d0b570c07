import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, initialTestingBaselineSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { getInitialTestingBaseline } from './initial-testing.service.ts';

/** The baseline risk assessment (admins): /insights/initial-testing/. */
export const initialTestingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/insights/initial-testing/',
    {
      schema: {
        tags: ['insights'],
        summary: "The baseline risk assessment: the initial-testing campaign's state, failure and report rates overall, by department and by difficulty",
        response: { 200: initialTestingBaselineSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => getInitialTestingBaseline(db, request.tenant),
  );
};
