import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthManagement } from '@vigil/auth-provider';
import { apiErrorBodySchema, logoContentTypes, organizationSettingsSchema, updateOrganizationBodySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { requestOrigin } from '../../lib/request-origin.ts';
import {
  getOrganizationSettings,
  removeOrganizationLogo,
  replaceOrganizationLogo,
  updateOrganization,
} from './organization-settings.service.ts';

// Uploads up to this size reach the service, which answers a clear 400 above 1 MB; only a far larger
// body is cut off by Fastify itself (413).
const uploadBodyLimit = 8 * 1024 * 1024;

const logoUploadBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'must be the image file itself as the request body' })
  .meta({ type: 'string', format: 'binary', description: 'The image bytes (PNG, JPEG, WebP or SVG, at most 1 MB); the type is read from them' });

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };

export const organizationSettingsRoutes: FastifyPluginAsyncZod<{ db: Db; management: AuthManagement }> = async (app, { db, management }) => {
  app.get(
    '/organization/',
    {
      schema: {
        tags: ['organisations'],
        summary: "The current organisation's general settings (admins)",
        response: { 200: organizationSettingsSchema, ...errors },
      },
    },
    async (request) => getOrganizationSettings(db, request.tenant),
  );

  app.patch(
    '/organization/',
    {
      schema: {
        tags: ['organisations'],
        summary: "Change the current organisation's name or time zone (admins; audited)",
        body: updateOrganizationBodySchema,
        response: { 200: organizationSettingsSchema, ...errors },
      },
    },
    async (request) => updateOrganization(db, management, request.tenant, request.body, requestOrigin(request)),
  );

  app.delete(
    '/organization/logo/',
    {
      schema: {
        tags: ['organisations'],
        summary: "Remove the current organisation's logo (admins; audited)",
        response: { 200: organizationSettingsSchema, ...errors },
      },
    },
    async (request) => removeOrganizationLogo(db, request.tenant, requestOrigin(request)),
  );

  // The upload is the raw image, whatever type it declares: the service reads the type from the
  // bytes. Its own scope, so these parsers apply to this route alone.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: uploadBodyLimit }, (_request, body, done) => done(null, body));
    upload.post(
      '/organization/logo/',
      {
        bodyLimit: uploadBodyLimit,
        schema: {
          tags: ['organisations'],
          summary: "Replace the current organisation's logo with the image in the body (admins; audited)",
          consumes: [...logoContentTypes, 'application/octet-stream'],
          body: logoUploadBodySchema,
          response: { 200: organizationSettingsSchema, ...errors },
        },
      },
      async (request) => replaceOrganizationLogo(db, request.tenant, request.body, requestOrigin(request)),
    );
  });
};
