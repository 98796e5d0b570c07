import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, myRiskSchema, organizationRiskSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { getMyRisk, getOrganizationRisk } from './risk.service.ts';

/** Risk scores as the projection keeps them: a person's own (/dashboard/insights/) and the organisation's (/insights/organization/). */
export const riskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/my-risk/',
    {
      schema: {
        tags: ['insights'],
        summary: 'The signed-in person’s own risk score with the breakdown that explains it',
        response: { 200: myRiskSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => getMyRisk(db, request.tenant),
  );
  app.get(
    '/insights/organization/risk/',
    {
      schema: {
        tags: ['insights'],
        summary: 'The organisation’s risk score with its 95 % bound, its drivers and its departments, riskiest first (admins)',
        response: { 200: organizationRiskSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => getOrganizationRisk(db, request.tenant),
  );
};
