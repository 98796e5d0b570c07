import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { emailSchema, loginIdSchema, parseBody, phoneSchema, secretSchema, userSchema } from '../http/validation.ts';
import { maskEmail } from '../users/user.presenter.ts';
import { usersRepository } from '../users/users.repository.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { throttle } from './throttle.ts';
import { consumeCode, startVerification } from './verifications.ts';

const channels = ['email', 'sms', 'voice', 'whatsapp', 'im'] as const;
const channelParams = z.object({ channel: z.enum(channels, { error: `channel must be one of ${channels.join(', ')}` }) });
const amrFor = (channel: string) => (channel === 'email' ? 'email' : channel === 'whatsapp' ? 'whatsapp' : 'sms');
const maskPhone = (phone: string) => `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;

/** One-time codes on every channel (contract §2.4). Email goes by SMTP or the outbox; phone channels to the outbox. */
export const otpRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);
  const { settings } = context;

  const loginIdFor = (channel: string) => (channel === 'email' ? emailSchema : phoneSchema);

  const sendCode = async (request: FastifyRequest, mode: 'signin' | 'signup' | 'signup-in') => {
    readAuthorization(request, settings.projectId);
    const { channel } = parseBody(channelParams, request.params);
    const body = parseBody(z.object({ loginId: loginIdFor(channel), user: userSchema }), request.body);
    throttle(context, 'otp.send', request.ip, body.loginId);
    if (mode === 'signup' && !settings.selfSignUp) {
      throw new AuthError('signUpDisabled', 'Sign-up is not open here; ask your administrator for an account');
    }
    let user = await users.findByLoginId(body.loginId);
    if (!user && mode !== 'signin' && settings.selfSignUp) {
      user = await createUserWithLoginId(context.db, body.loginId, {
        ...(channel === 'email' ? { email: body.loginId } : { phone: body.loginId }),
        name: body.user?.name ?? '',
        givenName: body.user?.givenName ?? '',
        familyName: body.user?.familyName ?? '',
      });
    }
    const reachable = user?.status === 'enabled' && (channel === 'email' ? user.email : user.phone) ? user : undefined;
    await startVerification(context, { kind: 'otp', channel, loginId: body.loginId, user: reachable, client: clientInfo(request) });
    return channel === 'email'
      ? { maskedEmail: maskEmail(reachable?.email ?? body.loginId) }
      : { maskedPhone: maskPhone(reachable?.phone ?? body.loginId) };
  };

  app.post('/otp/signin/:channel', (request) => sendCode(request, 'signin'));
  app.post('/otp/signup/:channel', (request) => sendCode(request, 'signup'));
  app.post('/otp/signup-in/:channel', (request) => sendCode(request, 'signup-in'));

  app.post('/otp/verify/:channel', async (request) => {
    readAuthorization(request, settings.projectId);
    const { channel } = parseBody(channelParams, request.params);
    const body = parseBody(z.object({ loginId: loginIdSchema, code: secretSchema('code') }), request.body);
    throttle(context, 'otp.verify', request.ip, body.loginId);
    const client = clientInfo(request);
    try {
      const verification = await consumeCode(context, body.loginId, channel, body.code);
      const user = await users.findById(verification.userId!);
      if (!user || user.status !== 'enabled') throw new AuthError('invalidCode', 'The code is wrong or has expired; ask for a new one');
      if (channel === 'email' && !user.verifiedEmail) await users.markEmailVerified(user.id);
      await context.events.record({ event: 'signin', method: `otp-${channel}`, success: true, userId: user.id, loginId: body.loginId }, client);
      return context.sessions.start(user, [amrFor(channel)], client);
    } catch (error) {
      if (error instanceof AuthError && error.errorCode !== 'E130429') {
        await context.events.record({ event: 'signin', method: `otp-${channel}`, success: false, loginId: body.loginId, reason: error.errorDescription }, client);
      }
      throw error;
    }
  });
};
