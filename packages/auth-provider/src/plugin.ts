import argon2 from 'argon2';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthMethod, ProviderContext, ProviderSettings } from './context.ts';
import type { AuthDb } from './database.ts';
import { type Delivery, createDelivery } from './delivery/delivery.ts';
import type { TwilioOptions } from './delivery/twilio.ts';
import { AuthError, authErrors, errorBody } from './errors.ts';
import { type AuthEventListener, type CountryLocator, authEventsLog } from './http/auth-events.ts';
import { createRateLimiter } from './http/rate-limiter.ts';
import { factorsRoutes } from './factors/factors.routes.ts';
import { relyingPartyFor } from './factors/passkeys.ts';
import { flowRoutes } from './flows/flow.routes.ts';
import { oauthBrowserRoutes, oauthRoutes } from './oauth/oauth.routes.ts';
import type { OAuthProviderConfig, OAuthProviderName } from './oauth/oauth-providers.ts';
import { ssoBrowserRoutes, ssoRoutes } from './sso/sso.routes.ts';
import { createKeyRing } from './keys/signing-keys.ts';
import { keysRoutes } from './keys/keys.routes.ts';
import { accessKeyRoutes } from './methods/access-key.routes.ts';
import { enchantedLinkRoutes } from './methods/enchanted-link.routes.ts';
import { notpInboundRoutes, notpRoutes } from './methods/notp.routes.ts';
import { magicLinkRoutes } from './methods/magic-link.routes.ts';
import { otpRoutes } from './methods/otp.routes.ts';
import { passwordRoutes } from './methods/password.routes.ts';
import { totpRoutes } from './methods/totp.routes.ts';
import { webauthnRoutes } from './methods/webauthn.routes.ts';
import { createSessions } from './sessions/sessions.ts';
import { sessionRoutes } from './sessions/session.routes.ts';
import { managementRoutes } from './management/management.routes.ts';
import { sha256 } from './crypto.ts';

export type AuthProviderOptions = {
  db: AuthDb;
  projectId: string;
  publicUrl: string;
  /** Encrypts signing keys and keys the hashes of codes; at least 32 bytes. */
  secret: Buffer;
  appName?: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Called after every auth event is recorded (the host audits tenant switches with it). */
  onAuthEvent?: AuthEventListener;
  /** Tells the country of a sign-in's address for the record and the host (without it, none is kept). */
  locateCountry?: CountryLocator;
  /** SMS, voice and WhatsApp through a Twilio-compatible API; without it they go to the outbox. */
  twilio?: TwilioOptions;
  /** Replaces SMTP/outbox delivery (tests that capture messages). */
  delivery?: Delivery;
  sessionTtlSeconds?: number;
  refreshIdleSeconds?: number;
  refreshAbsoluteSeconds?: number;
  selfSignUp?: boolean;
  methods?: AuthMethod[];
  /** Reaches identity providers (OIDC) through the host's outbound guard instead of the global fetch. */
  outboundFetch?: ProviderContext['outboundFetch'];
  /** Makes a newcomer a single sign-on connection vouches for, when it provisions just in time: the host's own person and login. */
  provisionSsoUser?: ProviderContext['provisionSsoUser'];
  /** Further origins where passkeys may be used (a development server beside the public URL); same host name. */
  passkeyOrigins?: string[];
  /** Social sign-in: the providers this deployment registered an app with (see `oauthProvidersFromEnv`). */
  oauthProviders?: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
  limits?: Partial<ProviderSettings['limits']>;
  /**
   * The key a host's management calls carry (`Bearer <project id>:<key>`, /v1/mgmt and /v2/mgmt).
   * Only its hash is kept; without one, every management call is refused.
   */
  managementKey?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    authProvider: ProviderContext;
  }
}

const day = 24 * 60 * 60;

/**
 * The embedded authentication provider: the Descope-compatible HTTP contract under /v1/auth and
 * the JWKS under /v2/keys, with its own tables. Mount it on any Fastify app, or run it alone.
 */
