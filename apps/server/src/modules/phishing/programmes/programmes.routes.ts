import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  createPhishingProgrammeBodySchema,
  phishingProgrammeIdParamsSchema,
  phishingProgrammeListSchema,
  phishingProgrammeSchema,
  updatePhishingProgrammeBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { createProgramme, deleteProgramme, getProgramme, listProgrammes, updateProgramme } from './programmes.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema };
const tags = ['phishing programmes'];

/** /api/phishing-programmes/: recurring tests (Configure → Testing → Schedule). */
export const programmesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/phishing-programmes/', { schema: { tags, summary: "The organisation's recurring programmes with their next run (admins)", response: { 200: phishingProgrammeListSchema, ...errors } } }, async (request) =>
    listProgrammes(db, request.tenant),
  );

  app.post(
    '/phishing-programmes/',
    {
      schema: {
        tags,
        summary: 'Add a recurring programme: a campaign on a random working day of each week, month or quarter (admins; audited)',
        body: createPhishingProgrammeBodySchema,
        response: { 201: phishingProgrammeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createProgramme(db, request.tenant, request.body, requestOrigin(request))),
  );

  app.get('/phishing-programmes/:id/', { schema: { tags, summary: 'One recurring programme (admins)', params: phishingProgrammeIdParamsSchema, response: { 200: phishingProgrammeSchema, ...errorsWithTarget } } }, async (request) =>
    getProgramme(db, request.tenant, request.params.id),
  );

  app.patch(
    '/phishing-programmes/:id/',
    {
      schema: {
        tags,
        summary: 'Change a recurring programme; active: false pauses it (admins; audited)',
        params: phishingProgrammeIdParamsSchema,
        body: updatePhishingProgrammeBodySchema,
        response: { 200: phishingProgrammeSchema, ...errorsWithTarget },
      },
    },
    async (request) => updateProgramme(db, request.tenant, request.params.id, request.body, requestOrigin(request)),
  );

  app.delete(
    '/phishing-programmes/:id/',
    { schema: { tags, summary: 'Delete a recurring programme; the campaigns it launched keep their results (admins; audited)', params: phishingProgrammeIdParamsSchema, response: { 204: z.null(), ...errorsWithTarget } } },
    async (request, reply) => {
      await deleteProgramme(db, request.tenant, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
