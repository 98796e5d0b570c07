import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { finishAuthentication, finishRegistration, passkeyAmr, passkeyOptionsSchema, startAuthentication, startRegistration } from '../factors/passkeys.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { asksForSecondFactor, emailSchema, loginOptionsSchema, parseBody, textSchema, tokenSchema, urlSchema } from '../http/validation.ts';
import { ownSession, requireFactorChangeAllowed } from '../sessions/own-session.ts';
import { admitSignIn } from '../sessions/sign-in-gate.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { usersRepository } from '../users/users.repository.ts';
import { throttle } from './throttle.ts';

const originSchema = urlSchema.meta({ description: 'The page’s origin (window.location.origin): passkeys are bound to it' });
// Empty for a discoverable sign-in: the browser offers whichever passkey it holds for this site.
const optionalLoginIdSchema = textSchema(320).trim();
const signUpStartSchema = z.object({
  user: z.object({ loginId: emailSchema, name: textSchema(200).optional() }),
  origin: originSchema,
  loginOptions: loginOptionsSchema,
  passkeyOptions: passkeyOptionsSchema,
});
const signInStartSchema = z.object({ loginId: optionalLoginIdSchema.default(''), origin: originSchema, loginOptions: loginOptionsSchema, passkeyOptions: passkeyOptionsSchema });
const updateStartSchema = z.object({ loginId: optionalLoginIdSchema.min(1, { error: 'loginId must not be empty' }), origin: originSchema, passkeyOptions: passkeyOptionsSchema, mfa: z.boolean().optional() });
const finishSchema = z.object({ transactionId: tokenSchema('transactionId').max(200), response: z.string({ error: 'response is required' }).min(1).max(20_000) });
const startAnswerSchema = z.object({
  transactionId: z.string(),
  options: z.string().meta({ description: 'JSON string of { publicKey: PublicKeyCredentialCreationOptions | RequestOptions }, binary values base64url' }),
  create: z.boolean().meta({ description: 'true: a registration (finish at /signup/finish or /update/finish); false: a sign-in (finish at /signin/finish)' }),
});

const signUpClosed = () => new AuthError('signUpDisabled', 'Sign-up is not open here; ask your administrator for an account');

