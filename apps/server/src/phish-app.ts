import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DatabaseConnection } from '@vigil/db';
import type { Config } from './config.ts';
import { loggerOptions } from './lib/logger.ts';
import type { SecretBox } from './lib/secrets.ts';
import { baseServerOptions } from './lib/server-options.ts';
import { type EventWriter, createEventWriter } from './modules/events/event-writer.ts';
import { voiceRoutes } from './modules/phishing/callbacks/voice.routes.ts';
import { loadScannerSignatures } from './modules/phishing/tracking/scanner-detection.ts';
import { sendNotFoundPage, trackingRoutes } from './modules/phishing/tracking/tracking.routes.ts';
import { scormSandboxRoutes } from './modules/training/own-content/scorm-sandbox.routes.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { listenerHeadersPlugin } from './plugins/listener-headers.ts';
import { requestIdPlugin } from './plugins/request-id.ts';

export type BuildPhishAppOptions = {
  config: Config;
  connection: DatabaseConnection;
  /** The admin app's secret box (one application secret derives the tracking tokens both sides use). */
  secrets: SecretBox;
  /** Logger override (tests capture lines with their own stream). */
  logger?: FastifyServerOptions['logger'];
  /** Called after tracking events reach the log: the server asks the consumers to run soon. */
  onEventsWritten?: () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The listener's batched event writer (flushed on close). */
    eventWriter: EventWriter;
  }
}

/**
 * Capabilities in the listener's paths, kept out of every log line: a tracking token (`/c/<token>`,
 * `/o/<token>.gif`) and a SCORM package's signature (`/scorm/<module>/<expires>/<signature>/…`).
 */
const trackingPathToken = /^(\/[a-z]\/|\/scorm\/[^/?]+\/[^/?]+\/)[^/?]+/;

/** The listener's logger: the product's, with path tokens redacted too. */
export const phishLoggerOptions = (config: Config) => loggerOptions(config, { pathTokens: trackingPathToken }) as Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The phishing listener: tracking pixels, links and landing pages, and the callback number's voice webhook, on an origin of their own
 * (PHISH_PORT, PHISH_PUBLIC_URL). Nothing of the admin app is here: no cookies, no session, no /api,
 * no web app; its own headers; unknown paths answer a plain page and count towards a per-address
 * limit kept in the database.
 */
export const buildPhishApp = async ({ config, connection, secrets, logger, onEventsWritten }: BuildPhishAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    ...baseServerOptions(config, logger ?? phishLoggerOptions(config)),
    // A landing page posts a few named fields; nothing here takes more.
    bodyLimit: 16 * 1024,
  });
  app.decorate('secrets', secrets);
  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(listenerHeadersPlugin, { publicUrl: config.phish.publicUrl });

  const writer = createEventWriter(connection.db, { log: app.log, ...(onEventsWritten ? { onWritten: onEventsWritten } : {}) });
  app.decorate('eventWriter', writer);
  // Whatever was recorded but not yet written goes before the database closes.
  app.addHook('onClose', async () => writer.close());

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'));
  await app.register(trackingRoutes, { db: connection.db, writer, signatures: loadScannerSignatures(), adminUrl: config.publicUrl });
  // Own SCORM packages play here, away from the app's origin (signed, expiring paths; framed by the app only).
  await app.register(scormSandboxRoutes, { db: connection.db, secrets, appUrl: config.publicUrl, notFound: (request, reply) => sendNotFoundPage(connection.db, request, reply) });
  await app.register(voiceRoutes, { db: connection.db, writer, authToken: config.twilio?.authToken, publicUrl: config.phish.publicUrl });
  app.setNotFoundHandler((request, reply) => sendNotFoundPage(connection.db, request, reply));
  return app;
};
