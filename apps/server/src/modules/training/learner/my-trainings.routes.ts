import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  learnerAssignmentListSchema,
  learnerAssignmentSchema,
  learnerAssignmentsQuerySchema,
  learnerLessonSchema,
  quizResultSchema,
  quizSubmissionBodySchema,
  trainingLanguageQuerySchema,
  trainingProgressBodySchema,
} from '@vigil/contracts';
import type { TrainingServices } from '../modules/training-modules.service.ts';
import { getMyLesson, listMyTrainings, myCertificate, recordMyProgress, submitMyQuiz } from './my-trainings.service.ts';
import { pdfFileSchema } from '../../../lib/pdf-reply.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };
const tags = ['training'];
const params = z.object({ id: z.uuid({ error: 'must be a training assignment' }) });

const pdfSchema = pdfFileSchema('The certificate as a PDF');

/** /api/my-trainings/: the signed-in person's own trainings (any role). */
export const myTrainingsRoutes: FastifyPluginAsyncZod<TrainingServices> = async (app, services) => {
  app.get(
    '/my-trainings/',
    { schema: { tags, summary: 'Your trainings: to do (learning), finished (completed), or those your organisation’s compliance frameworks require (compliance: one per module, open else the latest finished)', querystring: learnerAssignmentsQuerySchema, response: { 200: learnerAssignmentListSchema, ...errors } } },
    async (request) => listMyTrainings(services, request.tenant, request.query),
  );

  app.get(
    '/my-trainings/:id/',
    {
      schema: {
        tags,
        summary: 'One of your trainings as the player needs it: slides, quiz (no answers), signed media addresses, the rules; in the language asked, else yours, else English',
        params,
        querystring: trainingLanguageQuerySchema,
        response: { 200: learnerLessonSchema, ...errors },
      },
    },
    async (request) => getMyLesson(services, request.tenant, request.params.id, request.query.language),
  );

  app.put(
    '/my-trainings/:id/progress/',
    {
      schema: {
        tags,
        summary: 'Where the video is: the furthest point is kept (never past the end); the first call starts the training',
        params,
        body: trainingProgressBodySchema,
        response: { 200: learnerAssignmentSchema, ...errors },
      },
    },
    async (request) => recordMyProgress(services, request.tenant, request.params.id, request.body.watchedSeconds),
  );

  app.post(
    '/my-trainings/:id/quiz/',
    {
      schema: {
        tags,
        summary: 'Answer the quiz: scored in percent; a pass completes the training. 409 naming noSkipAhead until the video was watched, when the organisation requires it',
        params,
        body: quizSubmissionBodySchema,
        response: { 200: quizResultSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request) => submitMyQuiz(services, request.tenant, request.params.id, request.body),
  );

  app.get(
    '/my-trainings/:id/certificate/',
    {
      schema: {
        tags,
        summary: 'The certificate of a completed training, as a PDF (409 until completed)',
        params,
        response: { 200: { description: 'The certificate', content: { 'application/pdf': { schema: pdfSchema } } }, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await myCertificate(services, request.tenant, request.params.id);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(pdf);
    },
  );
};
