import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError, authErrors } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, emptyResponseSchema, jwtResponseSchema } from '../http/openapi.ts';
import { emailSchema, loginIdSchema, parseBody, secretSchema, urlSchema, userSchema } from '../http/validation.ts';
import { maskEmail } from '../users/user.presenter.ts';
import { type UserRow, usersRepository } from '../users/users.repository.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { ownSession } from '../sessions/own-session.ts';
import { admitSignIn } from '../sessions/sign-in-gate.ts';
import { recentSignInSeconds } from '../sessions/sessions.ts';
import { checkPasswordOf } from './password-check.ts';
import { hashPassword } from './password-hash.ts';
import { passwordProblem, presentPasswordPolicy } from './password-policy.ts';
import { throttle } from './throttle.ts';
import { startVerification } from './verifications.ts';

// Sessions other than the one changing the password end unless the person chose to keep them.
// The SDK's methods cannot send this field; the web app sends it through the SDK's own httpClient.
const keepOtherSessionsSchema = z
  .boolean()
  .optional()
  .meta({ description: "Our provider's option: true keeps the person's other sessions; otherwise they end" });

const signUpBodySchema = z.object({ loginId: emailSchema, password: secretSchema('password'), user: userSchema });
const signInBodySchema = z.object({ loginId: loginIdSchema, password: secretSchema('password') });
const replaceBodySchema = z.object({
  loginId: loginIdSchema,
  oldPassword: secretSchema('oldPassword'),
  newPassword: secretSchema('newPassword'),
  keepOtherSessions: keepOtherSessionsSchema,
});
const updateBodySchema = z.object({ loginId: loginIdSchema, newPassword: secretSchema('newPassword'), keepOtherSessions: keepOtherSessionsSchema });
const resetBodySchema = z.object({ loginId: loginIdSchema, redirectUrl: urlSchema.optional() });
const policySchema = z.object({
  minLength: z.int(),
  maxLength: z.int(),
  lowercase: z.boolean(),
  uppercase: z.boolean(),
  number: z.boolean(),
  nonAlphanumeric: z.boolean(),
  blocksCommonPasswords: z.boolean(),
});

/** A refresh token that does not verify is simply no session here; other failures are real. */
const noSession = (error: unknown) => {
  if (error instanceof AuthError) return undefined;
  throw error;
};

