import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { escapeXml, isTwilioSignatureValid } from '../delivery/twilio.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readAuthorization } from '../http/request-context.ts';
import { authErrorSchema, documentAuthRoute, jwtResponseSchema } from '../http/openapi.ts';
import { asksForSecondFactor, loginOptionsSchema, parseBody, tokenSchema, userSchema } from '../http/validation.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { normaliseLoginId, usersRepository } from '../users/users.repository.ts';
import { type NotpRequest, confirmNotp, findNotpRequestsByCodes, notpCodesIn, startNotp } from './notp.ts';
import { completeVerification, type SendMode } from './passwordless.ts';
import { throttle } from './throttle.ts';
import { takeVerifiedPending } from './verifications.ts';

// The SDK sends the login id as a string that may be empty (contract §2.7): then who signs in is
// whoever's phone the message comes from.
const optionalPhoneSchema = z
  .string()
  .trim()
  .regex(/^(\+[1-9]\d{3,14})?$/, { error: 'must be empty, or + followed by 4 to 15 digits' })
  .default('')
  .meta({ description: 'The phone (E.164) the person will send the WhatsApp message from; empty: any phone of an existing account' });
const startBodySchema = z.object({ loginId: optionalPhoneSchema, user: userSchema, loginOptions: loginOptionsSchema });
const pendingBodySchema = z.object({ pendingRef: tokenSchema('pendingRef') });
const startedSchema = z.object({
  pendingRef: z.string().meta({ description: 'Poll /v1/auth/notp/pending-session with it' }),
  redirectUrl: z.string().meta({ description: 'https://wa.me/<business number>?text=<the message with its one-time code>: opens WhatsApp ready to send' }),
  image: z.string().meta({ description: 'The same link as a QR code: a PNG, base64 (no data: prefix)' }),
});

const modeWords: Record<SendMode, string> = { signin: 'sign in', signup: 'sign up', 'signup-in': 'sign up or in' };

/**
 * WhatsApp number-based login (contract §2.7, "nOTP"): start, then poll. The message itself comes
 * back through Twilio's webhook (`notpInboundRoutes`), or, with no Twilio, a superadmin confirms it
 * from the operator outbox.
 */
export const notpRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  const users = usersRepository(context.db);

  for (const mode of ['signin', 'signup', 'signup-in'] as const) {
    const doc = documentAuthRoute({
      summary: `Start a WhatsApp login to ${modeWords[mode]}: a link and QR code that send a one-time code to our WhatsApp number`,
      description:
        'The answer is the same whether or not the phone has an account. The person sends the pre-filled message; the page polls pending-session. Without a business number (no Twilio), a login id is needed and the request waits in the operator outbox.',
      body: startBodySchema,
      ok: startedSchema,
      errors: mode === 'signup' ? [403, 429] : [429],
      errorMeanings: { 403: 'Sign-up is not open here' },
    });
    app.post(`/notp/whatsapp/${mode}`, { schema: doc }, async (request) => {
      readAuthorization(request, context.settings.projectId);
      const body = parseBody(startBodySchema, request.body);
      const loginId = normaliseLoginId(body.loginId);
      await throttle(context, 'notp.send', request.ip, loginId || undefined);
      if (asksForSecondFactor(body.loginOptions)) {
        throw new AuthError('badRequest', 'loginOptions: a WhatsApp login is a first factor here; confirm a second factor with a code, an authenticator app or a passkey');
      }
      if (mode === 'signup' && !context.settings.selfSignUp) {
        throw new AuthError('signUpDisabled', 'Sign-up is not open here; ask your administrator for an account');
      }
      // Without a phone there is nobody to make an account for: the message's sender is only known later.
      if (mode === 'signup' && !loginId) throw new AuthError('missingArguments', 'loginId: give the phone number to sign up with');
      const businessNumber = context.twilio ? (context.twilio.whatsappFrom ?? context.twilio.from) : undefined;
      if (!loginId && !businessNumber) {
        throw new AuthError('missingArguments', 'loginId: this deployment receives no WhatsApp messages itself; give the phone number to sign in with');
      }
      let user = loginId ? await users.findByLoginId(loginId) : undefined;
      if (!user && loginId && mode !== 'signin' && context.settings.selfSignUp) {
        user = await createUserWithLoginId(context.db, loginId, {
          phone: loginId,
          name: body.user?.name ?? '',
          givenName: body.user?.givenName ?? '',
          familyName: body.user?.familyName ?? '',
        });
      }
      return startNotp({
        db: context.db,
        secret: context.secret,
        appName: context.settings.appName,
        ttlSeconds: context.settings.codeTtlSeconds,
        loginId,
        user: user?.status === 'enabled' ? user : undefined,
        client: clientInfo(request),
        businessNumber,
      });
    });
  }

  // Polled about once a second for up to ten minutes: no IP limit here, the reference is unguessable.
  const pendingDoc = documentAuthRoute({
    summary: 'Poll for the session of a WhatsApp login',
    body: pendingBodySchema,
    ok: jwtResponseSchema,
    errors: [403],
    errorMeanings: {
      401: 'Unknown project id, or (E066103) the WhatsApp message has not arrived yet: poll again',
      403: 'The person’s organization does not allow this way of signing in',
    },
  });
  app.post('/notp/pending-session', { schema: pendingDoc }, async (request) => {
    readAuthorization(request, context.settings.projectId);
    const body = parseBody(pendingBodySchema, request.body);
    const verification = await takeVerifiedPending(context, body.pendingRef, 'notp');
    return completeVerification(context, request, verification, 'whatsapp');
  });
};

