import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { parseBody, tokenSchema } from '../http/validation.ts';
import { completeVerification, sendPasswordless, sendUpdate } from './passwordless.ts';
import { throttle } from './throttle.ts';
import { consumeLinkToken, takeVerifiedPending } from './verifications.ts';

/**
 * Enchanted links (contract §2.6, email only): the browser that asked polls pending-session with
 * its pendingRef; opening the link, in any browser on any device, lets that poll end in a session.
 */
export const enchantedLinkRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  for (const mode of ['signin', 'signup', 'signup-in'] as const) {
    app.post(`/enchantedlink/${mode}/email`, (request) => sendPasswordless(context, request, 'enchantedlink', mode, 'email'));
  }
  app.post('/enchantedlink/update/email', (request) => sendUpdate(context, request, 'enchantedlink', 'email', 'email'));

  app.post('/enchantedlink/verify', async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(z.object({ token: tokenSchema('token') }), request.body);
    throttle(context, 'enchantedlink.verify', request.ip);
    const verification = await consumeLinkToken(context, body.token, ['enchantedlink']);
    await context.events.record(
      { event: 'link.opened', method: 'enchantedlink', success: true, userId: verification.userId, loginId: verification.loginId },
      clientInfo(request),
    );
    return {};
  });

  // Polled about once a second for up to ten minutes: no IP limit here, the reference is unguessable.
  app.post('/enchantedlink/pending-session', async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(z.object({ pendingRef: tokenSchema('pendingRef') }), request.body);
    const verification = await takeVerifiedPending(context, body.pendingRef);
    return completeVerification(context, request, verification, 'email');
  });
};
