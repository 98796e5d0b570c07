import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

// One-time tokens in mailed links, and the signatures of signed media addresses (a signature is
// a capability: whoever holds the address can fetch the file until it expires).
const sensitiveQueryParams = /([?&](?:t|token|code|key|password|signature)=)[^&]*/gi;

/**
 * The server's and the worker's logger: JSON lines, secrets and one-time tokens redacted.
 * `pathTokens` matches a token carried in the path (the phishing listener's `/c/<token>`); its first
 * group is kept and the rest of the match redacted.
 */
export const loggerOptions = (config: Config, { pathTokens }: { pathTokens?: RegExp } = {}): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.secret', '*.token', 'req.body', '*.body'],
    censor: '[redacted]',
  },
  serializers: {
    // Links in mail carry one-time tokens in the query (or the path); they must never reach a log.
    req: (request) => ({
      method: request.method,
      url: (pathTokens ? request.url.replace(pathTokens, '$1[redacted]') : request.url).replace(sensitiveQueryParams, '$1[redacted]'),
      remoteAddress: request.ip,
    }),
  },
  ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
});
