import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, landingPageIdParamsSchema, landingPageListSchema, landingPagePreviewSchema, templatePreviewQuerySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { listLandingPages, previewLandingPage } from './landing-pages.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };
const tags = ['phishing templates'];

/** Configure → Testing → Landing pages: where credential-harvest lures lead (admins). */
export const landingPagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/landing-pages/',
    {
      schema: { tags, summary: 'The landing pages the organisation can use: built-in and its own (admins)', response: { 200: landingPageListSchema, ...errors } },
    },
    async (request) => listLandingPages(db, request.tenant),
  );

  app.get(
    '/landing-pages/:id/preview/',
    {
      schema: {
        tags,
        summary: 'A landing page with the signed-in admin’s name and organisation, for a sandboxed frame; its form goes nowhere (admins)',
        params: landingPageIdParamsSchema,
        querystring: templatePreviewQuerySchema,
        response: { 200: landingPagePreviewSchema, ...errors },
      },
    },
    async (request) => previewLandingPage(db, request.tenant, request.params.id, request.query.language),
  );
};
