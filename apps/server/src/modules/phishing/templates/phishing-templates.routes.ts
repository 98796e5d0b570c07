import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  createPhishingTemplateBodySchema,
  emlImportMaxBytes,
  phishingTemplateIdParamsSchema,
  phishingTemplateListSchema,
  phishingTemplatePreviewSchema,
  phishingTemplateSchema,
  phishingTemplatesQuerySchema,
  savedPhishingTemplateSchema,
  templateCategorySchema,
  templateLanguageSchema,
  templatePreviewQuerySchema,
  updatePhishingTemplateBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../../lib/request-origin.ts';
import {
  approvePhishingTemplate,
  archivePhishingTemplate,
  copyPhishingTemplate,
  createPhishingTemplate,
  getPhishingTemplate,
  importPhishingTemplateEml,
  listPhishingTemplates,
  previewPhishingTemplate,
  updatePhishingTemplate,
} from './phishing-templates.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };
const tags = ['phishing templates'];

const emlBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'must be the .eml file itself as the request body' })
  .meta({ type: 'string', format: 'binary', description: 'The message as saved by a mail client (.eml, RFC 5322), at most 2 MB' });
const emlQuerySchema = z.object({
  category: templateCategorySchema.optional().describe('The category of the draft (default: the first; change it afterwards)'),
  language: templateLanguageSchema.optional().describe('The language the message is written in (default en_us)'),
});

export type PhishingTemplatesRoutesOptions = { db: Db; phishPublicUrl: string };

/** Configure → Testing → Templates: the lure library, built-in and the organisation's own (admins). */
export const phishingTemplatesRoutes: FastifyPluginAsyncZod<PhishingTemplatesRoutesOptions> = async (app, { db, phishPublicUrl }) => {
  app.get(
    '/phishing-templates/',
    {
      schema: {
        tags,
        summary: 'The library: built-in templates and the organisation’s own, filtered, paged by cursor (admins)',
        querystring: phishingTemplatesQuerySchema,
        response: { 200: phishingTemplateListSchema, ...errors },
      },
    },
    async (request) => listPhishingTemplates(db, request.tenant, request.query),
  );

  app.get(
    '/phishing-templates/:id/',
    {
      schema: {
        tags,
        summary: 'One template with its words in every language and its red flags (admins)',
        params: phishingTemplateIdParamsSchema,
        querystring: templatePreviewQuerySchema,
        response: { 200: phishingTemplateSchema, ...errors },
      },
    },
    async (request) => getPhishingTemplate(db, request.tenant, request.params.id, request.query.language),
  );

  app.get(
    '/phishing-templates/:id/preview/',
    {
      schema: {
        tags,
        summary: 'The lure as the signed-in admin would receive it, with links that lead nowhere, for a sandboxed frame (admins)',
        params: phishingTemplateIdParamsSchema,
        querystring: templatePreviewQuerySchema,
        response: { 200: phishingTemplatePreviewSchema, ...errors },
      },
    },
    async (request) => previewPhishingTemplate(db, request.tenant, request.params.id, phishPublicUrl, request.query.language),
  );

  app.post(
    '/phishing-templates/',
    {
      schema: {
        tags,
        summary: 'Add a template of the organisation’s own; its HTML is cleaned and the answer says what was removed (admins; audited)',
        body: createPhishingTemplateBodySchema,
        response: { 201: savedPhishingTemplateSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPhishingTemplate(db, request.tenant, request.body, requestOrigin(request))),
  );

  app.post(
    '/phishing-templates/:id/copy/',
    {
      schema: {
        tags,
        summary: 'Copy a built-in or own template into an editable one of the organisation’s own (admins; audited)',
        params: phishingTemplateIdParamsSchema,
        response: { 201: savedPhishingTemplateSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await copyPhishingTemplate(db, request.tenant, request.params.id, requestOrigin(request))),
  );

  app.post(
    '/phishing-templates/:id/approve/',
    {
      schema: {
        tags,
        summary: 'Approve a draft of the organisation’s own (drafted by a language model or imported): it becomes active and campaigns may send it (admins; audited)',
        params: phishingTemplateIdParamsSchema,
        response: { 200: savedPhishingTemplateSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request) => approvePhishingTemplate(db, request.tenant, request.params.id, requestOrigin(request)),
  );

  app.patch(
    '/phishing-templates/:id/',
    {
      schema: {
        tags,
        summary: 'Change a template of the organisation’s own; built-ins are read-only (admins; audited)',
        params: phishingTemplateIdParamsSchema,
        body: updatePhishingTemplateBodySchema,
        response: { 200: savedPhishingTemplateSchema, ...errors },
      },
    },
    async (request) => updatePhishingTemplate(db, request.tenant, request.params.id, request.body, requestOrigin(request)),
  );

  app.delete(
    '/phishing-templates/:id/',
    {
      schema: {
        tags,
        summary: 'Archive a template of the organisation’s own: it leaves the library (admins; audited)',
        params: phishingTemplateIdParamsSchema,
        response: { 204: z.null().describe('Archived'), ...errors },
      },
    },
    async (request, reply) => {
      await archivePhishingTemplate(db, request.tenant, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  // The .eml arrives as itself, whatever type the browser gives it: its own scope, so this parser
  // applies to this route alone.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: emlImportMaxBytes }, (_request, body, done) => done(null, body));
    upload.post(
      '/phishing-templates/import-eml/',
      {
        bodyLimit: emlImportMaxBytes,
        schema: {
          tags,
          summary: 'Make a draft template of the organisation’s own from an .eml file; links lead to {{link}}, and the answer lists every change (admins; audited)',
          consumes: ['message/rfc822', 'application/octet-stream'],
          querystring: emlQuerySchema,
          body: emlBodySchema,
          response: { 201: savedPhishingTemplateSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await importPhishingTemplateEml(db, request.tenant, request.body, request.query, requestOrigin(request))),
    );
  });
};