export const authProviderPlugin = fp(async (app: FastifyInstance, options: AuthProviderOptions) => {
  if (options.secret.length < 32) throw new Error('The auth provider secret must be at least 32 bytes');
  // Calls carry "Bearer <project id>:<key>", read after the last colon: a key with one could never match.
  if (options.managementKey?.includes(':')) throw new Error('The management key must not contain a colon (:)');
  const settings: ProviderSettings = {
    projectId: options.projectId,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    appName: options.appName ?? 'Vigil',
    selfSignUp: options.selfSignUp ?? false,
    codeTtlSeconds: 10 * 60,
    codeMaxAttempts: 3,
    lockAfterFailedPasswords: 10,
    limits: {
      perLoginId: options.limits?.perLoginId ?? { max: 10, windowSeconds: 10 * 60 },
      perIp: options.limits?.perIp ?? { max: 60, windowSeconds: 60 },
      managementKeyFailures: options.limits?.managementKeyFailures ?? { max: 20, windowSeconds: 10 * 60 },
    },
    methods: options.methods ?? ['password', 'otp-email'],
    passkeys: relyingPartyFor(options.publicUrl, options.appName ?? 'Vigil', options.passkeyOrigins),
  };
  const sessionSettings = {
    projectId: options.projectId,
    sessionTtlSeconds: options.sessionTtlSeconds ?? 600,
    refreshIdleSeconds: options.refreshIdleSeconds ?? 14 * day,
    refreshAbsoluteSeconds: options.refreshAbsoluteSeconds ?? 30 * day,
  };
  const log = app.log.child({ module: 'auth-provider' });
  const keys = createKeyRing(options.db, options.secret, sessionSettings.refreshAbsoluteSeconds, (kid) =>
    log.warn({ kid }, 'a signing key could not be decrypted with this secret (was it replaced?): retired it and made a new one'),
  );
  await keys.signingKey();
  const delivery = options.delivery ?? createDelivery(options.db, {
      smtpUrl: options.smtpUrl,
      mailFrom: options.mailFrom ?? `${settings.appName} <no-reply@localhost>`,
      twilio: options.twilio,
    });
  const events = authEventsLog(options.db, {
    secret: options.secret,
    listener: options.onAuthEvent,
    onListenerError: (error) => log.error({ err: error }, 'the host could not handle an auth event'),
    locateCountry: options.locateCountry,
  });
  const context: ProviderContext = {
    db: options.db,
    secret: options.secret,
    settings,
    keys,
    sessions: createSessions(options.db, keys, sessionSettings, log, (userId) =>
      events.record({ event: 'refresh.reuse', method: 'session', success: false, userId, reason: 'a rotated refresh token was presented again: every session of that sign-in ended' }, {}),
    ),
    events,
    delivery,
    twilio: options.twilio,
    limiter: createRateLimiter(options.db),
    dummyPasswordHash: await argon2.hash('not-a-real-password-used-for-timing', { type: argon2.argon2id }),
    provisionSsoUser: options.provisionSsoUser,
    outboundFetch: options.outboundFetch,
    oauthProviders: options.oauthProviders ?? {},
    log,
  };
  app.decorate('authProvider', context);
  if ('close' in delivery && typeof delivery.close === 'function') app.addHook('onClose', async () => (delivery as { close: () => void }).close());

  await app.register(async (scope) => {
    // Route schemas here document the routes (for a host's OpenAPI document); parseBody does the
    // parsing, so every refusal keeps the contract's error shape and answers stay as they are.
    scope.setValidatorCompiler(() => (data) => ({ value: data }));
    scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AuthError) {
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.status).send(errorBody(error.errorCode, error.errorDescription));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(errorBody(status === 415 ? authErrors.badRequest.errorCode : authErrors.invalidArguments.errorCode, error.message));
      }
      request.log.error({ err: error }, 'auth provider error');
      return reply.code(500).send(errorBody(authErrors.internal.errorCode, 'Something went wrong on our side'));
    });
    await scope.register(async (v1) => {
      // These answers carry session and refresh tokens, or say who is signed in: never cached.
      v1.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      v1.setNotFoundHandler((request, reply) =>
        reply.code(404).send(errorBody(authErrors.notFound.errorCode, `No route ${request.method} ${request.url.split('?')[0]}`)),
      );
      await passwordRoutes(v1, context);
      await otpRoutes(v1, context);
      await magicLinkRoutes(v1, context);
      await enchantedLinkRoutes(v1, context);
      await notpRoutes(v1, context);
      await totpRoutes(v1, context);
      await webauthnRoutes(v1, context);
      await factorsRoutes(v1, context);
      await ssoRoutes(v1, context);
      await oauthRoutes(v1, context);
      await accessKeyRoutes(v1, context);
      await sessionRoutes(v1, context);
    }, { prefix: '/v1/auth' });
    await scope.register(async (flows) => flowRoutes(flows, context), { prefix: '/v1' });
    await scope.register(async (sso) => ssoBrowserRoutes(sso, context), { prefix: '/v1/sso' });
    await scope.register(async (notp) => notpInboundRoutes(notp, context), { prefix: '/v1/notp' });
    await scope.register(async (oauth) => oauthBrowserRoutes(oauth, context), { prefix: '/v1/oauth' });
    await keysRoutes(scope, context);
    const managementKeyHash = options.managementKey ? sha256(options.managementKey) : undefined;
    await scope.register(async (mgmt) => {
      mgmt.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      await managementRoutes(mgmt, context, managementKeyHash);
    });
  });
});
