import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { authProviderSecuritySchemes } from '@vigil/auth-provider';
import { allowNullWhereNullable } from './openapi-nullable.ts';

type Responses = Record<string, { content?: unknown }>;
type Paths = Record<string, Record<string, { responses?: Responses }>>;

/**
 * A 204 or 304 answer has no body (RFC 9110) and Fastify sends it without a content type, whatever
 * schema its route names (`z.null()` would read as a JSON null): the document lists no content for it.
 */
const withoutBodyOnEmptyAnswers = <T extends { paths?: unknown }>(document: T): T => {
  const paths = Object.entries((document.paths ?? {}) as Paths).map(([path, operations]) => [
    path,
    Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => {
        if (typeof operation !== 'object' || !operation.responses) return [method, operation];
        const responses = Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => {
            if (status !== '204' && status !== '304') return [status, response];
            const { content: _, ...withoutContent } = response;
            return [status, withoutContent];
          }),
        );
        return [method, { ...operation, responses }];
      }),
    ),
  ]);
  return { ...document, paths: Object.fromEntries(paths) };
};

/** The OpenAPI document is generated from the same zod schemas that validate requests and responses. */
export const openApiPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vigil API',
        version: '0.1.0',
        description:
          'Security-awareness and human-risk platform. Send the session JWT from the authentication provider as `Authorization: Bearer <token>`; the public REST API under /api/v1 takes an organisation API key there instead (see the apiKey scheme). Errors of /api always have the shape `{ "error": { "code", "message", "details" } }`; the embedded authentication provider (/v1/auth, /v2/keys; the Descope contract) answers its errors as `{ "errorCode", "errorDescription", "errorMessage" }`.',
      },
      servers: [{ url: publicUrl }],
      // The embedded provider's routes (/v1/auth, /v2/keys) document themselves, with their own scheme.
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The public REST API (/api/v1) takes an organisation API key instead; docs/api.md.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'vgl_…',
            description: 'An organisation API key (`vgl_` and 49 letters and digits), made by an admin in Configure → Integrations → API keys. Opens only /api/v1, as far as its scopes (`read`, `write`) allow.',
          },
          ...authProviderSecuritySchemes,
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withoutBodyOnEmptyAnswers(allowNullWhereNullable(jsonSchemaTransformObject(document))),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
});
