import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { randomToken } from '../crypto.ts';
import { AuthError } from '../errors.ts';
import { authErrorSchema, documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { clientInfo, readAuthorization, readCookie } from '../http/request-context.ts';
import { loginOptionsSchema, parseBody, textSchema, tokenSchema, urlSchema } from '../http/validation.ts';
import { throttle } from '../methods/throttle.ts';
import type { ClientInfo } from '../sessions/sessions.ts';
import { admitSignIn } from '../sessions/sign-in-gate.ts';
import type { UserRow } from '../users/users.repository.ts';
import { usersRepository } from '../users/users.repository.ts';
import type { SocialIdentity } from './oauth-providers.ts';
import {
  finishNativeOAuth,
  finishOAuth,
  issueOAuthCode,
  registeredProvider,
  resolveSocialUser,
  startNativeOAuth,
  startOAuth,
  takeOAuthCode,
  verifyIdToken,
} from './oauth-sign-in.ts';

const providerSchema = textSchema(40).trim().min(1, { error: 'provider must name a provider, such as google' });
const authorizeQuerySchema = z.object({ provider: providerSchema, redirectURL: urlSchema.optional(), loginHint: textSchema(320).optional() });
const exchangeBodySchema = z.object({ code: tokenSchema('code').max(200) });
const nativeStartBodySchema = z.object({ provider: providerSchema, loginOptions: loginOptionsSchema, implicit: z.boolean().optional() });
const nativeFinishBodySchema = z.object({
  provider: providerSchema,
  stateId: tokenSchema('stateId').max(200),
  user: z.string().max(4096).optional(),
  code: tokenSchema('code').max(4096).optional(),
  idToken: tokenSchema('idToken').max(16_384).optional(),
});
const oneTapBodySchema = z.object({ provider: providerSchema, idToken: tokenSchema('idToken').max(16_384), nonce: tokenSchema('nonce').max(200), loginOptions: loginOptionsSchema });
const providerParamsSchema = z.object({ provider: providerSchema });

/** The browser's binding secret: the callback is finished only by the browser that started the sign-in. */
const bindingCookie = 'vigil_oauth_binding';

/**
 * Social sign-in (contract §2.8): `oauth/authorize` sends the browser to Google, Microsoft,
 * GitHub… with PKCE and a state bound to this browser; the provider's answer comes back to our
 * callback, which leaves a one-time `code` at the app's return address; `oauth/exchange` turns it
 * into a session. Native apps and Google One Tap bring an ID token (or a code) themselves.
 */
export const oauthRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);

  /** A sign-in by a person the provider vouched for: the organisation's policy is asked first, then a session starts. */
  const signIn = async (user: UserRow, loginId: string | undefined, client: ClientInfo) => {
    await admitSignIn(context, user, ['oauth'], 'oauth', loginId, client);
    await context.events.record({ event: 'signin', method: 'oauth', success: true, userId: user.id, loginId }, client);
    return context.sessions.start(user, ['oauth'], client);
  };
  app.post(
    '/oauth/authorize',
    {
      schema: {
        querystring: authorizeQuerySchema,
        ...documentAuthRoute({
          summary: 'Start a social sign-in (Google, Microsoft, Apple, GitHub, GitLab, Facebook, Discord, LinkedIn, Slack): the address to send the browser to',
          body: z.object({}).loose(),
          ok: z.object({ url: z.string() }),
          errors: [429],
          errorMeanings: { 400: 'The provider is not set up on this deployment, or its return address is not of this application' },
        }),
      },
    },
    async (request, reply) => {
      readAuthorization(request, context.settings.projectId);
      const query = parseBody(authorizeQuerySchema, request.query);
      await throttle(context, 'oauth.authorize', request.ip);
      const registered = registeredProvider(context, query.provider);
      const browserSecret = readCookie(request, bindingCookie) || randomToken(24);
      const url = await startOAuth(context, registered, { redirectUrl: query.redirectURL, loginHint: query.loginHint, browserSecret });
      const secure = context.settings.publicUrl.startsWith('https://');
      // Lax reaches a redirect back (a top-level GET); Apple posts its answer from its own site, which only None reaches.
      const sameSite = secure && registered.descriptor.protocol === 'oidc' && registered.descriptor.formPost ? 'None' : 'Lax';
      // Sent to the callback and to the exchange (both under /v1), so the code is taken only here too.
      reply.header('set-cookie', `${bindingCookie}=${browserSecret}; Path=/v1; Max-Age=600; HttpOnly; SameSite=${sameSite}${secure ? '; Secure' : ''}`);
      return { url };
    },
  );

  app.post(
    '/oauth/exchange',
    { schema: documentAuthRoute({ summary: 'Exchange the one-time code of a social sign-in for a session', body: exchangeBodySchema, ok: jwtResponseSchema, errors: [429] }) },
    async (request) => {
      readAuthorization(request, context.settings.projectId);
      const body = parseBody(exchangeBodySchema, request.body);
      await throttle(context, 'oauth.exchange', request.ip);
      const taken = await takeOAuthCode(context, body.code, readCookie(request, bindingCookie));
      const user = taken ? await users.findById(taken.userId) : undefined;
      if (!user || user.status !== 'enabled') throw new AuthError('invalidCode', 'code: not valid, expired or used already; sign in again');
      return signIn(user, user.email ?? undefined, clientInfo(request));
    },
  );

  app.post(
    '/oauth/native/start',
    {
      schema: documentAuthRoute({
        summary: 'Start a native app’s social sign-in: the client id and nonce for the provider’s SDK, and the state id to finish with',
        body: nativeStartBodySchema,
        ok: z.object({ clientId: z.string(), stateId: z.string(), nonce: z.string(), implicit: z.boolean() }),
        errors: [429],
      }),
    },
    async (request) => {
      readAuthorization(request, context.settings.projectId);
      const body = parseBody(nativeStartBodySchema, request.body);
      await throttle(context, 'oauth.native', request.ip);
      return startNativeOAuth(context, registeredProvider(context, body.provider), body.implicit ?? false);
    },
  );

  app.post(
    '/oauth/native/finish',
    { schema: documentAuthRoute({ summary: 'Finish a native app’s social sign-in with the ID token or code the provider gave it', body: nativeFinishBodySchema, ok: jwtResponseSchema, errors: [429] }) },
    async (request) => {
      readAuthorization(request, context.settings.projectId);
      const body = parseBody(nativeFinishBodySchema, request.body);
      await throttle(context, 'oauth.native', request.ip);
      const registered = registeredProvider(context, body.provider);
      const client = clientInfo(request);
      const identity = await finishNativeOAuth(context, registered, body.stateId, { idToken: body.idToken, code: body.code });
      return signIn(await resolveSocialUserRecorded(context, registered.name, identity, client), identity.email, client);
    },
  );

  app.get(
    '/onetap/clientid/:provider',
    {
      schema: documentAuthRoute({
        summary: 'The client id One Tap loads the provider’s button with',
        params: providerParamsSchema,
        ok: z.object({ clientId: z.string() }),
        errors: [400],
        errorMeanings: { 400: 'The provider is not set up on this deployment' },
      }),
    },
    async (request) => {
      readAuthorization(request, context.settings.projectId);
      const { provider } = parseBody(providerParamsSchema, request.params);
      return { clientId: registeredProvider(context, provider).config.clientId };
    },
  );

  const oneTapIdentity = async (request: FastifyRequest) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(oneTapBodySchema, request.body);
    await throttle(context, 'onetap.idtoken', request.ip);
    const registered = registeredProvider(context, body.provider);
    const client = clientInfo(request);
    const identity = await verifyIdToken(context, registered, body.idToken, [body.nonce]);
    return { registered, identity, client, user: await resolveSocialUserRecorded(context, registered.name, identity, client) };
  };
  app.post(
    '/onetap/idtoken/verify',
    { schema: documentAuthRoute({ summary: 'Check a One Tap ID token: a one-time code to exchange for a session', body: oneTapBodySchema, ok: z.object({ code: z.string() }), errors: [429] }) },
    async (request) => {
      const { registered, identity, client, user } = await oneTapIdentity(request);
      await admitSignIn(context, user, ['oauth'], 'oauth', identity.email, client);
      return { code: await issueOAuthCode(context, registered.name, user.id) };
    },
  );
  app.post(
    '/onetap/idtoken/exchange',
    { schema: documentAuthRoute({ summary: 'Exchange a One Tap ID token for a session', body: oneTapBodySchema, ok: jwtResponseSchema, errors: [429] }) },
    async (request) => {
      const { identity, client, user } = await oneTapIdentity(request);
      return signIn(user, identity.email, client);
    },
  );
};