/** Passkeys (contract §2.11): every ceremony is a start that hands the browser a challenge and a finish that verifies its answer. */
export const webauthnRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);
  const party = context.settings.passkeys;

  const signUp = async (loginId: string, name: string | undefined, origin: string, passkeyOptions: z.infer<typeof passkeyOptionsSchema>, userAgent: string | undefined) => {
    if (!context.settings.selfSignUp) throw signUpClosed();
    if (await users.findByLoginId(loginId)) throw new AuthError('userExists', 'An account with this login id exists already');
    return startRegistration(context, party, 'signup', origin, { loginId, displayName: name, userAgent }, passkeyOptions);
  };

  const startDoc = (summary: string, body: z.ZodType, errors: (401 | 403 | 409 | 429)[] = [429]) => documentAuthRoute({ summary, body, ok: startAnswerSchema, errors });

  app.post('/webauthn/signup/start', { schema: startDoc('Start registering a passkey for a new account (only where self sign-up is open)', signUpStartSchema, [403, 409, 429]) }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(signUpStartSchema, request.body);
    await throttle(context, 'webauthn.start', request.ip, body.user.loginId);
    return signUp(body.user.loginId, body.user.name, body.origin, body.passkeyOptions, clientInfo(request).userAgent);
  });

  app.post('/webauthn/signup-in/start', { schema: startDoc('Start signing in with a passkey, or registering one for a new account where sign-up is open', signInStartSchema) }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(signInStartSchema, request.body);
    await throttle(context, 'webauthn.start', request.ip, body.loginId || undefined);
    const user = body.loginId ? await users.findByLoginId(body.loginId) : undefined;
    // Where sign-up is closed, an unknown login id gets a sign-in ceremony like any other: the answer does not tell.
    if (!user && body.loginId && context.settings.selfSignUp) return signUp(body.loginId, undefined, body.origin, body.passkeyOptions, clientInfo(request).userAgent);
    return startAuthentication(context, party, body.origin, { userId: user?.id, loginId: body.loginId }, body.passkeyOptions);
  });

  app.post(
    '/webauthn/signin/start',
    { schema: startDoc('Start signing in with a passkey (an empty loginId lets the browser offer any of this site’s passkeys), or confirming a session (loginOptions.mfa)', signInStartSchema, [401, 429]) },
    async (request) => {
      const { token } = readAuthorization(request, context.settings.projectId);
      const body = parseBody(signInStartSchema, request.body);
      await throttle(context, 'webauthn.start', request.ip, body.loginId || undefined);
      if (asksForSecondFactor(body.loginOptions)) {
        const { user, row } = await ownSession(context, token, body.loginId, { confirmingSecondFactor: true });
        return startAuthentication(context, party, body.origin, { userId: user.id, loginId: body.loginId, stepUpFamilyId: row.familyId }, body.passkeyOptions);
      }
      const user = body.loginId ? await users.findByLoginId(body.loginId) : undefined;
      return startAuthentication(context, party, body.origin, { userId: user?.id, loginId: body.loginId }, body.passkeyOptions);
    },
  );

  app.post(
    '/webauthn/update/start',
    { schema: startDoc('Start adding a passkey to the signed-in person (a session that signed in within 10 minutes, with its second factor confirmed)', updateStartSchema, [401, 403, 429]) },
    async (request) => {
      const { token } = readAuthorization(request, context.settings.projectId);
      const body = parseBody(updateStartSchema, request.body);
      await throttle(context, 'webauthn.start', request.ip, body.loginId);
      const session = await ownSession(context, token, body.loginId);
      await requireFactorChangeAllowed(context, session, 'add the passkey');
      const { user, row } = session;
      return startRegistration(
        context,
        party,
        'update',
        body.origin,
        { userId: user.id, loginId: body.loginId, displayName: user.name, mfa: body.mfa, stepUpFamilyId: row.familyId, userAgent: clientInfo(request).userAgent },
        body.passkeyOptions,
      );
    },
  );

  const finishDoc = (summary: string, ok: z.ZodType) => documentAuthRoute({ summary, body: finishSchema, ok, errors: [401, 409, 429] });

  app.post('/webauthn/signup/finish', { schema: finishDoc('Finish registering a passkey for a new account: a session', jwtResponseSchema) }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(finishSchema, request.body);
    await throttle(context, 'webauthn.finish', request.ip);
    const client = clientInfo(request);
    const { userId, userVerified, ceremony } = await finishRegistration(context, party, 'signup', body.transactionId, body.response, async (pending) => {
      if (!context.settings.selfSignUp) throw signUpClosed();
      if (await users.findByLoginId(pending.loginId)) throw new AuthError('userExists', 'An account with this login id exists already');
      return (await createUserWithLoginId(context.db, pending.loginId, { email: pending.loginId, name: pending.displayName })).id;
    });
    await context.events.record({ event: 'factor.added', method: 'webauthn', success: true, userId, loginId: ceremony.loginId }, client);
    await context.events.record({ event: 'signin', method: 'webauthn', success: true, userId, loginId: ceremony.loginId, reason: 'sign-up' }, client);
    return context.sessions.start((await users.findById(userId))!, passkeyAmr(userVerified), client, null, true);
  });

  app.post('/webauthn/signin/finish', { schema: finishDoc('Finish signing in (or confirming a session) with a passkey: a session', jwtResponseSchema) }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(finishSchema, request.body);
    await throttle(context, 'webauthn.finish', request.ip);
    const client = clientInfo(request);
    let finished;
    try {
      finished = await finishAuthentication(context, party, body.transactionId, body.response);
    } catch (error) {
      if (error instanceof AuthError) await context.events.record({ event: 'signin', method: 'webauthn', success: false, reason: error.errorDescription }, client);
      throw error;
    }
    const { userId, userVerified, ceremony } = finished;
    const user = await users.findById(userId);
    const loginId = (await users.listLoginIds(userId))[0];
    if (!user || user.status !== 'enabled') {
      await context.events.record({ event: 'signin', method: 'webauthn', success: false, userId, loginId, reason: 'account disabled' }, client);
      throw new AuthError('unauthorized', 'This account cannot sign in; ask your administrator');
    }
    if (ceremony.stepUpFamilyId) {
      await context.events.record({ event: 'mfa', method: 'webauthn', success: true, userId, loginId }, client);
      return context.sessions.stepUp(user, ceremony.stepUpFamilyId, 'webauthn', client);
    }
    await admitSignIn(context, user, passkeyAmr(userVerified), 'webauthn', loginId, client);
    await context.events.record({ event: 'signin', method: 'webauthn', success: true, userId, loginId }, client);
    return context.sessions.start(user, passkeyAmr(userVerified), client);
  });

  app.post(
    '/webauthn/update/finish',
    { schema: finishDoc('Finish adding a passkey; with `mfa` at the start, the answer carries the session stepped up', z.object({ jwt: jwtResponseSchema.optional() })) },
    async (request) => {
      readAuthorization(request, context.settings.projectId);
      const body = parseBody(finishSchema, request.body);
      await throttle(context, 'webauthn.finish', request.ip);
      const client = clientInfo(request);
      const { userId, ceremony } = await finishRegistration(context, party, 'update', body.transactionId, body.response, () => {
        throw new AuthError('unauthorized', 'transactionId: not a passkey update');
      });
      await context.events.record({ event: 'factor.added', method: 'webauthn', success: true, userId, loginId: ceremony.loginId }, client);
      if (!ceremony.mfa || !ceremony.stepUpFamilyId) return {};
      return { jwt: await context.sessions.stepUp((await users.findById(userId))!, ceremony.stepUpFamilyId, 'webauthn', client) };
    },
  );
};
