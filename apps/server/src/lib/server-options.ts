import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { loggerOptions } from './logger.ts';

/**
 * What every HTTP server of the product (the admin app, the phishing listener) is built with: its
 * logger, whether it trusts a proxy's forwarded address, and a request id that a caller may pass in
 * `x-request-id` (or one is made), so a log line and an answer can be matched.
 */
export const baseServerOptions = (config: Config, logger: FastifyServerOptions['logger'] = loggerOptions(config)) =>
  ({
    logger,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }) satisfies FastifyServerOptions;
