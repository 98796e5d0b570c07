import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { loginIdSchema, parseBody, tokenSchema } from '../http/validation.ts';
import { amrForChannel, completeVerification, documentSend, documentUpdate, sendPasswordless, sendUpdate } from './passwordless.ts';
import { throttle } from './throttle.ts';
import { consumeCode } from './verifications.ts';

const channels = ['email', 'sms', 'voice', 'whatsapp', 'im'] as const;
const phoneChannels = ['sms', 'voice', 'whatsapp', 'im'] as const;
const verifyBodySchema = z.object({ loginId: loginIdSchema, code: tokenSchema('code') });

const verifyDoc = (channel: string) =>
  documentAuthRoute({
    summary: `Verify a one-time code sent by ${channel}: a session`,
    body: verifyBodySchema,
    ok: jwtResponseSchema,
    errors: [409, 429],
    errorMeanings: { 409: 'The code confirmed a new email or phone that another account signs in with already' },
  });

/** One-time codes on every channel (contract §2.4); the channel is the path's last segment. */
export const otpRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  for (const mode of ['signin', 'signup', 'signup-in'] as const) {
    for (const channel of channels) {
      app.post(`/otp/${mode}/${channel}`, { schema: documentSend('otp', mode, channel) }, (request) => sendPasswordless(context, request, 'otp', mode, channel));
    }
  }
  app.post('/otp/update/email', { schema: documentUpdate('otp', 'email') }, (request) => sendUpdate(context, request, 'otp', 'email', 'email'));
  for (const channel of phoneChannels) {
    app.post(`/otp/update/phone/${channel}`, { schema: documentUpdate('otp', 'phone') }, (request) => sendUpdate(context, request, 'otp', 'phone', channel));
  }

  const verify = async (request: FastifyRequest, channel: string) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(verifyBodySchema, request.body);
    await throttle(context, 'otp.verify', request.ip, body.loginId);
    try {
      const verification = await consumeCode(context, body.loginId, channel, body.code);
      return await completeVerification(context, request, verification, amrForChannel(channel));
    } catch (error) {
      if (error instanceof AuthError && error.errorCode !== 'E130429') {
        await context.events.record({ event: 'signin', method: `otp-${channel}`, success: false, loginId: body.loginId, reason: error.errorDescription }, clientInfo(request));
      }
      throw error;
    }
  };
  for (const channel of channels) app.post(`/otp/verify/${channel}`, { schema: verifyDoc(channel) }, (request) => verify(request, channel));
};
