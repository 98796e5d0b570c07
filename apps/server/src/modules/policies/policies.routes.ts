import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgePolicyBodySchema,
  apiErrorBodySchema,
  createPolicyBodySchema,
  maxPolicyPdfBytes,
  myPolicyListSchema,
  myPolicyReadingSchema,
  myPolicySchema,
  policiesQuerySchema,
  policyAcknowledgementListSchema,
  policyAcknowledgementsQuerySchema,
  policyDetailSchema,
  policyDocumentSchema,
  policyHtmlSchema,
  policyListSchema,
  policyPreviewBodySchema,
  publishPolicyPdfQuerySchema,
  publishPolicyVersionBodySchema,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { notFound } from '../../lib/app-error.ts';
import { jsonOrCsvResponse, replyWithCsv } from '../../lib/csv-reply.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import {
  acknowledgeMyPolicy,
  archivePolicy,
  createPolicy,
  getPolicy,
  listMyPolicies,
  listPolicies,
  listPolicyAcknowledgements,
  policyPdfFor,
  previewPolicyMarkdown,
  publishMarkdownVersion,
  publishPdfVersion,
  readMyPolicy,
  readPolicyVersion,
  streamPolicyAcknowledgementsCsv,
} from './policies.service.ts';
import { policyPdfFileName, verifyPolicyPdfSignature } from './policy-document.ts';
import { pdfFileSchema } from '../../lib/pdf-reply.ts';

const tags = ['policies'];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };
const params = z.object({ id: z.uuid({ error: 'must be a policy id' }) });
const versionParams = params.extend({ versionId: z.uuid({ error: 'must be a policy version id' }) });

// Uploads up to this size reach the service, which answers a clear 400 above 10 MB; only a far
// larger body is cut off by Fastify itself (413).
const uploadBodyLimit = maxPolicyPdfBytes + 1024 * 1024;

const pdfUploadBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'must be the PDF file itself as the request body' })
  .meta({ type: 'string', format: 'binary', description: 'The PDF (at most 10 MB); checked as a PDF by its bytes' });

const pdfSchema = pdfFileSchema('The policy as a PDF');

type Services = { db: Db; secrets: SecretBox };

