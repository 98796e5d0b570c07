import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, personalUserDataSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { getPersonalUserData } from './personal-user-data.service.ts';

export const personalUserDataRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/personal_user_data/',
    {
      schema: {
        tags: ['people'],
        summary: 'The signed-in person, as the shell needs them',
        response: { 200: personalUserDataSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => getPersonalUserData(db, request.tenant),
  );
};
