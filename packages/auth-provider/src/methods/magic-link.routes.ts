import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { parseBody, secretSchema } from '../http/validation.ts';
import { usersRepository } from '../users/users.repository.ts';
import { throttle } from './throttle.ts';
import { consumeLinkToken } from './verifications.ts';

/**
 * Verifying a link token (contract §2.5 `magiclink/verify`). Password-reset links land here too,
 * as with Descope: the app verifies the token, then sets the new password with the session.
 */
export const magicLinkRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);
  app.post('/magiclink/verify', async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(z.object({ token: secretSchema('token') }), request.body);
    throttle(context, 'magiclink.verify', request.ip);
    const client = clientInfo(request);
    const verification = await consumeLinkToken(context, body.token, ['magiclink', 'password-reset']);
    const user = await users.findById(verification.userId!);
    if (!user || user.status !== 'enabled') throw new AuthError('invalidCode', 'The link is not valid any more');
    if (!user.verifiedEmail) await users.markEmailVerified(user.id);
    // A reset link proves control of the mailbox: it unlocks an account locked by failed passwords.
    if (verification.kind === 'password-reset') await users.clearPasswordFailures(user.id);
    await context.events.record({ event: 'signin', method: verification.kind, success: true, userId: user.id, loginId: verification.loginId }, client);
    return context.sessions.start(user, ['email'], client);
  });
};
