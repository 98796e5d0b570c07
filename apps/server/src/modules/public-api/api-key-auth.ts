import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyScope } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import { type RateLimit, enforceRateLimit } from '../../lib/rate-limit.ts';
import { grantsScope } from '../api-keys/api-keys.policy.ts';
import { type ApiKeyCaller, authenticateApiKey } from '../api-keys/api-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a public-API request came with; reading it on a route that did not authenticate throws 401. */
    readonly apiCaller: ApiKeyCaller;
  }
  interface FastifyContextConfig {
    /** The scope an API key needs for this public-API route: `read` for reads, `write` for changes. */
    apiKeyScope?: ApiKeyScope;
  }
}

/** Requests per key per minute, counted in the database so every server holds one limit. */
export const apiKeyRateLimit: RateLimit = { max: 600, windowSeconds: 60 };
export const apiKeyRateLimitKey = (keyId: string) => `public-api.key:${keyId}`;

const callerSlot = Symbol('apiCaller');
type WithCallerSlot = FastifyRequest & { [callerSlot]?: ApiKeyCaller };

/**
 * Opens the routes of the scope it is registered in to organisation API keys, and to nothing else:
 * a session token is refused here, as an API key is on the session routes. Each route names the
 * scope it needs; a key without it gets 403. Every request counts against its key's rate limit.
 */
export const apiKeyAuthPlugin = fp(
  async (app: FastifyInstance, { db, rateLimit = apiKeyRateLimit }: { db: Db; rateLimit?: RateLimit }) => {
    app.decorateRequest('apiCaller', {
      getter(this: WithCallerSlot) {
        const caller = this[callerSlot];
        if (!caller) throw new AppError('UNAUTHENTICATED', 'This route needs an API key');
        return caller;
      },
    });

    // A route that forgot its scope would be open to every key: refuse to start instead.
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD' && !route.config?.apiKeyScope) throw new Error(`${String(route.method)} ${route.url} must name the API key scope it needs (config.apiKeyScope)`);
    });

    app.addHook('onRequest', async (request, reply) => {
      // What the API answers is the organisation's data: no browser or proxy may keep it.
      reply.header('cache-control', 'no-store');
      // Unknown paths answer 404 rather than asking for a key first.
      if (!request.routeOptions.url) return;
      const caller = await authenticateApiKey(db, request.headers.authorization);
      await enforceRateLimit(db, reply, apiKeyRateLimitKey(caller.actor.id), rateLimit, 'This API key has made too many requests');
      const needed = request.routeOptions.config.apiKeyScope;
      if (!needed || !grantsScope(caller.scopes, needed)) throw new AppError('FORBIDDEN', `This API key lacks the ${needed ?? 'needed'} scope; an admin can make a key that has it`);
      (request as WithCallerSlot)[callerSlot] = caller;
    });
  },
  { name: 'api-key-auth' },
);
