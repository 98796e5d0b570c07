import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '@vigil/db';
import type { EventWriter } from '../../events/event-writer.ts';
import { listenerTextsFor } from '../tracking/listener-catalogue.ts';
import { findCalledRecipient } from './callbacks.repository.ts';
import { isTwilioSignatureValid } from '@vigil/auth-provider';

export type VoiceRoutesOptions = {
  db: Db;
  writer: EventWriter;
  /** The Twilio account's auth token (TWILIO_AUTH_TOKEN): without it no request can be trusted, and every one is refused. */
  authToken: string | undefined;
  /** The listener's public origin: Twilio signs the URL it called, which is this plus the path. */
  publicUrl: string;
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
// A company name is data: a line break or control character is spoken as a pause.
const flatten = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

/** TwiML that says one message in a language and hangs up. */
const twiml = (language: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Response><Say language="${escapeXml(language)}">${escapeXml(message)}</Say><Hangup/></Response>`;

/** The largest voice webhook body (Twilio sends a few dozen short fields). */
const formByteLimit = 16 * 1024;

/**
 * The callback number's voice webhook (POST /v/voice), in Twilio's format: a form with From, To,
 * CallSid… signed with X-Twilio-Signature. A correctly signed call from the number of a person who
 * was sent a callback lure recently records `called` in that person's organisation and hears, in
 * their language, that it was a test and what to do next time; any other caller hears a short
 * neutral message and nothing is recorded. A request without a valid signature is refused (403).
 */
export const voiceRoutes: FastifyPluginAsync<VoiceRoutesOptions> = async (app, { db, writer, authToken, publicUrl }) => {
  // This plugin's own form parser (the tracking routes' keeps only field names): every field, as pairs, for the signature.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formByteLimit }, (_request, body, done) => {
    done(null, [...new URLSearchParams(body as string)]);
  });

  app.post('/v/voice', async (request: FastifyRequest<{ Body: [string, string][] | undefined }>, reply) => {
    const params = Array.isArray(request.body) ? request.body : [];
    const signature = request.headers['x-twilio-signature'];
    if (!authToken || !isTwilioSignatureValid(authToken, typeof signature === 'string' ? signature : undefined, `${publicUrl}${request.url}`, params)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
    }
    const field = (name: string) => params.find(([key]) => key === name)?.[1] ?? '';
    const at = new Date();
    const from = field('From');
    const recipient = /^\+[1-9]\d{3,14}$/.test(from) ? await findCalledRecipient(db, from, at) : undefined;
    reply.type('text/xml; charset=utf-8');
    if (!recipient) {
      const { voice } = listenerTextsFor('en_us');
      return twiml(voice.sayLanguage, voice.unknownCaller);
    }
    await writer.append({
      organizationId: recipient.organizationId,
      personId: recipient.personId,
      campaignId: recipient.campaignId,
      recipientId: recipient.id,
      type: 'called',
      occurredAt: at,
      data: { callSid: field('CallSid').slice(0, 64) },
    });
    const { voice } = listenerTextsFor(recipient.language);
    return twiml(voice.sayLanguage, voice.teachable.replaceAll('{company}', flatten(recipient.company)));
  });
};
