import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { recoveryCodesLeft, useRecoveryCode } from '../factors/recovery-codes.ts';
import { acceptTotpCode, provisionTotp, totpState } from '../factors/totp.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { asksForSecondFactor, emailSchema, loginIdSchema, loginOptionsSchema, parseBody, tokenSchema, userSchema } from '../http/validation.ts';
import { ownSession, requireFactorChangeAllowed } from '../sessions/own-session.ts';
import { admitSignIn } from '../sessions/sign-in-gate.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { usersRepository } from '../users/users.repository.ts';
import { throttle } from './throttle.ts';

const signUpBodySchema = z.object({ loginId: emailSchema, user: userSchema });
const updateBodySchema = z.object({ loginId: loginIdSchema });
const verifyBodySchema = z.object({ loginId: loginIdSchema, code: tokenSchema('code'), loginOptions: loginOptionsSchema });
const recoveryBodySchema = z.object({ loginId: loginIdSchema, code: tokenSchema('code') });
const provisioningSchema = z.object({
  provisioningURL: z.string().meta({ description: 'otpauth:// URL an authenticator app reads' }),
  image: z.string().meta({ description: 'The same URL as a QR code: a PNG, base64' }),
  key: z.string().meta({ description: 'The secret in base32, for typing into the app by hand' }),
});

/** Five wrong codes in five minutes stop a person's codes for the rest of the window: six digits cannot be guessed. */
const failureLimit = { max: 5, windowSeconds: 5 * 60 };
const wrongCode = () => new AuthError('invalidCode', 'code: the code is wrong, has expired or was used already');

/**
 * Authenticator apps (contract §2.10): sign-up, setting up (update) and confirming codes (verify),
 * and recovery codes (our provider's addition) for a person who lost the app or passkey.
 */
