import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

const apiPrefixes = ['/api/', '/v1/', '/v2/', '/cdn/'];
const looksLikeFile = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path);

/**
 * Serves the built web app on the same port as the API: hashed assets cached for a year, every
 * app path (always with a trailing slash) answered with index.html so the client router takes over.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      schemaHide: true,
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${join(distDir, 'assets')}`);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  } else {
    app.log.warn({ distDir }, 'the web app is not built: run `npm run build -w @vigil/web` (npm start does it)');
  }

  app.setNotFoundHandler((request, reply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(path);
    if (!isPage || apiPrefixes.some((prefix) => path.startsWith(prefix))) {
      return sendError(reply, 'NOT_FOUND', `No route ${request.method} ${path}`);
    }
    // Every page of the app has a trailing slash; send the browser to it once.
    if (!path.endsWith('/')) return reply.redirect(`${path}/${query ? `?${query}` : ''}`, 308);
    if (!indexHtml) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm start`.');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
});
