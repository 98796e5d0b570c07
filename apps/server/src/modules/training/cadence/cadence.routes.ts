import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  cadenceRuleIdParamsSchema,
  cadenceRuleInputSchema,
  cadenceRuleListSchema,
  cadenceRuleSchema,
  trainingScheduleQuerySchema,
  trainingScheduleSchema,
  updateCadenceRuleBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { jsonOrCsvResponse, replyWithCsv } from '../../../lib/csv-reply.ts';
import { requestOrigin } from '../../../lib/request-origin.ts';
import { personActor, scopeOf } from '../../../lib/scope.ts';
import { requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { createCadenceRules, deleteCadenceRule, listCadenceRules, updateCadenceRule } from './cadence.service.ts';
import { readTrainingSchedule, trainingScheduleCsv } from './training-schedule.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const errorsWithTarget = { ...errors, 404: apiErrorBodySchema };
const tags = ['training'];

/** /api/training-cadence-rules/ (training on hire, yearly, quarterly) and /api/training-schedule/ (the calendar). */
export const cadenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/training-cadence-rules/', { schema: { tags, summary: "The organisation's cadence rules, oldest first, with their next run (admins)", response: { 200: cadenceRuleListSchema, ...errors } } }, async (request) =>
    listCadenceRules(db, request.tenant),
  );

  app.post(
    '/training-cadence-rules/',
    {
      schema: {
        tags,
        summary: 'Create a cadence rule: a module assigned to an audience on hire, every year or every quarter, due a number of days later (admins; audited)',
        body: cadenceRuleInputSchema,
        response: { 201: cadenceRuleSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireTrainingAdmin(request.tenant);
      const [rule] = await createCadenceRules(db, scopeOf(request.tenant), personActor(request.tenant), [request.body], { fieldPrefix: () => 'body.', origin: requestOrigin(request) });
      return reply.code(201).send(rule!);
    },
  );

  app.patch(
    '/training-cadence-rules/:id/',
    {
      schema: {
        tags,
        summary: "Change a rule's audience, due days, new-hire window or anchor date, or pause and resume it (admins; audited)",
        params: cadenceRuleIdParamsSchema,
        body: updateCadenceRuleBodySchema,
        response: { 200: cadenceRuleSchema, ...errorsWithTarget },
      },
    },
    async (request) => updateCadenceRule(db, request.tenant, request.params.id, request.body, requestOrigin(request)),
  );

  app.delete(
    '/training-cadence-rules/:id/',
    { schema: { tags, summary: 'Delete a rule: it assigns nothing more; the assignments it made stay (admins; audited)', params: cadenceRuleIdParamsSchema, response: { 204: z.null().describe('Deleted'), ...errorsWithTarget } } },
    async (request, reply) => {
      await deleteCadenceRule(db, request.tenant, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/training-schedule/',
    {
      schema: {
        tags,
        summary: "The training calendar between two days of the organisation's time zone (at most a year): open assignments falling due, and planned cadence runs with the people expected; format=csv downloads it (admins)",
        querystring: trainingScheduleQuerySchema,
        response: { 200: jsonOrCsvResponse(trainingScheduleSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return replyWithCsv(reply, 'training-schedule', await trainingScheduleCsv(db, request.tenant, request.query));
      return readTrainingSchedule(db, request.tenant, request.query);
    },
  );
};
