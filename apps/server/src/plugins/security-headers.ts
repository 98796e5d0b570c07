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
  async (app: FastifyInstance, { publicUrl, authBaseUrl, sandboxUrl }: { publicUrl: string; authBaseUrl: string; sandboxUrl?: string }) => {
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
          // Own SCORM packages play in a frame on the sandbox origin (the phishing listener's), never on this one.
          frameSrc: sandboxUrl ? ["'self'", new URL(sandboxUrl).origin] : ["'self'"],
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
