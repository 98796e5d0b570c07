import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminPermissionsPolicy } from '../lib/permissions-policy.ts';

/**
 * The headers every answer carries, whoever serves it (API, web app, provider, logos, health):
 * a content security policy, a permissions policy, and HSTS when Vigil is reached over https.
 * Routes may tighten the CSP for what they serve (the logo route does).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { publicUrl, authBaseUrl }: { publicUrl: string; authBaseUrl: string }) => {
    const https = publicUrl.startsWith('https://');
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI's emotion writes style tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", authBaseUrl],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Over plain http (a laptop, an internal host) upgrading would break every request.
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      // Over plain http a browser ignores HSTS anyway; sending it would only mislead.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', adminPermissionsPolicy);
    });
  },
  { name: 'security-headers' },
);
