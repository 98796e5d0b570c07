import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization, requireToken } from '../http/request-context.ts';
import { documentAuthRoute, enchantedLinkSentSchema, maskedEmailSchema, maskedPhoneSchema } from '../http/openapi.ts';
import { asksForSecondFactor, emailSchema, loginIdSchema, loginOptionsSchema, parseBody, phoneSchema, urlSchema, userSchema } from '../http/validation.ts';
import { ownSession } from '../sessions/own-session.ts';
import { admitSignIn } from '../sessions/sign-in-gate.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { maskEmail } from '../users/user.presenter.ts';
import { usersRepository } from '../users/users.repository.ts';
import { throttle } from './throttle.ts';
import { startVerification } from './verifications.ts';

type Kind = 'otp' | 'magiclink' | 'enchantedlink';
export type SendMode = 'signin' | 'signup' | 'signup-in';

const defaultPaths: Record<Kind, string> = { otp: '', magiclink: '/login/verify/', enchantedlink: '/login/enchanted/' };
export const maskPhone = (phone: string) => `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;

// The login id is an email address or a phone number, as the channel says.
const sendBodySchema = (loginId: z.ZodType<string>) => z.object({ loginId, URI: urlSchema.optional(), user: userSchema, loginOptions: loginOptionsSchema });
const updateBodySchema = (target: 'email' | 'phone') =>
  z.object({ loginId: loginIdSchema, URI: urlSchema.optional(), ...(target === 'email' ? { email: emailSchema } : { phone: phoneSchema }) });

const what: Record<Kind, string> = { otp: 'a one-time code', magiclink: 'a magic link', enchantedlink: 'an enchanted link' };

/**
 * The OpenAPI description of a send route. Each channel is a route of its own (the contract's path
 * suffix), so each documents the login id it takes and an unknown channel is simply no route.
 */
export const documentSend = (kind: Kind, mode: SendMode, channel: string) =>
  documentAuthRoute({
    summary: `Send ${what[kind]} by ${channel} to ${mode === 'signin' ? 'sign in' : mode === 'signup' ? 'sign up' : 'sign up or in'}`,
    description: 'The answer is the same whether or not the login id has an account; only an account is sent anything.',
    body: sendBodySchema(channel === 'email' ? emailSchema : phoneSchema),
    ok: kind === 'enchantedlink' ? enchantedLinkSentSchema : channel === 'email' ? maskedEmailSchema : maskedPhoneSchema,
    errors: mode === 'signup' ? [403, 429] : [429],
    errorMeanings: { 403: 'Sign-up is not open here' },
  });

/** The OpenAPI description of an update route (a signed-in user's new email or phone). */
export const documentUpdate = (kind: Kind, target: 'email' | 'phone') =>
  documentAuthRoute({
    summary: `Send ${what[kind]} to confirm a new ${target === 'email' ? 'email address' : 'phone number'} of the signed-in user`,
    body: updateBodySchema(target),
    ok: kind === 'enchantedlink' ? enchantedLinkSentSchema : target === 'email' ? maskedEmailSchema : maskedPhoneSchema,
    errors: [429],
  });

/**
 * Sending a code or link to sign in or sign up (contract §2.4–2.6). The answer is the same whether
 * or not the login id exists; only a usable account is actually sent anything.
 */
export const sendPasswordless = async (context: ProviderContext, request: FastifyRequest, kind: Kind, mode: SendMode, channel: string) => {
  const { token } = readAuthorization(request, context.settings.projectId);
  const users = usersRepository(context.db);
  const body = parseBody(sendBodySchema(channel === 'email' ? emailSchema : phoneSchema), request.body);
  await throttle(context, `${kind}.send`, request.ip, body.loginId);
  if (asksForSecondFactor(body.loginOptions)) return sendSecondFactor(context, request, kind, channel, body.loginId, requireToken(token));
  if (mode === 'signup' && !context.settings.selfSignUp) {
    throw new AuthError('signUpDisabled', 'Sign-up is not open here; ask your administrator for an account');
  }
  let user = await users.findByLoginId(body.loginId);
  if (!user && mode !== 'signin' && context.settings.selfSignUp) {
    user = await createUserWithLoginId(context.db, body.loginId, {
      ...(channel === 'email' ? { email: body.loginId } : { phone: body.loginId }),
      name: body.user?.name ?? '',
      givenName: body.user?.givenName ?? '',
      familyName: body.user?.familyName ?? '',
    });
  }
  const reachable = user?.status === 'enabled' && (channel === 'email' ? user.email : user.phone) ? user : undefined;
  const { pendingRef, linkId } = await startVerification(context, {
    kind,
    channel,
    loginId: body.loginId,
    user: reachable,
    client: clientInfo(request),
    redirectUrl: body.URI,
    defaultPath: defaultPaths[kind],
    withPendingRef: kind === 'enchantedlink',
  });
  const masked = channel === 'email' ? { maskedEmail: maskEmail(reachable?.email ?? body.loginId) } : { maskedPhone: maskPhone(reachable?.phone ?? body.loginId) };
  return kind === 'enchantedlink' ? { pendingRef, linkId, ...masked } : masked;
};

/**
 * A second factor for a signed-in session (`loginOptions.mfa`, contract §2.1): the code goes to the
 * session's own user, and confirming it steps that session up (sessions.stepUp). The login id must
 * be one of that user's.
 */
const sendSecondFactor = async (context: ProviderContext, request: FastifyRequest, kind: Kind, channel: string, loginId: string, refreshJwt: string) => {
  const { user, row } = await ownSession(context, refreshJwt, loginId, { confirmingSecondFactor: true });
  const reachable = channel === 'email' ? user.email : user.phone;
  if (!reachable) throw new AuthError('badRequest', `loginId: this account has no ${channel === 'email' ? 'email address' : 'phone number'} to send a code to`);
  await startVerification(context, { kind, channel, loginId, user, client: clientInfo(request), defaultPath: defaultPaths[kind], stepUpFamilyId: row.familyId });
  return channel === 'email' ? { maskedEmail: maskEmail(reachable) } : { maskedPhone: maskPhone(reachable) };
};

/**
 * Changing the email or phone of a signed-in user (contract §2.4–2.6 `update/*`): a code or link
 * goes to the new address, and the change happens only when it comes back.
 */
