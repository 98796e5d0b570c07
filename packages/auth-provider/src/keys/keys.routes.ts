import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';

/** Public keys for verifying session tokens: V2 `{ keys: [...] }` and V1 as a bare array (contract §7). */
export const keysRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const published = async (projectId: string) => {
    if (projectId !== context.settings.projectId) throw new AuthError('notFound', 'Unknown project id');
    return (await context.keys.jwks()).keys;
  };
  app.get<{ Params: { projectId: string } }>('/v2/keys/:projectId', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: await published(request.params.projectId) };
  });
  app.get<{ Params: { projectId: string } }>('/v1/keys/:projectId', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return published(request.params.projectId);
  });
};
