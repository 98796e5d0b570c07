import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Every answer names its request id, so a person reporting a problem can quote it and we can find the log line. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
