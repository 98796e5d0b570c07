import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  createTrainingAssignmentsBodySchema,
  createTrainingAssignmentsResultSchema,
  trainingAssignmentListSchema,
  trainingAssignmentSchema,
  trainingAssignmentsQuerySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { jsonOrCsvResponse, replyWithCsv } from '../../../lib/csv-reply.ts';
import { cursorQuerySchema } from '../../../lib/keyset.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { cancelTrainingAssignment, createTrainingAssignments, listTrainingAssignments, streamTrainingAssignmentsCsv } from './training-assignments.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const tags = ['training'];

/** /api/training-assignments/: who has to take which module, by when. */
export const trainingAssignmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/training-assignments/',
    {
      schema: {
        tags,
        summary: 'Assign a module to every active person of an audience, due on a date; people who have it open already are counted, not assigned twice (admins)',
        body: createTrainingAssignmentsBodySchema,
        response: { 201: createTrainingAssignmentsResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createTrainingAssignments(db, request.tenant, request.body, requestOrigin(request))),
  );

  app.get(
    '/training-assignments/',
    {
      schema: {
        tags,
        summary: "The organisation's assignments, newest first, filtered and paged by key; format=csv streams every match (admins)",
        querystring: trainingAssignmentsQuerySchema.extend({ cursor: cursorQuerySchema }),
        response: { 200: jsonOrCsvResponse(trainingAssignmentListSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return replyWithCsv(reply, 'training-assignments', await streamTrainingAssignmentsCsv(db, request.tenant, request.query));
      return listTrainingAssignments(db, request.tenant, request.query);
    },
  );

  app.post(
    '/training-assignments/:id/cancel/',
    {
      schema: {
        tags,
        summary: 'Cancel an open assignment (admins)',
        params: z.object({ id: z.uuid({ error: 'must be a training assignment' }) }),
        response: { 200: trainingAssignmentSchema, ...errors, 404: apiErrorBodySchema, 409: apiErrorBodySchema },
      },
    },
    async (request) => cancelTrainingAssignment(db, request.tenant, request.params.id, requestOrigin(request)),
  );
};
