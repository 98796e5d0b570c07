import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, submitFeedbackBodySchema, submitFeedbackResultSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { feedbackRepository } from './feedback.repository.ts';

export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/submit-feedback/',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback or a question from the shell',
        body: submitFeedbackBodySchema,
        response: { 200: submitFeedbackResultSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => {
      const saved = await feedbackRepository(db, request.tenant).insertFromCaller(request.body.message);
      return { id: saved.id, created_at: saved.createdAt.toISOString() };
    },
  );
};
