import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * On SIGTERM/SIGINT (or an uncaught error): stop taking requests, let running ones finish, run every
 * onClose hook (flush the event writer, stop jobs), one server after the other in the order given,
 * and only then `finally` (close the database). Fastify runs a server's onClose hooks newest first,
 * so the database must not be one of them: it would close before the jobs it serves had stopped.
 */
export const closeGracefully = (servers: readonly FastifyInstance[], log: FastifyBaseLogger, { finally: last }: { finally?: () => Promise<void> } = {}) =>
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    for (const server of servers) await server.close();
    await last?.();
  });
