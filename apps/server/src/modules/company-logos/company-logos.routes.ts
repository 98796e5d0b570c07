import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@vigil/db';
import { companyLogosRepository } from './company-logos.repository.ts';
import { logoFileNamePattern } from './logo-file-name.ts';

const yearInSeconds = 365 * 24 * 60 * 60;

export const companyLogosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/cdn/company-logos/:file',
    {
      config: { public: true },
      schema: {
        tags: ['organisations'],
        summary: 'A company logo image (public, cached for a year: names change with content)',
        params: z.object({ file: z.string().max(120) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const logo = logoFileNamePattern.test(file) ? await companyLogosRepository(db).findByFileName(file) : undefined;
      if (!logo) return reply.code(404).type('text/plain; charset=utf-8').send('Logo not found');
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