/** /api/policies/ (admins: write, publish, archive, follow acknowledgements) and /api/my-policies/ (anyone: read and acknowledge). */
export const policiesRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, secrets }) => {
  app.get(
    '/policies/',
    { schema: { tags, summary: 'Policies, newest first, each with its current version and how many have acknowledged it (admins)', querystring: policiesQuerySchema, response: { 200: policyListSchema, ...errors } } },
    async (request) => listPolicies(db, request.tenant, request.query),
  );

  app.post(
    '/policies/',
    {
      schema: {
        tags,
        summary: 'Create a policy for an audience; with markdown, version 1 is published at once, else upload a PDF as its first version (admins; audited)',
        body: createPolicyBodySchema,
        response: { 201: policyDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPolicy(db, request.tenant, request.body, requestOrigin(request))),
  );

  app.post(
    '/policies/preview/',
    { schema: { tags, summary: 'Markdown rendered and sanitised exactly as readers will see it (admins)', body: policyPreviewBodySchema, response: { 200: policyHtmlSchema, ...errors } } },
    async (request) => previewPolicyMarkdown(request.tenant, request.body.markdown),
  );

  app.get(
    '/policies/:id/',
    { schema: { tags, summary: 'One policy with every version, newest first (admins)', params, response: { 200: policyDetailSchema, ...errors } } },
    async (request) => getPolicy(db, request.tenant, request.params.id),
  );

  app.post(
    '/policies/:id/versions/',
    {
      schema: {
        tags,
        summary: 'Publish a new Markdown version, which asks everyone again; a change note is required from version 2 on (admins; audited)',
        params,
        body: publishPolicyVersionBodySchema,
        response: { 201: policyDetailSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await publishMarkdownVersion(db, request.tenant, request.params.id, request.body, requestOrigin(request))),
  );

  // The upload is the raw PDF, whatever type it declares: the service checks the bytes. Its own
  // scope, so this parser applies to this route alone.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: uploadBodyLimit }, (_request, body, done) => done(null, body));
    upload.post(
      '/policies/:id/versions/pdf/',
      {
        bodyLimit: uploadBodyLimit,
        schema: {
          tags,
          summary: 'Publish the PDF in the body as a new version (at most 10 MB), which asks everyone again; changeNote is required from version 2 on (admins; audited)',
          consumes: ['application/pdf', 'application/octet-stream'],
          params,
          querystring: publishPolicyPdfQuerySchema,
          body: pdfUploadBodySchema,
          response: { 201: policyDetailSchema, ...errors, 409: apiErrorBodySchema },
        },
      },
      async (request, reply) => reply.code(201).send(await publishPdfVersion(db, request.tenant, request.params.id, request.body, request.query.changeNote, requestOrigin(request))),
    );
  });

  app.post(
    '/policies/:id/archive/',
    { schema: { tags, summary: 'Archive a policy: no one is asked any more; its versions and acknowledgements are kept (admins; audited)', params, response: { 200: policyDetailSchema, ...errors } } },
    async (request) => archivePolicy(db, request.tenant, request.params.id, requestOrigin(request)),
  );

  app.get(
    '/policies/:id/versions/:versionId/',
    { schema: { tags, summary: 'One version as readers see it, with its Markdown source (admins)', params: versionParams, response: { 200: policyDocumentSchema, ...errors } } },
    async (request) => readPolicyVersion(db, secrets, request.tenant, request.params.id, request.params.versionId),
  );

  app.get(
    '/policies/:id/acknowledgements/',
    {
      schema: {
        tags,
        summary: 'Who of the audience has acknowledged the current version (status=pending: who has not), by name, paged by key; format=csv streams every match (admins)',
        params,
        querystring: policyAcknowledgementsQuerySchema,
        response: { 200: jsonOrCsvResponse(policyAcknowledgementListSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return replyWithCsv(reply, 'policy-acknowledgements', await streamPolicyAcknowledgementsCsv(db, request.tenant, request.params.id, request.query));
      return listPolicyAcknowledgements(db, request.tenant, request.params.id, request.query);
    },
  );

  app.get(
    '/my-policies/',
    { schema: { tags, summary: 'The policies you are asked to acknowledge: to acknowledge first, then acknowledged', response: { 200: myPolicyListSchema, ...errors } } },
    async (request) => listMyPolicies(db, request.tenant),
  );

  app.get(
    '/my-policies/:id/',
    { schema: { tags, summary: "One of your policies with its current version's document: sanitised HTML, or a signed address of the PDF", params, response: { 200: myPolicyReadingSchema, ...errors } } },
    async (request) => readMyPolicy(db, secrets, request.tenant, request.params.id),
  );

  app.post(
    '/my-policies/:id/acknowledge/',
    {
      schema: {
        tags,
        summary: 'Acknowledge that you have read and understood a version; again for the same version changes nothing; 409 naming versionId when it is no longer the current one',
        params,
        body: acknowledgePolicyBodySchema,
        response: { 200: myPolicySchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request) => acknowledgeMyPolicy(db, request.tenant, request.params.id, request.body.versionId),
  );
};

/**
 * /policy-documents/{organization}/{version}.pdf: a policy version's PDF at the signed, expiring
 * address the API handed out (public: an <iframe> sends no token). Shown inline in a frame of the
 * app only; the document may run nothing and load nothing.
 */
export const policyDocumentsRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, secrets }) => {
  app.get(
    '/policy-documents/:organizationId/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A policy version's PDF at the signed address the API gave (public; expires within the hour)",
        params: z.object({ organizationId: z.uuid(), file: z.string().regex(/^[0-9a-f-]{36}\.pdf$/) }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(64) }),
        response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: pdfSchema } } }, 400: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { organizationId, file } = request.params;
      const versionId = file.slice(0, -'.pdf'.length);
      // A bad or expired signature answers as a missing document does: it confirms nothing.
      if (!verifyPolicyPdfSignature(secrets, { organizationId, id: versionId }, request.query.expires, request.query.signature)) throw notFound('The document');
      const found = await policyPdfFor(db, organizationId, versionId);
      if (!found?.pdf) throw notFound('The document');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${policyPdfFileName(found.title, found.version)}"`)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        // Framed by the app's own pages only; the PDF itself may load nothing from anywhere.
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(found.pdf);
    },
  );
};
