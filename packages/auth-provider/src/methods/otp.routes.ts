import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { loginIdSchema, parseBody, tokenSchema } from '../http/validation.ts';
import { amrForChannel, channelFrom, channelParamsSchema, completeVerification, documentSend, documentUpdate, sendPasswordless, sendUpdate } from './passwordless.ts';
import { throttle } from './throttle.ts';
import { consumeCode } from './verifications.ts';

const channels = ['email', 'sms', 'voice', 'whatsapp', 'im'] as const;
const phoneChannels = ['sms', 'voice', 'whatsapp', 'im'] as const;
const verifyBodySchema = z.object({ loginId: loginIdSchema, code: tokenSchema('code') });

/** One-time codes on every channel (contract §2.4). */
export const otpRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  for (const mode of ['signin', 'signup', 'signup-in'] as const) {
    app.post(`/otp/${mode}/:channel`, { schema: documentSend('otp', mode, channels) }, (request) =>
      sendPasswordless(context, request, 'otp', mode, channelFrom(request, channels)),
    );
  }
  app.post('/otp/update/email', { schema: documentUpdate('otp', 'email') }, (request) => sendUpdate(context, request, 'otp', 'email', 'email'));
  app.post('/otp/update/phone/:channel', { schema: documentUpdate('otp', 'phone', phoneChannels) }, (request) =>
    sendUpdate(context, request, 'otp', 'phone', channelFrom(request, phoneChannels)),
  );

  const verifyDoc = documentAuthRoute({
    summary: 'Verify a one-time code: a session',
    params: channelParamsSchema(channels),
    body: verifyBodySchema,
    ok: jwtResponseSchema,
    errors: [409, 429],
    errorMeanings: { 409: 'The code or link confirmed a new email or phone that another account signs in with already' },
  });
  app.post('/otp/verify/:channel', { schema: verifyDoc }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const channel = channelFrom(request, channels);
    const body = parseBody(verifyBodySchema, request.body);
    throttle(context, 'otp.verify', request.ip, body.loginId);
    try {
      const verification = await consumeCode(context, body.loginId, channel, body.code);
      return await completeVerification(context, request, verification, amrForChannel(channel));
    } catch (error) {
      if (error instanceof AuthError && error.errorCode !== 'E130429') {
        await context.events.record({ event: 'signin', method: `otp-${channel}`, success: false, loginId: body.loginId, reason: error.errorDescription }, clientInfo(request));
      }
      throw error;
    }
  });
};
