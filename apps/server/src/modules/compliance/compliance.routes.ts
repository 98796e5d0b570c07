import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  chooseComplianceFrameworkBodySchema,
  complianceEvidenceQuerySchema,
  complianceFrameworkParamsSchema,
  complianceFrameworkSchema,
  complianceOverviewSchema,
  compliancePeopleListSchema,
  compliancePeopleQuerySchema,
  complianceSettingsSchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { csvFileSchema, jsonOrCsvResponse, replyWithCsv } from '../../lib/csv-reply.ts';
import { cursorQuerySchema } from '../../lib/keyset.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import {
  chooseComplianceFramework,
  getComplianceOverview,
  getComplianceSettings,
  listCompliancePeople,
  removeComplianceFramework,
  renderEvidenceSummary,
  streamCompliancePeopleCsv,
  streamEvidenceCsv,
  updateComplianceSettings,
} from './compliance.service.ts';
import { pdfFileSchema } from '../../lib/pdf-reply.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const tags = ['compliance'];
const pdfSchema = pdfFileSchema('The evidence pack summary as a PDF');

/** /api/compliance/: frameworks, who is compliant, the evidence pack, retention (admins). */
export const complianceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/compliance/frameworks/',
    {
      schema: {
        tags,
        summary: 'The framework catalogue as the organisation sees it: chosen frameworks with their modules and active people by status (compliant, in progress, overdue, missing), and the phishing programmes (admins)',
        response: { 200: complianceOverviewSchema, ...errors },
      },
    },
    async (request) => getComplianceOverview(db, request.tenant),
  );

  app.put(
    '/compliance/frameworks/:id/',
    {
      schema: {
        tags,
        summary: 'Choose a framework, or change the modules it requires; each module becomes yearly and on-hire cadence rules for the whole organisation unless applyCadence is false (admins)',
        params: complianceFrameworkParamsSchema,
        body: chooseComplianceFrameworkBodySchema,
        response: { 200: complianceFrameworkSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => chooseComplianceFramework(db, request.tenant, request.params.id, request.body, requestOrigin(request)),
  );

  app.delete(
    '/compliance/frameworks/:id/',
    {
      schema: {
        tags,
        summary: 'Stop following a framework: its choice and the cadence rules it asked for go, every record stays (admins)',
        params: complianceFrameworkParamsSchema,
        response: { 204: z.null(), ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      await removeComplianceFramework(db, request.tenant, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/compliance/frameworks/:id/people/',
    {
      schema: {
        tags,
        summary: "A chosen framework's active people with their status, by name, filtered and paged by key; format=csv streams every match (admins)",
        params: complianceFrameworkParamsSchema,
        querystring: compliancePeopleQuerySchema.extend({ cursor: cursorQuerySchema }),
        response: { 200: jsonOrCsvResponse(compliancePeopleListSchema), ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return replyWithCsv(reply, `compliance-${request.params.id}-people`, await streamCompliancePeopleCsv(db, request.tenant, request.params.id, request.query));
      return listCompliancePeople(db, request.tenant, request.params.id, request.query);
    },
  );

  app.get(
    '/compliance/frameworks/:id/evidence/',
    {
      schema: {
        tags,
        summary: "The evidence pack of a chosen framework: format=pdf (the default) a summary for the auditor, format=csv every pass and failure of its modules between from and to, with module versions (admins)",
        params: complianceFrameworkParamsSchema,
        querystring: complianceEvidenceQuerySchema,
        response: {
          200: {
            description: 'A PDF summary, or with format=csv the completions',
            content: { 'application/pdf': { schema: pdfSchema }, 'text/csv': { schema: csvFileSchema } },
          },
          ...errors,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.query.format === 'csv') return replyWithCsv(reply, `evidence-${id}-${request.query.from}-to-${request.query.to}`, await streamEvidenceCsv(db, request.tenant, id, request.query));
      const pdf = await renderEvidenceSummary(db, request.tenant, id, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="evidence-${id}-${request.query.from}-to-${request.query.to}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/compliance/settings/',
    { schema: { tags, summary: 'How long training records are kept, and the new-hire window (admins)', response: { 200: complianceSettingsSchema, ...errors } } },
    async (request) => getComplianceSettings(db, request.tenant),
  );

  app.put(
    '/compliance/settings/',
    { schema: { tags, summary: 'Set how long training records are kept (1–10 years) and the new-hire window (admins)', body: complianceSettingsSchema, response: { 200: complianceSettingsSchema, ...errors } } },
    async (request) => updateComplianceSettings(db, request.tenant, request.body, requestOrigin(request)),
  );
};
