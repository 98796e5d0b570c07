import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { readAuthorization } from '../http/request-context.ts';
import { parseBody, tokenSchema } from '../http/validation.ts';
import { channelFrom, completeVerification, sendPasswordless, sendUpdate } from './passwordless.ts';
import { throttle } from './throttle.ts';
import { consumeLinkToken } from './verifications.ts';

/**
 * Magic links (contract §2.5). Password-reset links are verified here too, as with Descope: the
 * app verifies the token, then sets the new password with the session it gets.
 */
export const magicLinkRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  for (const mode of ['signin', 'signup', 'signup-in'] as const) {
    app.post(`/magiclink/${mode}/:channel`, (request) =>
      sendPasswordless(context, request, 'magiclink', mode, channelFrom(request, ['email', 'sms', 'whatsapp'])),
    );
  }
  app.post('/magiclink/update/email', (request) => sendUpdate(context, request, 'magiclink', 'email', 'email'));
  app.post('/magiclink/update/phone/:channel', (request) =>
    sendUpdate(context, request, 'magiclink', 'phone', channelFrom(request, ['sms', 'whatsapp', 'im'])),
  );

  app.post('/magiclink/verify', async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(z.object({ token: tokenSchema('token') }), request.body);
    throttle(context, 'magiclink.verify', request.ip);
    const verification = await consumeLinkToken(context, body.token, ['magiclink', 'password-reset']);
    return completeVerification(context, request, verification, 'email');
  });
};
