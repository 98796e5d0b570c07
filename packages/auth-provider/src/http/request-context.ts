import type { FastifyRequest } from 'fastify';
import { AuthError } from '../errors.ts';
import type { ClientInfo } from '../sessions/sessions.ts';

/**
 * `Authorization: Bearer <projectId>[:<token>]` (contract §1.4): the project must be ours; the
 * token part, when present, is a refresh token (or an access key on the exchange route). Without
 * it, the refresh cookie named by `x-descope-refresh-cookie-name` (default DSR) is the fallback.
 */
export const readAuthorization = (request: FastifyRequest, projectId: string) => {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw new AuthError('unknownProject', 'The Authorization header must be "Bearer <project id>"');
  const [project, ...rest] = match[1].split(':');
  if (!project) throw new AuthError('unknownProject', 'The project id is missing');
  if (project !== projectId) throw new AuthError('unknownProject', 'Unknown project id');
  const token = rest.join(':') || readCookie(request, String(request.headers['x-descope-refresh-cookie-name'] || 'DSR'));
  return { token: token || undefined };
};

export const readCookie = (request: FastifyRequest, name: string) => {
  const cookies = request.headers.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // Not valid percent-encoding: no token a client could have been given.
      return undefined;
    }
  }
  return undefined;
};

const deviceIdPattern = /^[\w.:+/=-]{1,128}$/;

/**
 * The device id the web SDK adds to every JSON body as `fpData: {vsid, vrid}` (contract §5.8).
 * Optional and unchecked by anyone: anything missing or malformed is no id, never a refusal.
 */
export const deviceIdOf = (body: unknown): string | undefined => {
  const fpData = body && typeof body === 'object' ? (body as { fpData?: unknown }).fpData : undefined;
  const vsid = fpData && typeof fpData === 'object' ? (fpData as { vsid?: unknown }).vsid : undefined;
  return typeof vsid === 'string' && deviceIdPattern.test(vsid) ? vsid : undefined;
};

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 400),
  deviceId: deviceIdOf(request.body),
});

/** @throws AuthError unauthorized when the call needs a refresh token and has none. */
export const requireToken = (token: string | undefined) => {
  if (!token) throw new AuthError('unauthorized', 'This call needs a refresh token: sign in first');
  return token;
};
