import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenerPermissionsPolicy } from '../lib/permissions-policy.ts';

/**
 * The phishing listener's headers: a CSP that lets a landing page show itself and post its form back
 * here and nothing else (no script at all, inline styles, images from this origin only, never
 * framed), no referrer (the token must not travel to anyone), no store (every answer is one person's),
 * no indexing, and HSTS only when the listener is reached over https.
 */
export const listenerHeadersPlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
    const https = publicUrl.startsWith('https://');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          scriptSrc: ["'none'"],
          styleSrc: ["'unsafe-inline'"],
          imgSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false, preload: false } : false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', listenerPermissionsPolicy);
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
  },
  { name: 'listener-headers' },
);
