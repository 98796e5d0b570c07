import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, trainingLanguageQuerySchema, trainingModuleDetailSchema, trainingModuleListSchema, trainingModulesQuerySchema } from '@vigil/contracts';
import { type TrainingServices, getTrainingModule, listTrainingModules } from './training-modules.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const tags = ['training'];

/** /api/training-modules/: the catalogue and the admin's preview. */
export const trainingModulesRoutes: FastifyPluginAsyncZod<TrainingServices> = async (app, services) => {
  app.get(
    '/training-modules/',
    { schema: { tags, summary: 'The training catalogue: built-in and own modules, filtered by topic, language, length and words (admins)', querystring: trainingModulesQuerySchema, response: { 200: trainingModuleListSchema, ...errors } } },
    async (request) => listTrainingModules(services, request.tenant, request.query),
  );

  app.get(
    '/training-modules/:id/',
    {
      schema: {
        tags,
        summary: 'One module in a language (English when it lacks it): slides, quiz with answers, signed media addresses (admins)',
        params: z.object({ id: z.uuid({ error: 'must be a training module' }) }),
        querystring: trainingLanguageQuerySchema,
        response: { 200: trainingModuleDetailSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => getTrainingModule(services, request.tenant, request.params.id, request.query.language),
  );
};
