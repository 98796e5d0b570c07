import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { z } from 'zod';
import { AuthError } from '../errors.ts';
import { documentRoute } from '../http/openapi.ts';

const jwkSchema = z
  .object({ kid: z.string(), kty: z.string(), alg: z.string(), use: z.literal('sig'), crv: z.string(), x: z.string(), y: z.string() })
  .meta({ id: 'AuthSigningKey', description: 'A public ES384 key (JWK) that signs session tokens' });
const paramsSchema = z.object({ projectId: z.string() });
const keysDoc = (summary: string, ok: z.ZodType) => documentRoute({ summary, params: paramsSchema, ok, errors: [404] });

/** Public keys for verifying session tokens: V2 `{ keys: [...] }` and V1 as a bare array (contract §7). */
export const keysRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const published = async (projectId: string) => {
    if (projectId !== context.settings.projectId) throw new AuthError('notFound', 'Unknown project id');
    return (await context.keys.jwks()).keys;
  };
  app.get<{ Params: { projectId: string } }>('/v2/keys/:projectId', { schema: keysDoc('The public keys of session tokens (JWKS)', z.object({ keys: z.array(jwkSchema) })) }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: await published(request.params.projectId) };
  });
  app.get<{ Params: { projectId: string } }>('/v1/keys/:projectId', { schema: keysDoc('The public keys of session tokens, as a bare array (V1)', z.array(jwkSchema)) }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return published(request.params.projectId);
  });
};
