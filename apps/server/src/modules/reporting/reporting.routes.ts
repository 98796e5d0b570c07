import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  clientsSummarySchema,
  executiveReportSchema,
  reportPeriodQuerySchema,
  reportScheduleBodySchema,
  reportScheduleSchema,
  reportSchedulesSchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../lib/request-origin.ts';
import { createReportSchedule, deleteReportSchedule, getClientsSummary, getExecutiveReport, getExecutiveReportPdf, listReportSchedules, updateReportSchedule } from './reporting.service.ts';
import { pdfFileSchema } from '../../lib/pdf-reply.ts';

const tags = ['reporting'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const pdfSchema = pdfFileSchema('The executive report as a PDF');
const idParams = z.object({ id: z.uuid({ error: 'must be a report schedule id' }) });

/** /reporting/: the executive report (JSON and PDF), its email schedules and a managed-service provider's clients side by side (admins). */
export const reportingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reports/executive/',
    { schema: { tags, summary: 'The executive report of the last 30, 90 or 180 days (admins)', querystring: reportPeriodQuerySchema, response: { 200: executiveReportSchema, ...errors } } },
    async (request) => getExecutiveReport(db, request.tenant, request.query.days),
  );
  app.get(
    '/reports/executive/pdf/',
    {
      schema: {
        tags,
        summary: 'The executive report as a PDF with charts (admins)',
        querystring: reportPeriodQuerySchema,
        response: { 200: { description: 'The report', content: { 'application/pdf': { schema: pdfSchema } } }, ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await getExecutiveReportPdf(db, request.tenant, request.query.days);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="human-risk-report-${day}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  app.get('/reports/schedules/', { schema: { tags, summary: 'The executive report’s email schedules (admins)', response: { 200: reportSchedulesSchema, ...errors } } }, async (request) =>
    listReportSchedules(db, request.tenant),
  );
  app.post(
    '/reports/schedules/',
    { schema: { tags, summary: 'Sends the executive report weekly or monthly to chosen admins', body: reportScheduleBodySchema, response: { 201: reportScheduleSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createReportSchedule(db, request.tenant, request.body, requestOrigin(request))),
  );
  app.put(
    '/reports/schedules/:id/',
    { schema: { tags, summary: 'Changes a report schedule', params: idParams, body: reportScheduleBodySchema, response: { 200: reportScheduleSchema, ...errors, 404: apiErrorBodySchema } } },
    async (request) => updateReportSchedule(db, request.tenant, request.params.id, request.body, requestOrigin(request)),
  );
  app.delete(
    '/reports/schedules/:id/',
    { schema: { tags, summary: 'Stops a report schedule', params: idParams, response: { 204: z.null(), ...errors, 404: apiErrorBodySchema } } },
    async (request, reply) => {
      await deleteReportSchedule(db, request.tenant, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/reports/clients/',
    { schema: { tags, summary: 'A managed-service provider’s client companies side by side (empty for others)', response: { 200: clientsSummarySchema, ...errors } } },
    async (request) => getClientsSummary(db, request.tenant),
  );
};
