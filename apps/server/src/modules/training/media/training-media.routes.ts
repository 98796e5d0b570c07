import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { builtinMediaFolder } from '../library/builtin-lessons.ts';
import { findModuleMediaSource } from '../modules/training-modules.service.ts';
import { findOwnModuleFile, readOwnModuleFileRange } from '../own-content/own-modules.service.ts';
import { parseByteRange } from './byte-range.ts';
import { mediaContentType, verifyMediaSignature } from './training-media.ts';

const mediaFileSchema = z
  .custom<Buffer | Readable>(() => true)
  .meta({ type: 'string', format: 'binary', description: 'The file, or the requested byte range of it' });

/**
 * GET /training-media/{moduleId}/{file}: a module's video, poster or captions at a signed, expiring
 * address (public: a <video> element sends no bearer token). Ranges are served (206), so a player
 * seeks without downloading the whole video.
 */
export const trainingMediaRoutes: FastifyPluginAsyncZod<{ db: Db; secrets: SecretBox }> = async (app, { db, secrets }) => {
  // Module id → its media folder, or 'own' (its files are in the database); rows never move, so the answer is kept.
  const folders = new Map<string, string>();
  const folderOf = async (moduleId: string) => {
    const known = folders.get(moduleId);
    if (known) return known;
    const module = await findModuleMediaSource(db, moduleId);
    if (!module) return undefined;
    const folder = module.source === 'built-in' ? builtinMediaFolder(module.mediaKey) : 'own';
    folders.set(moduleId, folder);
    return folder;
  };

  app.get(
    '/training-media/:moduleId/:file',
    {
      config: { public: true },
      schema: {
        tags: ['training'],
        summary: "A training module's video (lesson.mp4), poster (poster.jpg) or captions (<language>.vtt) at a signed address the API gave out (public; byte ranges served)",
        params: z.object({ moduleId: z.uuid({ error: 'must be a training module' }), file: z.string().max(40) }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
        response: {
          200: { description: 'The whole file', content: { 'video/mp4': { schema: mediaFileSchema }, 'image/jpeg': { schema: mediaFileSchema }, 'text/vtt': { schema: mediaFileSchema } } },
          206: { description: 'The requested byte range', content: { 'video/mp4': { schema: mediaFileSchema } } },
          400: apiErrorBodySchema,
          403: apiErrorBodySchema,
          404: apiErrorBodySchema,
          416: z.undefined().describe('The range starts past the end of the file'),
        },
      },
    },
    async (request, reply) => {
      const { moduleId, file } = request.params;
      if (!verifyMediaSignature(secrets, moduleId, file, request.query.expires, request.query.signature)) {
        throw new AppError('FORBIDDEN', 'This media address has expired or was not given out by this server; reload the lesson');
      }
      const contentType = mediaContentType(file);
      const folder = contentType && (await folderOf(moduleId));
      if (!contentType || !folder) throw notFound('The media file');
      if (folder === 'own') {
        // An own module's video and captions, from the database a chunk at a time.
        const stored = await findOwnModuleFile(db, moduleId, file);
        if (!stored) throw notFound('The media file');
        const maxAge = Math.max(0, request.query.expires - Math.floor(Date.now() / 1000));
        reply
          .header('cache-control', `private, max-age=${maxAge}, immutable`)
          .header('accept-ranges', 'bytes')
          .header('last-modified', stored.createdAt.toUTCString())
          .header('cross-origin-resource-policy', 'same-origin')
          .type(contentType);
        const range = parseByteRange(request.headers.range, stored.size);
        if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${stored.size}`).send(undefined);
        if (range === 'whole') return reply.header('content-length', stored.size).send(readOwnModuleFileRange(db, stored, 0, stored.size - 1));
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(readOwnModuleFileRange(db, stored, range.start, range.end));
      }
      const path = join(folder, file);
      let size: number;
      let modified: Date;
      try {
        const stat = statSync(path);
        size = stat.size;
        modified = stat.mtime;
      } catch {
        throw notFound('The media file');
      }
      // Cached until the address expires: a later address for the same file is a new URL anyway.
      const maxAge = Math.max(0, request.query.expires - Math.floor(Date.now() / 1000));
      reply
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('accept-ranges', 'bytes')
        .header('last-modified', modified.toUTCString())
        .header('cross-origin-resource-policy', 'same-origin')
        .type(contentType);
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send(undefined);
      if (range === 'whole') return reply.header('content-length', size).send(createReadStream(path));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(path, { start: range.start, end: range.end }));
    },
  );
};
