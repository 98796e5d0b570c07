import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, msspCompanyDetailSchema, msspCompanyIdParamsSchema, msspCompanyListSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { getMsspCompany, listMsspCompanies } from './mssp-companies.service.ts';

export const msspCompaniesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/mssp_company_list/',
    {
      schema: {
        tags: ['managed service'],
        summary: "Client organisations of the caller's managed-service organisation",
        response: { 200: msspCompanyListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => ({ mssp_company_names: await listMsspCompanies(db, request.tenant) }),
  );

  app.get(
    '/mssp_company_list/:id/',
    {
      schema: {
        tags: ['managed service'],
        summary: 'One client organisation',
        params: msspCompanyIdParamsSchema,
        response: { 200: msspCompanyDetailSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => getMsspCompany(db, request.tenant, request.params.id),
  );
};
