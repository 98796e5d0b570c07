import type { FastifyRequest } from 'fastify';

/** Where a change came from, for the audit log. */
export type RequestOrigin = { ip: string; requestId: string };

export const requestOrigin = (request: FastifyRequest): RequestOrigin => ({ ip: request.ip, requestId: request.id });
