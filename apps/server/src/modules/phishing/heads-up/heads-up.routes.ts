import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, headsUpQuerySchema, headsUpSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { getHeadsUp } from './heads-up.service.ts';

/** The heads-up page's data: every signed-in person, about their own simulated messages only. */
export const headsUpRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/heads-up/',
    {
      schema: {
        tags: ['phishing'],
        summary: 'What happened with one of your simulated phishing messages (or your most recent): the message, what you did, its red flags',
        querystring: headsUpQuerySchema,
        response: { 200: headsUpSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => getHeadsUp(db, request.tenant, request.query),
  );
};
