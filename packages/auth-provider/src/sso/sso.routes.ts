import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { authErrorSchema, documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { parseBody, textSchema, tokenSchema, urlSchema } from '../http/validation.ts';
import { throttle } from '../methods/throttle.ts';
import { ssoConnections } from '../schema/index.ts';
import { admitSignIn } from '../sessions/sign-in-gate.ts';
import { usersRepository } from '../users/users.repository.ts';
import type { SsoConnectionRow } from './sso-connections.ts';
import { type SsoIdentity, connectionById, finishOidc, finishSaml, findConnection, issueSsoCode, resolveSsoUser, serviceProviderMetadata, startSso, takeSsoCode } from './sso-sign-in.ts';

const authorizeQuerySchema = z.object({
  tenant: textSchema(320).trim().min(1, { error: 'tenant must name an organization or an email address' }),
  redirectURL: urlSchema.optional(),
  ssoId: textSchema(100).optional(),
  forceAuthn: z.enum(['true', 'false']).optional(),
  loginHint: textSchema(320).optional(),
});
const exchangeBodySchema = z.object({ code: tokenSchema('code').max(200) });
const connectionParamsSchema = z.object({ connectionId: textSchema(100) });

/** A page the browser (or the IdP) opens rather than an SDK call: no project header, answers a redirect or XML. */
const browserRoute = (summary: string, response: Record<number, unknown>) =>
  ({ tags: ['Authentication provider'], summary, security: [], params: connectionParamsSchema, response: { ...response, 400: authErrorSchema } }) as FastifySchema;
const landing = { 303: z.undefined().describe('To the app’s return address with ?code= (a sign-in), ?sso_test= (a test sign-in) or ?err= (refused)') };

/**
 * Single sign-on per organisation (contract §2.9, `sdk.sso` / `sdk.saml`): `saml/authorize` sends
 * the browser to the organisation's identity provider (SAML or OpenID Connect); the answer comes
 * back to our ACS (SAML, HTTP-POST) or callback (OIDC), which leaves a one-time `code` at the
 * app's return address; `saml/exchange` turns it into a session.
 */
export const ssoRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);
  app.post(
    '/saml/authorize',
    {
      schema: {
        querystring: authorizeQuerySchema,
        ...documentAuthRoute({
        summary: 'Start single sign-on at the organization’s identity provider (by organization id or an email address whose domain it claims)',
        body: z.object({}).loose(),
        ok: z.object({ url: z.string() }),
        errors: [404, 429],
        errorMeanings: { 404: 'No single sign-on is set up for that organization or email domain' },
        }),
      },
    },
    async (request) => {
      readAuthorization(request, context.settings.projectId);
      const query = parseBody(authorizeQuerySchema, request.query);
      await throttle(context, 'sso.authorize', request.ip);
      const connection = await findConnection(context, query.tenant, query.ssoId);
      if (!connection) throw new AuthError('notFound', 'tenant: no single sign-on is set up for this organization or email domain');
      return { url: await startSso(context, connection, { redirectUrl: query.redirectURL, forceAuthn: query.forceAuthn === 'true', loginHint: query.loginHint ?? (query.tenant.includes('@') ? query.tenant : undefined) }) };
    },
  );

  app.post(
    '/saml/exchange',
    { schema: documentAuthRoute({ summary: 'Exchange the one-time code of a single sign-on for a session', body: exchangeBodySchema, ok: jwtResponseSchema, errors: [429] }) },
    async (request) => {
      readAuthorization(request, context.settings.projectId);
      const body = parseBody(exchangeBodySchema, request.body);
      await throttle(context, 'sso.exchange', request.ip);
      const taken = await takeSsoCode(context, body.code);
      const user = taken?.userId ? await users.findById(taken.userId) : undefined;
      if (!user || user.status !== 'enabled') throw new AuthError('invalidCode', 'code: not valid, expired or used already; sign in again');
      const client = clientInfo(request);
      // A second factor the identity provider asked for counts here: the session owes none.
      const amr = taken!.identityProviderMfa ? ['sso', 'mfa'] : ['sso'];
      await admitSignIn(context, user, amr, 'sso', user.email ?? undefined, client);
      await context.events.record({ event: 'signin', method: 'sso', success: true, userId: user.id, loginId: user.email ?? undefined }, client);
      return context.sessions.start(user, amr, client);
    },
  );
};

