import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, onboardingStateSchema, updateOnboardingBodySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { updateOnboarding } from './onboarding.service.ts';

export const onboardingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.patch(
    '/organization/onboarding/',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Record onboarding steps of the current organisation (admins)',
        body: updateOnboardingBodySchema,
        response: { 200: onboardingStateSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => updateOnboarding(db, request.tenant, request.body),
  );
};
