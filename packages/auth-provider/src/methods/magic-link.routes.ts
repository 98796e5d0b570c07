import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { parseBody, tokenSchema } from '../http/validation.ts';
import { completeVerification, documentSend, documentUpdate, sendPasswordless, sendUpdate } from './passwordless.ts';

const sendChannels = ['email', 'sms', 'whatsapp'] as const;
const updatePhoneChannels = ['sms', 'whatsapp', 'im'] as const;
const verifyBodySchema = z.object({ token: tokenSchema('token') });
import { throttle } from './throttle.ts';
import { consumeLinkToken } from './verifications.ts';

/**
 * Magic links (contract §2.5). Password-reset links are verified here too, as with Descope: the
 * app verifies the token, then sets the new password with the session it gets.
 */
export const magicLinkRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  for (const mode of ['signin', 'signup', 'signup-in'] as const) {
    for (const channel of sendChannels) {
      app.post(`/magiclink/${mode}/${channel}`, { schema: documentSend('magiclink', mode, channel) }, (request) =>
        sendPasswordless(context, request, 'magiclink', mode, channel),
      );
    }
  }
  app.post('/magiclink/update/email', { schema: documentUpdate('magiclink', 'email') }, (request) =>
    sendUpdate(context, request, 'magiclink', 'email', 'email'),
  );
  for (const channel of updatePhoneChannels) {
    app.post(`/magiclink/update/phone/${channel}`, { schema: documentUpdate('magiclink', 'phone') }, (request) =>
      sendUpdate(context, request, 'magiclink', 'phone', channel),
    );
  }

  const verifyDoc = documentAuthRoute({
    summary: 'Verify a magic link or a password-reset link: a session',
    description: 'A password-reset link also unlocks the account and ends every other session of the person.',
    body: verifyBodySchema,
    ok: jwtResponseSchema,
    errors: [409, 429],
    errorMeanings: { 409: 'The code or link confirmed a new email or phone that another account signs in with already' },
  });
  app.post('/magiclink/verify', { schema: verifyDoc }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(verifyBodySchema, request.body);
    await throttle(context, 'magiclink.verify', request.ip);
    const verification = await consumeLinkToken(context, body.token, ['magiclink', 'password-reset']);
    return completeVerification(context, request, verification, 'email');
  });
};
