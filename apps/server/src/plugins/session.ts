import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeySecretPrefix } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../lib/app-error.ts';
import type { SessionVerifier } from '../lib/session-verifier.ts';
import type { Tenant } from '../lib/tenant.ts';
import { resolveTenant, secondFactorRequired } from '../lib/tenant-resolver.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's tenancy scope; reading it on a route that did not authenticate throws 401. */
    readonly tenant: Tenant;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without a session (tracking links, sign-in). */
    public?: boolean;
  }
}

const tenantSlot = Symbol('tenant');
type WithTenantSlot = FastifyRequest & { [tenantSlot]?: Tenant };

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header) throw new AppError('UNAUTHENTICATED', 'Sign in first: the Authorization header is missing');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <session token>"');
  // An organisation API key opens only the public API; say so rather than "not a valid session".
  if (match[1].startsWith(apiKeySecretPrefix)) throw new AppError('UNAUTHENTICATED', 'An API key opens only the public API under /api/v1; this route needs a signed-in session');
  // The SDK may send "<projectId>:<sessionJwt>"; the JWT is the part after the last colon.
  return match[1].slice(match[1].lastIndexOf(':') + 1);
};

/**
 * Verifies the session on every non-public route of the scope it is registered in, and puts the
 * caller's tenancy scope on the request; what those routes answer is never stored by a cache. The tenant never comes from a body, query or header.
 */
export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    {
      db,
      verifySession,
      enforceSignInPolicy = false,
    }: {
      db: Db;
      verifySession: SessionVerifier;
      /** Hold sessions to the person's adaptive controls here: the provider is elsewhere and cannot (see resolveTenant). */
      enforceSignInPolicy?: boolean;
    },
  ) => {
    app.decorateRequest('tenant', {
      getter(this: WithTenantSlot) {
        const tenant = this[tenantSlot];
        if (!tenant) throw new AppError('UNAUTHENTICATED', 'This route needs a signed-in session');
        return tenant;
      },
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.public) return;
      // An answer behind a session is personal (JSON, CSV or a refusal): no browser or proxy may keep it.
      reply.header('cache-control', 'no-store');
      // Unknown paths answer 404 rather than asking for a session first.
      if (!request.routeOptions.url) return;
      const claims = await verifySession(bearerToken(request));
      // Adaptive controls: until the second factor is given, the session opens nothing.
      if (claims.mfa_required) throw secondFactorRequired();
      (request as WithTenantSlot)[tenantSlot] = await resolveTenant(db, claims, { enforceSignInPolicy });
    });
  },
  { name: 'session' },
);
