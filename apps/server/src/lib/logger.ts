import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const sensitiveQueryParams = /([?&](?:t|token|code|key|password)=)[^&]*/gi;

/** The server's and the worker's logger: JSON lines, secrets and one-time tokens redacted. */
export const loggerOptions = (config: Config): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.secret', '*.token'],
    censor: '[redacted]',
  },
  serializers: {
    // Links in mail carry one-time tokens in the query; they must never reach a log.
    req: (request) => ({
      method: request.method,
      url: request.url.replace(sensitiveQueryParams, '$1[redacted]'),
      remoteAddress: request.ip,
    }),
  },
  ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
});
