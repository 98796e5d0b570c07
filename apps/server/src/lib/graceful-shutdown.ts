import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * On SIGTERM/SIGINT (or an uncaught error): stop taking requests, let running ones finish, run every
 * onClose hook (flush the event writer, stop jobs, close the database), one server after the other
 * in the order given, so a server that still writes closes before the one that owns the database.
 */
export const closeGracefully = (servers: readonly FastifyInstance[], log: FastifyBaseLogger) =>
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    for (const server of servers) await server.close();
  });
