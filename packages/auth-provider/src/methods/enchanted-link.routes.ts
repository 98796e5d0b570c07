import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, emptyResponseSchema, jwtResponseSchema } from '../http/openapi.ts';
import { parseBody, tokenSchema } from '../http/validation.ts';
import { completeVerification, documentSend, documentUpdate, sendPasswordless, sendUpdate } from './passwordless.ts';

const verifyBodySchema = z.object({ token: tokenSchema('token') });
const pendingBodySchema = z.object({ pendingRef: tokenSchema('pendingRef') });
import { throttle } from './throttle.ts';
import { consumeLinkToken, takeVerifiedPending } from './verifications.ts';

/**
 * Enchanted links (contract §2.6, email only): the browser that asked polls pending-session with
 * its pendingRef; opening the link, in any browser on any device, lets that poll end in a session.
 */
export const enchantedLinkRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  for (const mode of ['signin', 'signup', 'signup-in'] as const) {
    app.post(`/enchantedlink/${mode}/email`, { schema: documentSend('enchantedlink', mode, 'email') }, (request) =>
      sendPasswordless(context, request, 'enchantedlink', mode, 'email'),
    );
  }
  app.post('/enchantedlink/update/email', { schema: documentUpdate('enchantedlink', 'email') }, (request) =>
    sendUpdate(context, request, 'enchantedlink', 'email', 'email'),
  );

  const verifyDoc = documentAuthRoute({
    summary: 'Open an enchanted link: the browser that asked gets the session',
    body: verifyBodySchema,
    ok: emptyResponseSchema,
    errors: [429],
  });
  app.post('/enchantedlink/verify', { schema: verifyDoc }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(verifyBodySchema, request.body);
    await throttle(context, 'enchantedlink.verify', request.ip);
    const verification = await consumeLinkToken(context, body.token, ['enchantedlink']);
    await context.events.record(
      { event: 'link.opened', method: 'enchantedlink', success: true, userId: verification.userId, loginId: verification.loginId },
      clientInfo(request),
    );
    return {};
  });

  // Polled about once a second for up to ten minutes: no IP limit here, the reference is unguessable.
  const pendingDoc = documentAuthRoute({
    summary: 'Poll for the session of an enchanted link',
    body: pendingBodySchema,
    ok: jwtResponseSchema,
    errors: [409],
    errorMeanings: {
      401: 'Unknown project id, or (E062503) the link has not been opened yet: poll again',
      ...{ 409: 'The code or link confirmed a new email or phone that another account signs in with already' },
    },
  });
  app.post('/enchantedlink/pending-session', { schema: pendingDoc }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(pendingBodySchema, request.body);
    const verification = await takeVerifiedPending(context, body.pendingRef);
    return completeVerification(context, request, verification, 'email');
  });
};
