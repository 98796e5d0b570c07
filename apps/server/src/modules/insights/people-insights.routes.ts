import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  insightsDepartmentsQuerySchema,
  insightsDepartmentsSchema,
  insightsGroupQuerySchema,
  insightsGroupSchema,
  insightsPeopleListSchema,
  insightsPeopleQuerySchema,
  insightsPersonDetailSchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { jsonOrCsvResponse, replyWithCsv } from '../../lib/csv-reply.ts';
import { getInsightsGroup, getInsightsPerson, listInsightsDepartments, listInsightsPeople, streamInsightsPeopleCsv } from './people-insights.service.ts';

const tags = ['insights'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

/**
 * People insights by role (spec §6): admins see the organisation, department admins their
 * departments, direct managers their reports, managers their whole line. Who may see whom is decided
 * in the queries (visibility.ts), so a list, a group's score and a person's page always agree.
 */
export const peopleInsightsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/insights/people/',
    {
      schema: {
        tags,
        summary: 'People the caller may see with their risk scores, riskiest first (keyset pages; format=csv streams every row)',
        querystring: insightsPeopleQuerySchema,
        response: { 200: jsonOrCsvResponse(insightsPeopleListSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return replyWithCsv(reply, 'people-risk', await streamInsightsPeopleCsv(db, request.tenant, request.query));
      return listInsightsPeople(db, request.tenant, request.query);
    },
  );
  app.get(
    '/insights/people/summary/',
    {
      schema: {
        tags,
        summary: 'The score of the people the caller may see (a view or a department), with its 95 % bound and its drivers',
        querystring: insightsGroupQuerySchema,
        response: { 200: insightsGroupSchema, ...errors },
      },
    },
    async (request) => getInsightsGroup(db, request.tenant, request.query),
  );
  app.get(
    '/insights/people/:id/',
    {
      schema: {
        tags,
        summary: 'One person the caller may see: the score’s breakdown, simulations and training (404 for anyone else)',
        params: z.object({ id: z.uuid({ error: 'must be a person id' }) }),
        response: { 200: insightsPersonDetailSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => getInsightsPerson(db, request.tenant, request.params.id),
  );
  app.get(
    '/insights/departments/',
    {
      schema: {
        tags,
        summary: 'Departments the caller may compare (admins all, department admins theirs), riskiest first, with 95 % bounds',
        querystring: insightsDepartmentsQuerySchema,
        response: { 200: insightsDepartmentsSchema, ...errors },
      },
    },
    async (request) => listInsightsDepartments(db, request.tenant, request.query),
  );
};
