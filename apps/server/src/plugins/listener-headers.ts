import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The listener's pages use no browser feature at all, so it denies every one it can name (the admin
// app keeps clipboard, fullscreen and passkeys, which its pages use).
const deniedFeatures = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

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
    const permissionsPolicy = deniedFeatures.map((feature) => `${feature}=()`).join(', ');
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', permissionsPolicy);
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
  },
  { name: 'listener-headers' },
);
