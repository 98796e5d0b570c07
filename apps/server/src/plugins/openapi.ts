import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { authProviderSecuritySchemes } from '@vigil/auth-provider';
import { allowNullWhereNullable } from './openapi-nullable.ts';

/** The OpenAPI document is generated from the same zod schemas that validate requests and responses. */
export const openApiPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vigil API',
        version: '0.1.0',
        description:
          'Security-awareness and human-risk platform. Send the session JWT from the authentication provider as `Authorization: Bearer <token>`. Errors of /api always have the shape `{ "error": { "code", "message", "details" } }`; the embedded authentication provider (/v1/auth, /v2/keys; the Descope contract) answers its errors as `{ "errorCode", "errorDescription", "errorMessage" }`.',
      },
      servers: [{ url: publicUrl }],
      // The embedded provider's routes (/v1/auth, /v2/keys) document themselves, with their own scheme.
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, ...authProviderSecuritySchemes } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => allowNullWhereNullable(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
});