export const totpRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);

  const signUpDoc = documentAuthRoute({
    summary: 'Sign up with an authenticator app (only where self sign-up is open); confirm with /totp/verify',
    body: signUpBodySchema,
    ok: provisioningSchema,
    errors: [403, 409, 429],
    errorMeanings: { 403: 'Sign-up is not open here' },
  });
  app.post('/totp/signup', { schema: signUpDoc }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(signUpBodySchema, request.body);
    await throttle(context, 'totp.signup', request.ip, body.loginId);
    if (!context.settings.selfSignUp) throw new AuthError('signUpDisabled', 'Sign-up is not open here; ask your administrator for an account');
    if (await users.findByLoginId(body.loginId)) throw new AuthError('userExists', 'An account with this login id exists already');
    const givenName = body.user?.givenName ?? '';
    const familyName = body.user?.familyName ?? '';
    const user = await createUserWithLoginId(context.db, body.loginId, { email: body.loginId, givenName, familyName, name: body.user?.name ?? [givenName, familyName].filter(Boolean).join(' ') });
    return provisionTotp(context, user, body.loginId);
  });

  const updateDoc = documentAuthRoute({
    summary: 'Set up (or replace) the signed-in person’s authenticator app; the new one counts once /totp/verify confirms a code from it',
    body: updateBodySchema,
    ok: provisioningSchema,
    errors: [403, 429],
    errorMeanings: { 403: 'The session signed in more than 10 minutes ago, or has not confirmed the second factor the person has: do that first' },
  });
  app.post('/totp/update', { schema: updateDoc }, async (request) => {
    const { token } = readAuthorization(request, context.settings.projectId);
    const body = parseBody(updateBodySchema, request.body);
    await throttle(context, 'totp.update', request.ip, body.loginId);
    const session = await ownSession(context, token, body.loginId);
    await requireFactorChangeAllowed(context, session, 'set up the authenticator app');
    return provisionTotp(context, session.user, body.loginId);
  });

  const verifyDoc = documentAuthRoute({
    summary: 'Confirm a code from the authenticator app: signs in, steps the session up (loginOptions.mfa), or confirms a new app',
    description:
      'Each code works once. Five wrong codes in five minutes refuse further codes until the window ends. With the refresh token of the person’s own session, a code of a newly set-up app confirms it and the answer is that session stepped up.',
    body: verifyBodySchema,
    ok: jwtResponseSchema,
    errors: [429],
  });
  app.post('/totp/verify', { schema: verifyDoc }, async (request) => {
    const { token } = readAuthorization(request, context.settings.projectId);
    const body = parseBody(verifyBodySchema, request.body);
    await throttle(context, 'totp.verify', request.ip, body.loginId);
    const client = clientInfo(request);
    const stepUp = asksForSecondFactor(body.loginOptions);
    // A second factor, or a new app being set up, belongs to the session the call comes with.
    const own = (quiet: boolean) => ownSession(context, token, body.loginId, { confirmingSecondFactor: true }).catch((error: unknown) => (quiet ? undefined : Promise.reject(error)));
    const session = stepUp ? await own(false) : token ? await own(true) : undefined;
    const user = session?.user ?? (await users.findByLoginId(body.loginId));
    // Attempts with a session count against that session, others against the person's sign-ins by app:
    // a stranger's wrong codes cannot lock the person out of confirming their own session.
    const failures = `totp.failures:${session ? session.row.familyId : (user?.id ?? body.loginId)}`;
    await context.limiter.refuseIfFull(failures, failureLimit);
    const state = user ? await totpState(context, user.id) : { active: false, pending: false };
    // A pending secret is confirmed from the person's own session (one that owes no second factor:
    // setting one up is no way around confirming it), or at the end of a sign-up with the app.
    const owes = session ? await context.sessions.owesSecondFactor(session.user, session.row.amr) : false;
    const pendingAllowed = session ? !owes : !state.active;
    const accepted = user && user.status === 'enabled' ? await acceptTotpCode(context, user.id, body.code, pendingAllowed) : undefined;
    if (!user || !accepted) {
      await context.limiter.countFailure(failures, failureLimit);
      await context.events.record({ event: stepUp ? 'mfa' : 'signin', method: 'totp', success: false, userId: user?.id, loginId: body.loginId, reason: 'wrong, expired or used code' }, client);
      throw wrongCode();
    }
    if (accepted === 'pending') await context.events.record({ event: 'factor.added', method: 'totp', success: true, userId: user.id, loginId: body.loginId }, client);
    if (session) {
      await context.events.record({ event: 'mfa', method: 'totp', success: true, userId: user.id, loginId: body.loginId }, client);
      return context.sessions.stepUp(user, session.row.familyId, 'totp', client, { newFactor: accepted === 'pending' });
    }
    await admitSignIn(context, user, ['totp'], 'totp', body.loginId, client);
    await context.events.record({ event: 'signin', method: 'totp', success: true, userId: user.id, loginId: body.loginId }, client);
    return context.sessions.start(user, ['totp'], client);
  });

  const recoveryDoc = documentAuthRoute({
    summary: 'Our addition: confirm the signed-in session with a recovery code instead of the lost app or passkey',
    description: 'Each code works once; the answer is the session stepped up. Wrong codes count towards the same limit as authenticator codes.',
    body: recoveryBodySchema,
    ok: jwtResponseSchema,
    errors: [429],
  });
  app.post('/recovery-code/verify', { schema: recoveryDoc }, async (request) => {
    const { token } = readAuthorization(request, context.settings.projectId);
    const body = parseBody(recoveryBodySchema, request.body);
    await throttle(context, 'totp.verify', request.ip, body.loginId);
    const { user, row } = await ownSession(context, token, body.loginId, { confirmingSecondFactor: true });
    // Counted per session: someone without it cannot use up the person's attempts.
    const failures = `totp.failures:${row.familyId}`;
    await context.limiter.refuseIfFull(failures, failureLimit);
    const client = clientInfo(request);
    if (!(await useRecoveryCode(context.db, context.secret, user.id, body.code))) {
      await context.limiter.countFailure(failures, failureLimit);
      await context.events.record({ event: 'mfa', method: 'recovery_code', success: false, userId: user.id, loginId: body.loginId, reason: 'wrong or used recovery code' }, client);
      throw new AuthError('invalidCode', 'code: the recovery code is wrong or was used already');
    }
    await context.events.record({ event: 'mfa', method: 'recovery_code', success: true, userId: user.id, loginId: body.loginId, reason: `${await recoveryCodesLeft(context.db, user.id)} recovery codes left` }, client);
    return context.sessions.stepUp(user, row.familyId, 'recovery_code', client);
  });
};
