import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, logoContentTypes } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { notFound } from '../../lib/app-error.ts';
import { companyLogosRepository } from './company-logos.repository.ts';
import { logoFileNamePattern } from './logo-file-name.ts';

const yearInSeconds = 365 * 24 * 60 * 60;

/** The stored bytes; in the document a binary string, as OpenAPI 3.0 writes a file. */
const logoImageSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The image as it was uploaded (an SVG as sanitised)' });

export const companyLogosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/cdn/company-logos/:file',
    {
      config: { public: true },
      schema: {
        tags: ['organisations'],
        summary: 'A company logo image (public, cached for a year: names change with content)',
        params: z.object({ file: z.string().max(120) }),
        // Errors come in the API's JSON shape even on this CDN path: the framework already answers
        // a malformed or over-long name here that way (400), so a missing logo does too, and a
        // client handles one error shape for the whole server (an <img> ignores the body anyway).
        response: {
          200: { description: 'The logo', content: Object.fromEntries(logoContentTypes.map((type) => [type, { schema: logoImageSchema }])) },
          304: z.undefined().describe('Unchanged: the ETag sent in If-None-Match is still current'),
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const logo = logoFileNamePattern.test(file) ? await companyLogosRepository(db).findByFileName(file) : undefined;
      if (!logo) throw notFound('Logo');
      const etag = `"${file}"`;
      reply
        .header('cache-control', `public, max-age=${yearInSeconds}, immutable`)
        .header('etag', etag)
        // An SVG opened directly must not run script or load anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cross-origin-resource-policy', 'same-site');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(logo.contentType).send(logo.content);
    },
  );
};