const callbackSchema = (method: 'GET' | 'POST') =>
  ({
    tags: ['Authentication provider'],
    summary: method === 'GET' ? 'Social sign-in redirect URI: the provider’s code, exchanged and checked' : 'Social sign-in redirect URI for providers that post their answer (Apple’s form_post)',
    security: [],
    params: providerParamsSchema,
    response: { 303: z.undefined().describe('To the app’s return address with ?code= (a sign-in) or ?err= (refused)'), 400: authErrorSchema },
  }) as FastifySchema;

/**
 * The address a provider sends the browser back to (not an SDK call, so outside /v1/auth): it
 * lands the browser at the app's return address with a one-time `code`, or with `err` and why.
 */
export const oauthBrowserRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const land = async (request: FastifyRequest, reply: FastifyReply, callbackUrl: URL) => {
    const { provider } = parseBody(providerParamsSchema, request.params);
    const client = clientInfo(request);
    const to = (base: string, params: Record<string, string>) => `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
    const fallback = `${context.settings.publicUrl}/login/oauth/`;
    let registered;
    try {
      registered = registeredProvider(context, provider);
    } catch {
      return reply.redirect(to(fallback, { err: 'unknown-provider' }), 303);
    }
    let finished;
    try {
      finished = await finishOAuth(context, registered, callbackUrl, readCookie(request, bindingCookie));
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      context.log.warn({ provider, reason: error.errorDescription }, 'a social sign-in answer was refused');
      await context.events.record({ event: 'signin', method: 'oauth', success: false, reason: error.errorDescription }, client);
      // The provider's own refusal (the person said no) comes back as ?error=.
      return reply.redirect(to(fallback, { err: callbackUrl.searchParams.get('error') === 'access_denied' ? 'cancelled' : 'refused' }), 303);
    }
    const { request: started, identity } = finished;
    try {
      const user = await resolveSocialUserRecorded(context, registered.name, identity, client);
      await admitSignIn(context, user, ['oauth'], 'oauth', identity.email, client);
      return reply.redirect(to(started.redirectUrl ?? fallback, { code: await issueOAuthCode(context, registered.name, user.id, started.browserBindingHash) }), 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return reply.redirect(to(started.redirectUrl ?? fallback, { err: error.errorCode === 'E062112' || error.errorCode === 'E062113' ? 'policy' : 'no-account' }), 303);
    }
  };
  const callbackUrlOf = (request: FastifyRequest, extra?: Record<string, string>) => {
    const url = new URL(`${context.settings.publicUrl}/v1/oauth${request.url.slice(request.url.indexOf('/callback/'))}`);
    for (const [key, value] of Object.entries(extra ?? {})) url.searchParams.set(key, value);
    return url;
  };

  app.get('/callback/:provider', { schema: callbackSchema('GET') }, (request, reply) => land(request, reply, callbackUrlOf(request)));
  await app.register(async (posted) => {
    posted.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    posted.post('/callback/:provider', { schema: callbackSchema('POST') }, (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(['code', 'state', 'error', 'iss'].flatMap((key) => (typeof body[key] === 'string' ? [[key, body[key] as string]] : [])));
      return land(request, reply, callbackUrlOf(request, fields));
    });
  });
};

/** Resolves the person, recording a refusal as a failed sign-in. */
const resolveSocialUserRecorded = async (context: ProviderContext, provider: Parameters<typeof resolveSocialUser>[1], identity: SocialIdentity, client: ClientInfo) => {
  try {
    return await resolveSocialUser(context, provider, identity);
  } catch (error) {
    if (error instanceof AuthError) await context.events.record({ event: 'signin', method: 'oauth', success: false, loginId: identity.email, reason: error.errorDescription }, client);
    throw error;
  }
};
