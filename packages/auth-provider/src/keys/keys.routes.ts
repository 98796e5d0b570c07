import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { authErrors, errorBody } from '../errors.ts';
import { documentRoute } from '../http/openapi.ts';

const jwkSchema = z
  .object({ kid: z.string(), kty: z.string(), alg: z.string(), use: z.literal('sig'), crv: z.string(), x: z.string(), y: z.string() })
  .meta({ id: 'AuthSigningKey', description: 'A public ES384 key (JWK) that signs session tokens' });

/**
 * Public keys for verifying session tokens: V2 `{ keys: [...] }` and V1 as a bare array (contract §7).
 * The project id is part of the path, not a parameter: any other id is no route, answered 404 here.
 */
export const keysRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const { projectId } = context.settings;
  const published = async () => (await context.keys.jwks()).keys;
  const versions = [
    { prefix: '/v2/keys', summary: 'The public keys of session tokens (JWKS)', ok: z.object({ keys: z.array(jwkSchema) }), answer: async () => ({ keys: await published() }) },
    { prefix: '/v1/keys', summary: 'The public keys of session tokens, as a bare array (V1)', ok: z.array(jwkSchema), answer: published },
  ];
  for (const version of versions) {
    await app.register(
      async (keys) => {
        keys.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(authErrors.notFound.errorCode, 'Unknown project id')));
        keys.get(`/${encodeURIComponent(projectId)}`, { schema: documentRoute({ summary: version.summary, ok: version.ok }) }, async (_request, reply) => {
          reply.header('cache-control', 'public, max-age=300');
          return version.answer();
        });
      },
      { prefix: version.prefix },
    );
  }
};
