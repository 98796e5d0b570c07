import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, emptyResponseSchema } from '../http/openapi.ts';
import { loginIdSchema, parseBody, textSchema, tokenSchema } from '../http/validation.ts';
import { throttle } from '../methods/throttle.ts';
import { passkeys, recoveryCodes, totpSecrets } from '../schema/index.ts';
import { ownSession, requireFactorChangeAllowed } from '../sessions/own-session.ts';
import { generateRecoveryCodes, recoveryCodeCount } from './recovery-codes.ts';
import { hasSecondFactor, secondFactorsOf } from './second-factors.ts';

const ownBodySchema = z.object({ loginId: loginIdSchema });
const passkeyBodySchema = z.object({ loginId: loginIdSchema, credentialId: tokenSchema('credentialId').max(1400) });
const renameBodySchema = passkeyBodySchema.extend({ name: textSchema(60).trim().min(1, { error: 'name must not be empty' }) });
const changeErrors = { 403: 'The session signed in more than 10 minutes ago, or has not confirmed the second factor the person has: do that first' };

/**
 * Our provider's additions for a person managing their own second factors (the contract only sets
 * them up): new recovery codes, removing the authenticator app, renaming and removing passkeys.
 * Each takes the person's own refresh token, and changes need a recent sign-in with the second
 * factor confirmed, as setting one up does.
 */
export const factorsRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const change = async (request: Parameters<typeof readAuthorization>[0], loginId: string, what: string) => {
    const { token } = readAuthorization(request, context.settings.projectId);
    await throttle(context, 'factors.change', request.ip, loginId);
    const session = await ownSession(context, token, loginId);
    await requireFactorChangeAllowed(context, session, what);
    return session;
  };
  /** Recovery codes only make sense beside a second factor: the last one removed takes them along. */
  const dropRecoveryCodesWhenUnprotected = async (userId: string) => {
    if (!hasSecondFactor(await secondFactorsOf(context.db, userId))) await context.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  };

  app.post(
    '/recovery-codes/generate',
    {
      schema: documentAuthRoute({
        summary: `New recovery codes (${recoveryCodeCount}, each works once) for the signed-in person; the previous set stops working`,
        body: ownBodySchema,
        ok: z.object({ codes: z.array(z.string()) }),
        errors: [401, 403, 429],
        errorMeanings: changeErrors,
      }),
    },
    async (request) => {
      const body = parseBody(ownBodySchema, request.body);
      const { user } = await change(request, body.loginId, 'make new recovery codes');
      if (!hasSecondFactor(await secondFactorsOf(context.db, user.id))) throw new AuthError('badRequest', 'Set up an authenticator app or a passkey first: recovery codes stand in for one');
      const codes = await generateRecoveryCodes(context.db, context.secret, user.id);
      await context.events.record({ event: 'factor.added', method: 'recovery_code', success: true, userId: user.id, loginId: body.loginId }, clientInfo(request));
      return { codes };
    },
  );

  app.post(
    '/totp/delete',
    { schema: documentAuthRoute({ summary: 'Remove the signed-in person’s authenticator app', body: ownBodySchema, ok: emptyResponseSchema, errors: [401, 403, 429], errorMeanings: changeErrors }) },
    async (request) => {
      const body = parseBody(ownBodySchema, request.body);
      const { user } = await change(request, body.loginId, 'remove the authenticator app');
      await context.db.delete(totpSecrets).where(eq(totpSecrets.userId, user.id));
      await dropRecoveryCodesWhenUnprotected(user.id);
      await context.events.record({ event: 'factor.removed', method: 'totp', success: true, userId: user.id, loginId: body.loginId }, clientInfo(request));
      return {};
    },
  );

  app.post(
    '/webauthn/delete',
    { schema: documentAuthRoute({ summary: 'Remove one of the signed-in person’s passkeys', body: passkeyBodySchema, ok: emptyResponseSchema, errors: [401, 403, 404, 429], errorMeanings: changeErrors }) },
    async (request) => {
      const body = parseBody(passkeyBodySchema, request.body);
      const { user } = await change(request, body.loginId, 'remove the passkey');
      const removed = await context.db.delete(passkeys).where(and(eq(passkeys.id, body.credentialId), eq(passkeys.userId, user.id))).returning({ id: passkeys.id });
      if (!removed.length) throw new AuthError('notFound', 'credentialId: you have no such passkey');
      await dropRecoveryCodesWhenUnprotected(user.id);
      await context.events.record({ event: 'factor.removed', method: 'webauthn', success: true, userId: user.id, loginId: body.loginId }, clientInfo(request));
      return {};
    },
  );

  app.post(
    '/webauthn/rename',
    { schema: documentAuthRoute({ summary: 'Rename one of the signed-in person’s passkeys', body: renameBodySchema, ok: emptyResponseSchema, errors: [401, 404, 429] }) },
    async (request) => {
      const { token } = readAuthorization(request, context.settings.projectId);
      const body = parseBody(renameBodySchema, request.body);
      const { user } = await ownSession(context, token, body.loginId);
      const renamed = await context.db
        .update(passkeys)
        .set({ name: body.name })
        .where(and(eq(passkeys.id, body.credentialId), eq(passkeys.userId, user.id)))
        .returning({ id: passkeys.id });
      if (!renamed.length) throw new AuthError('notFound', 'credentialId: you have no such passkey');
      return {};
    },
  );
};
