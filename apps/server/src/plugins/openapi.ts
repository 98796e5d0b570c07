import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas that validate requests and responses. */
export const openApiPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vigil API',
        version: '0.1.0',
        description:
          'Security-awareness and human-risk platform. Send the session JWT from the authentication provider as `Authorization: Bearer <token>`. Errors always have the shape `{ "error": { "code", "message", "details" } }`.',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
});