export const sendUpdate = async (context: ProviderContext, request: FastifyRequest, kind: Kind, target: 'email' | 'phone', channel: string) => {
  const { token } = readAuthorization(request, context.settings.projectId);
  const body = parseBody(updateBodySchema(target), request.body) as { loginId: string; URI?: string; email?: string; phone?: string };
  const { user } = await ownSession(context, token, body.loginId);
  await throttle(context, `${kind}.update`, request.ip, body.loginId);
  const targetValue = (target === 'email' ? body.email : body.phone)!;
  const { pendingRef, linkId } = await startVerification(context, {
    kind,
    channel,
    loginId: body.loginId,
    user,
    client: clientInfo(request),
    redirectUrl: body.URI,
    defaultPath: defaultPaths[kind],
    targetValue,
    withPendingRef: kind === 'enchantedlink',
  });
  const masked = target === 'email' ? { maskedEmail: maskEmail(targetValue) } : { maskedPhone: maskPhone(targetValue) };
  return kind === 'enchantedlink' ? { pendingRef, linkId, ...masked } : masked;
};

type ConsumedVerification = { userId: string | null; loginId: string; channel: string; kind: string; targetValue: string | null; stepUpFamilyId?: string | null };

/**
 * What a consumed code or link leads to: for an update, the new email or phone takes effect; a
 * reset link also unlocks the account. Then the user gets a session, and the attempt is recorded.
 */
export const completeVerification = async (context: ProviderContext, request: FastifyRequest, verification: ConsumedVerification, amr: string) => {
  const users = usersRepository(context.db);
  const user = await users.findById(verification.userId!);
  if (!user || user.status !== 'enabled') throw new AuthError('invalidCode', 'The code or link is not valid any more');
  if (verification.targetValue) {
    if (!(await users.applyConfirmedUpdate(user, verification.channel, verification.targetValue))) {
      throw new AuthError('userExists', `${verification.channel === 'email' ? 'email' : 'phone'}: another account signs in with it already`);
    }
  } else if (verification.channel === 'email' && !user.verifiedEmail) {
    await users.markEmailVerified(user.id);
  }
  // A reset link's session is for choosing a password (and counts as one for sign-in policies).
  const sessionAmr = verification.kind === 'password-reset' ? 'reset' : amr;
  const client = clientInfo(request);
  const signsIn = !verification.stepUpFamilyId && !verification.targetValue;
  // Checked before anything changes: a refused sign-in must not end the person's other sessions.
  if (signsIn) await admitSignIn(context, user, [sessionAmr], verification.kind, verification.loginId, client);
  // A reset link proves control of the mailbox: it unlocks an account locked by wrong passwords,
  // and ends every session signed in before it (someone else may hold one: OWASP ASVS 7.4.3).
  if (verification.kind === 'password-reset') {
    await users.clearPasswordFailures(user.id);
    await context.sessions.revokeAllForUser(user.id, 'password reset');
  }
  if (verification.stepUpFamilyId) {
    await context.events.record({ event: 'mfa', method: verification.kind, success: true, userId: user.id, loginId: verification.loginId }, client);
    return context.sessions.stepUp(user, verification.stepUpFamilyId, amr, client);
  }
  const event = verification.targetValue ? `update.${verification.channel === 'email' ? 'email' : 'phone'}` : 'signin';
  await context.events.record({ event, method: verification.kind, success: true, userId: user.id, loginId: verification.loginId }, client);
  return context.sessions.start((await users.findById(user.id))!, [sessionAmr], client);
};

export const amrForChannel = (channel: string) => (channel === 'email' ? 'email' : channel === 'whatsapp' ? 'whatsapp' : 'sms');