/** The largest webhook body (Twilio sends a few dozen short fields). */
const formByteLimit = 32 * 1024;
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?>\n<Response/>';
const replyTwiml = (text: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Response><Message>${escapeXml(text)}</Message></Response>`;

const inboundDoc = {
  tags: ['Authentication provider'],
  summary: 'Twilio’s webhook for incoming WhatsApp messages: a message holding a WhatsApp login’s code confirms it',
  description:
    'Set as the WhatsApp sender’s “when a message comes in” URL. Requests must carry Twilio’s X-Twilio-Signature for this URL and the account’s auth token; without Twilio configured every request is refused. The answer is TwiML, empty unless the message confirmed a login.',
  security: [],
  consumes: ['application/x-www-form-urlencoded'],
  body: z.looseObject({
    From: z.string().meta({ description: 'whatsapp:+<E.164>' }),
    Body: z.string(),
    MessageSid: z.string().optional(),
  }),
  response: {
    200: { description: 'TwiML for Twilio', content: { 'text/xml': { schema: z.string() } } },
    400: authErrorSchema,
    403: authErrorSchema.meta({ description: 'No valid X-Twilio-Signature, or no Twilio account configured' }),
    413: authErrorSchema,
    415: authErrorSchema,
  },
} as FastifySchema;

/**
 * Twilio posts each WhatsApp message to the business number here (a form, signed). The code in the
 * message names a live request; the sender's phone must be the one it named, or, for a request
 * that named none, an enabled person's. Anything else changes nothing, and Twilio is answered the
 * same either way. Outside /v1/auth: it is no SDK call.
 */
export const notpInboundRoutes = async (app: FastifyInstance, context: ProviderContext) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formByteLimit }, (_request, body, done) => {
    done(null, [...new URLSearchParams(body as string)]);
  });

  app.post('/whatsapp/inbound', { schema: inboundDoc }, async (request: FastifyRequest<{ Body: unknown }>, reply) => {
    const params: [string, string][] = Array.isArray(request.body) ? (request.body as [string, string][]) : [];
    const signature = request.headers['x-twilio-signature'];
    const authToken = context.twilio?.authToken;
    // Twilio signs the URL it was given: the public address of this route, with any query string.
    if (!authToken || !isTwilioSignatureValid(authToken, typeof signature === 'string' ? signature : undefined, `${context.settings.publicUrl}${request.url}`, params)) {
      throw new AuthError('forbidden', 'X-Twilio-Signature: not a signed request of this deployment’s Twilio account');
    }
    reply.type('text/xml; charset=utf-8');
    const field = (name: string) => params.find(([key]) => key === name)?.[1] ?? '';
    // Only WhatsApp vouches for its sender: an SMS to the same number (From without `whatsapp:`) could carry a forged caller id.
    const sender = field('From');
    const from = sender.startsWith('whatsapp:') ? sender.slice('whatsapp:'.length).trim() : '';
    const codes = notpCodesIn(field('Body'));
    if (!/^\+[1-9]\d{3,14}$/.test(from) || !codes.length) return emptyTwiml;
    const client = { ip: request.ip, userAgent: 'Twilio WhatsApp webhook' };
    try {
      // Per sender only (every request comes from Twilio's addresses): someone sending guesses from one phone stops being heard.
      await context.limiter.hit(`login:notp.inbound:${from}`, context.settings.limits.perLoginId);
    } catch (error) {
      if (error instanceof AuthError) return emptyTwiml;
      throw error;
    }
    const requests = await findNotpRequestsByCodes(context.db, context.secret, codes);
    for (const pending of requests) {
      if (await confirmFrom(context, pending, from, client)) {
        // Someone may have sent a person another's code ("scan this to verify your account"): say plainly what it did.
        return replyTwiml(
          `You are now signed in to ${context.settings.appName} on the device that showed this code. If you did not start this sign-in yourself just now, tell your security team at once: someone else may be signing in as you.`,
        );
      }
    }
    return emptyTwiml;
  });
};

const confirmFrom = async (context: ProviderContext, pending: NotpRequest, from: string, client: { ip: string; userAgent: string }) => {
  const outcome = await confirmNotp(context.db, pending, from);
  await context.events.record(
    {
      event: 'notp.confirm',
      method: 'notp',
      success: outcome.confirmed,
      userId: outcome.userId ?? null,
      loginId: from,
      ...(outcome.confirmed ? {} : { reason: outcome.reason }),
    },
    client,
  );
  return outcome.confirmed;
};