export const passwordRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);
  const { settings } = context;

  const ensureAcceptable = (password: string, user: Pick<UserRow, 'email' | 'givenName' | 'familyName'>) => {
    const problem = passwordProblem(password, [user.email?.split('@')[0] ?? '', user.givenName, user.familyName]);
    if (problem) throw new AuthError('weakPassword', `newPassword: ${problem}`);
  };

  const checkPassword = (loginId: string, password: string, client: ReturnType<typeof clientInfo>) => checkPasswordOf(context, loginId, password, client);

  app.get('/password/policy', { schema: documentAuthRoute({ summary: 'The password policy', ok: policySchema }) }, async (request) => {
    readAuthorization(request, settings.projectId);
    return presentPasswordPolicy();
  });

  const signUpDoc = documentAuthRoute({
    summary: 'Sign up with a password (only where self sign-up is open)',
    body: signUpBodySchema,
    ok: jwtResponseSchema,
    errors: [403, 409, 429],
    errorMeanings: { 403: 'Sign-up is not open here' },
  });
  app.post('/password/signup', { schema: signUpDoc }, async (request) => {
    readAuthorization(request, settings.projectId);
    const body = parseBody(signUpBodySchema, request.body);
    await throttle(context, 'password.signup', request.ip, body.loginId);
    if (!settings.selfSignUp) throw new AuthError('signUpDisabled', 'Sign-up is not open here; ask your administrator for an account');
    const profile = { email: body.loginId, givenName: body.user?.givenName ?? '', familyName: body.user?.familyName ?? '' };
    const problem = passwordProblem(body.password, [body.loginId.split('@')[0]!, profile.givenName, profile.familyName]);
    if (problem) throw new AuthError('weakPassword', `password: ${problem}`);
    if (await users.findByLoginId(body.loginId)) throw new AuthError('userExists', 'An account with this login id exists already');
    const user = await createUserWithLoginId(context.db, body.loginId, {
      ...profile,
      name: body.user?.name ?? [profile.givenName, profile.familyName].filter(Boolean).join(' '),
      passwordHash: await hashPassword(body.password),
    });
    const client = clientInfo(request);
    await context.events.record({ event: 'signin', method: 'password', success: true, userId: user.id, loginId: body.loginId, reason: 'sign-up' }, client);
    return context.sessions.start(user, ['pwd'], client, null, true);
  });

  const signInDoc = documentAuthRoute({ summary: 'Sign in with a password', body: signInBodySchema, ok: jwtResponseSchema, errors: [429] });
  app.post('/password/signin', { schema: signInDoc }, async (request) => {
    readAuthorization(request, settings.projectId);
    const body = parseBody(signInBodySchema, request.body);
    await throttle(context, 'password.signin', request.ip, body.loginId);
    const client = clientInfo(request);
    const user = await checkPassword(body.loginId, body.password, client);
    await admitSignIn(context, user, ['pwd'], 'password', body.loginId, client);
    await context.events.record({ event: 'signin', method: 'password', success: true, userId: user.id, loginId: body.loginId }, client);
    return context.sessions.start(user, ['pwd'], client);
  });

  // The answer is a new sign-in for the browser that asked; the session it came with (the SDK
  // sends its stored refresh token) is replaced by it, whatever happens to the others.
  const replaceDoc = documentAuthRoute({
    summary: 'Change the password with the current one; answers a new session',
    body: replaceBodySchema,
    ok: jwtResponseSchema,
    errors: [429],
  });
  app.post('/password/replace', { schema: replaceDoc }, async (request) => {
    const { token } = readAuthorization(request, settings.projectId);
    const body = parseBody(replaceBodySchema, request.body);
    await throttle(context, 'password.signin', request.ip, body.loginId);
    const client = clientInfo(request);
    const user = await checkPassword(body.loginId, body.oldPassword, client);
    ensureAcceptable(body.newPassword, user);
    await users.setPasswordHash(user.id, await hashPassword(body.newPassword));
    if (body.keepOtherSessions) {
      const current = token ? await context.sessions.verifyRefresh(token).catch(noSession) : undefined;
      if (current?.user.id === user.id) await context.sessions.revokeFamily(current.row.familyId, 'password replaced: signed in again');
    } else {
      await context.sessions.revokeAllForUser(user.id, 'password replaced');
    }
    await context.events.record({ event: 'signin', method: 'password', success: true, userId: user.id, loginId: body.loginId, reason: 'password replaced' }, client);
    return context.sessions.start(user, ['pwd'], client);
  });

  const updateDoc = documentAuthRoute({
    summary: 'Set a new password from a session that signed in recently (a reset link gives one)',
    body: updateBodySchema,
    ok: emptyResponseSchema,
    errors: [403],
    errorMeanings: { 403: `${authErrors.recentSignInRequired.errorCode}: the session signed in more than ${recentSignInSeconds / 60} minutes ago; sign in again first` },
  });
  app.post('/password/update', { schema: updateDoc }, async (request) => {
    const { token } = readAuthorization(request, settings.projectId);
    const body = parseBody(updateBodySchema, request.body);
    // A reset link's session may set the password even while a second factor is owed: the new
    // password alone still does not open the account.
    const { user, row } = await ownSession(context, token, body.loginId, { confirmingSecondFactor: (amr) => amr.includes('reset') });
    await context.sessions.requireRecentSignIn(row.familyId, 'set the new password (or use a password-reset link)');
    ensureAcceptable(body.newPassword, user);
    await users.setPasswordHash(user.id, await hashPassword(body.newPassword));
    if (!body.keepOtherSessions) await context.sessions.revokeOthersForUser(user.id, row.familyId, 'password updated');
    await context.events.record({ event: 'password.update', method: 'password', success: true, userId: user.id, loginId: body.loginId }, clientInfo(request));
    return {};
  });

  const resetDoc = documentAuthRoute({
    summary: 'Mail a password-reset link (verified at /magiclink/verify)',
    body: resetBodySchema,
    ok: z.object({ resetMethod: z.literal('email'), maskedEmail: z.string() }),
    errors: [429],
  });
  app.post('/password/reset', { schema: resetDoc }, async (request) => {
    readAuthorization(request, settings.projectId);
    const body = parseBody(resetBodySchema, request.body);
    await throttle(context, 'password.reset', request.ip, body.loginId);
    const user = await users.findByLoginId(body.loginId);
    const email = user?.email ?? body.loginId;
    await startVerification(context, {
      kind: 'password-reset',
      channel: 'email',
      loginId: body.loginId,
      user: user?.status === 'enabled' && user.email ? user : undefined,
      redirectUrl: body.redirectUrl,
      defaultPath: '/login/reset-password/',
      client: clientInfo(request),
    });
    return { resetMethod: 'email', maskedEmail: maskEmail(email) };
  });
};
