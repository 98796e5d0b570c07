import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '@vigil/db';
import type { RateLimit } from '../../lib/rate-limit.ts';
import { sendError } from '../../plugins/errors.ts';
import { apiKeyAuthPlugin } from './api-key-auth.ts';
import { publicApiRoutes } from './public-api.routes.ts';

/** The public REST API: mount with prefix /api/v1, beside (not inside) the session-authenticated /api scope. */
export const publicApiModule: FastifyPluginAsyncZod<{ db: Db; rateLimit?: RateLimit }> = async (app, { db, rateLimit }) => {
  await app.register(apiKeyAuthPlugin, { db, ...(rateLimit ? { rateLimit } : {}) });
  app.setNotFoundHandler((request, reply) => sendError(reply, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  await app.register(publicApiRoutes, { db });
};