/**
 * The pages an identity provider and the browser reach (not SDK calls, so outside /v1/auth, whose
 * answers are all JSON): the SAML ACS and metadata, and the OIDC redirect URI. Each lands the
 * browser at the app's return address with a one-time `code` (or `err`).
 */
export const ssoBrowserRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  /** Where the browser lands after the IdP: the return address with `?code=` (or `?err=` and why). */
  const land = async (reply: FastifyReply, connection: SsoConnectionRow | undefined, finish: () => Promise<{ request: { redirectUrl: string; test: boolean }; identity: SsoIdentity }>) => {
    const fallback = `${context.settings.publicUrl}/login/sso/`;
    const client = clientInfo(reply.request);
    const to = (base: string, params: Record<string, string>) => `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
    if (!connection) return reply.redirect(to(fallback, { err: 'unknown-connection' }), 303);
    let finished;
    try {
      finished = await finish();
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      context.log.warn({ connectionId: connection.id, reason: error.errorDescription }, 'a single sign-on response was refused');
      await context.events.record({ event: 'signin', method: 'sso', success: false, tenantId: connection.tenantId, reason: error.errorDescription }, client);
      return reply.redirect(to(fallback, { err: 'refused' }), 303);
    }
    const { request, identity } = finished;
    if (request.test) {
      // A test proves the connection and signs nobody in: the settings page reads what the IdP said.
      await context.db.update(ssoConnections).set({ verifiedAt: new Date() }).where(eq(ssoConnections.id, connection.id));
      const code = await issueSsoCode(context, connection.id, {
        testResult: { subject: identity.subject, email: identity.email ?? '', givenName: identity.givenName ?? '', familyName: identity.familyName ?? '' },
      });
      return reply.redirect(to(request.redirectUrl, { sso_test: code }), 303);
    }
    try {
      const user = await resolveSsoUser(context, connection, identity);
      await admitSignIn(context, user, ['sso'], 'sso', identity.email, client);
      return reply.redirect(to(request.redirectUrl, { code: await issueSsoCode(context, connection.id, { userId: user.id, mfa: identity.mfa }) }), 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      await context.events.record({ event: 'signin', method: 'sso', success: false, tenantId: connection.tenantId, loginId: identity.email, reason: error.errorDescription }, client);
      return reply.redirect(to(request.redirectUrl, { err: 'no-account' }), 303);
    }
  };

  // The IdP posts its response as a form (SAML HTTP-POST binding), not as JSON.
  await app.register(async (acs) => {
    acs.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    acs.post('/saml/acs/:connectionId', { schema: browserRoute('SAML assertion consumer service (HTTP-POST): the IdP’s response, checked', landing) }, async (request, reply) => {
      const { connectionId } = parseBody(connectionParamsSchema, request.params);
      const connection = await connectionById(context, connectionId);
      const body = (request.body ?? {}) as Record<string, string>;
      return land(reply, connection?.protocol === 'saml' ? connection : undefined, () =>
        finishSaml(context, connection!, { SAMLResponse: String(body.SAMLResponse ?? ''), ...(body.RelayState ? { RelayState: String(body.RelayState) } : {}) }),
      );
    });
  });

  app.get('/oidc/callback/:connectionId', { schema: browserRoute('OpenID Connect redirect URI: the IdP’s code, exchanged and its ID token checked', landing) }, async (request, reply) => {
    const { connectionId } = parseBody(connectionParamsSchema, request.params);
    const connection = await connectionById(context, connectionId);
    return land(reply, connection?.protocol === 'oidc' ? connection : undefined, () =>
      finishOidc(context, connection!, new URL(`${context.settings.publicUrl}/v1/sso${request.url.slice(request.url.indexOf('/oidc/callback/'))}`)),
    );
  });

  app.get('/saml/metadata/:connectionId', { schema: browserRoute('SAML service-provider metadata of a connection (entity id, ACS), for its IdP', { 200: { description: 'The SP metadata', content: { 'application/samlmetadata+xml': { schema: z.string() } } }, 404: authErrorSchema }) }, async (request, reply) => {
    const { connectionId } = parseBody(connectionParamsSchema, request.params);
    const connection = await connectionById(context, connectionId);
    if (!connection || connection.protocol !== 'saml') throw new AuthError('notFound', 'connectionId: no such SAML connection');
    return reply.type('application/samlmetadata+xml').send(serviceProviderMetadata(context, connection));
  });

};
