import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  learnerAssignmentSchema,
  ownModuleCaptionsParamsSchema,
  ownModuleUploadQuerySchema,
  ownModuleUploadTypes,
  scormCommitBodySchema,
  trainingModuleSummarySchema,
} from '@vigil/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { recordMyScormCommit } from '../learner/my-trainings.service.ts';
import type { TrainingServices } from '../modules/training-modules.service.ts';
import { type UploadLimits, archiveOwnModule, putOwnCaptions, uploadOwnModule } from './own-modules.service.ts';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };
const tags = ['training'];
const moduleParams = z.object({ id: z.uuid({ error: 'must be a training module' }) });

const uploadBodySchema = z
  .custom<Readable>(() => true)
  .meta({ type: 'string', format: 'binary', description: 'The MP4 video (video/mp4) or the SCORM 1.2 / 2004 package (application/zip), as the raw body' });
const captionsBodySchema = z.custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'must be WebVTT captions' }).meta({ type: 'string', format: 'binary', description: 'WebVTT captions' });

/**
 * Own training modules: upload an MP4 or a SCORM package, add captions, archive; and the SCORM
 * runtime's commits from the learner's page (completion through the learner service's one path).
 */
export const ownModulesRoutes: FastifyPluginAsyncZod<TrainingServices & { limits: UploadLimits }> = async (app, { limits, ...services }) => {
  // The upload streams: its parser hands the handler the request itself, which the service spools to a
  // temporary file while counting (never the whole file in memory). Its own scope, so these parsers
  // apply to these routes alone.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.removeAllContentTypeParsers();
    for (const type of ownModuleUploadTypes) upload.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    upload.addContentTypeParser('*', (request, _payload, done) =>
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', `body: send the file as ${ownModuleUploadTypes.join(' or ')} (not ${request.headers['content-type'] ?? 'no type'})`, [{ field: 'body', problem: 'must be an MP4 video or a SCORM zip' }]), undefined),
    );
    upload.post(
      '/training-modules/own/',
      {
        schema: {
          tags,
          summary: `Add an own module from an MP4 video or a SCORM 1.2 / 2004 zip in the raw body (admins; audited). Streamed and size-checked (413 past TRAINING_UPLOAD_MAX_MB); a package is checked entry by entry before anything is stored`,
          consumes: [...ownModuleUploadTypes],
          querystring: ownModuleUploadQuerySchema,
          body: uploadBodySchema,
          response: { 201: trainingModuleSummarySchema, ...errors, 413: apiErrorBodySchema, 415: apiErrorBodySchema },
        },
      },
      async (request, reply) => {
        const length = request.headers['content-length'];
        const summary = await uploadOwnModule(
          services,
          request.tenant,
          {
            query: request.query,
            contentType: (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
            declaredLength: length === undefined ? undefined : Number(length),
            body: request.body,
            ip: request.ip,
          },
          limits,
        );
        return reply.code(201).send(summary);
      },
    );
  });

  await app.register(async (scope) => {
    const captions = scope.withTypeProvider<ZodTypeProvider>();
    captions.removeAllContentTypeParsers();
    captions.addContentTypeParser(['text/vtt', 'text/plain', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    captions.put(
      '/training-modules/own/:id/captions/:language/',
      {
        bodyLimit: 1024 * 1024,
        schema: {
          tags,
          summary: "Add or replace an own video's WebVTT captions in one of its languages (admins)",
          consumes: ['text/vtt'],
          params: ownModuleCaptionsParamsSchema,
          body: captionsBodySchema,
          response: { 200: trainingModuleSummarySchema, ...errors, 409: apiErrorBodySchema },
        },
      },
      async (request) => putOwnCaptions(services, request.tenant, request.params.id, request.params.language, request.body),
    );
  });

  app.post(
    '/training-modules/own/:id/archive/',
    {
      schema: {
        tags,
        summary: 'Archive an own module: it leaves the catalogue and cannot be assigned; assignments keep it (admins; audited)',
        params: moduleParams,
        response: { 200: trainingModuleSummarySchema, ...errors },
      },
    },
    async (request) => archiveOwnModule(services, request.tenant, request.params.id, request.ip),
  );

  app.put(
    '/my-trainings/:id/scorm/',
    {
      schema: {
        tags,
        summary: "What your SCORM training reported at a commit: saved where it resumes; passed or completed finishes it with its score, failed counts as an attempt (once per run)",
        params: z.object({ id: z.uuid({ error: 'must be a training assignment' }) }),
        body: scormCommitBodySchema,
        response: { 200: learnerAssignmentSchema, ...errors, 409: apiErrorBodySchema },
      },
    },
    async (request) => recordMyScormCommit(services, request.tenant, request.params.id, request.body),
  );
};
