import { AppError } from '../../../lib/app-error.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type TemplateLanguage, templateLanguages } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { type RateLimit, hitRateLimit } from '../../../lib/rate-limit.ts';
import type { EventWriter } from '../../events/event-writer.ts';
import { listenerTextsFor } from './listener-catalogue.ts';
import { type StoredLandingPage, renderLandingPage, renderNotFoundPage, renderTeachableMoment, renderTooManyRequestsPage } from './listener-pages.ts';
import { type ScannerSignatures, type TrackedLink, burstWindowSeconds, detectScanner } from './scanner-detection.ts';
import { redFlagsOf } from '../templates/red-flags.ts';
import { readFilledFieldNames } from './form-field-names.ts';
import { trackingTokenHash } from './tracking-links.ts';
import { type TrackedRecipient, findTrackedRecipient } from './tracking.repository.ts';
import { now } from '../../../lib/clock.ts';

/** Unknown paths and tokens per address: a person with a stale link never comes close; a guesser is slowed. */
export const listenerNotFoundLimit: RateLimit = { max: 20, windowSeconds: 600 };
const notFoundKey = (request: FastifyRequest) => `phish-404:${request.ip}`;

/** The largest form a landing page posts (a few named fields). */
const formByteLimit = 16 * 1024;
const tokenPattern = /^[A-Za-z0-9_-]{22}$/;

// The smallest transparent GIF: 1×1, one transparent colour.
const transparentGif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Where a hit came from, carried in the page's address so its beacon knows what it confirms. */
const viaValues = ['c', 'q', 'a'] as const;
type Via = (typeof viaValues)[number];
const viaOf = (request: FastifyRequest): Via | undefined => {
  const via = (request.query as { via?: unknown }).via;
  return viaValues.find((value) => value === via);
};

/** The listener's own pages speak the browser's language when no recipient is known. */
const browserLanguage = (request: FastifyRequest): TemplateLanguage => {
  const wanted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase().split('-')[0]);
  for (const primary of wanted) {
    const match = templateLanguages.find((language) => language.startsWith(`${primary}_`));
    if (match) return match;
  }
  return 'en_us';
};

export const sendNotFoundPage = async (db: Db, request: FastifyRequest, reply: FastifyReply) => {
  const texts = listenerTextsFor(browserLanguage(request));
  const { limited, retryAfterSeconds } = await hitRateLimit(db, notFoundKey(request), listenerNotFoundLimit);
  if (limited) return reply.code(429).header('retry-after', String(retryAfterSeconds)).type('text/html; charset=utf-8').send(renderTooManyRequestsPage(texts));
  return reply.code(404).type('text/html; charset=utf-8').send(renderNotFoundPage(texts));
};

type TextsOf<T> = Partial<Record<string, T>>;

/** A landing page row's page for a language: `texts[language]` is the HTML, or `{ html, style?, title? }`. */
const landingPageOf = (recipient: TrackedRecipient): StoredLandingPage | undefined => {
  const texts = recipient.landingPageTexts as TextsOf<string | Partial<StoredLandingPage>> | null;
  if (!texts) return undefined;
  const entry = texts[recipient.language] ?? texts.en_us;
  const page: Partial<StoredLandingPage> | undefined = typeof entry === 'string' ? { html: entry } : entry;
  return page?.html ? { html: page.html, style: page.style } : undefined;
};

const leadsToLandingPage = (recipient: TrackedRecipient) => recipient.vector === 'credential-harvest' && landingPageOf(recipient) !== undefined;

export type TrackingRoutesOptions = {
  db: Db;
  writer: EventWriter;
  signatures: ScannerSignatures;
  /** The admin app's origin, where the full story waits behind sign-in. */
  adminUrl: string;
};

/**
 * The phishing listener's tracking paths (docs/phishing.md, "Tracking"). A token finds its recipient
 * by its hash; everything a hit writes is in that recipient's organisation, by a tracking actor.
 * Answers are the same for a person and a scanner: only what is recorded differs.
 */
export const trackingRoutes: FastifyPluginAsync<TrackingRoutesOptions> = async (app, { db, writer, signatures, adminUrl }) => {
  // Only the names of filled fields leave the parser; see form-field-names.ts. A landing form posts
  // nothing else: any other body (JSON, text, a file) is refused unread, so no value is ever parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', async (_request: FastifyRequest, payload: NodeJS.ReadableStream) => ({
    filled: await readFilledFieldNames(payload as never, formByteLimit),
  }));
  app.addContentTypeParser('*', (_request, _payload, done) => done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'A landing page posts its form as application/x-www-form-urlencoded'), undefined));

  /** The recipient of a well-formed, known token, or a (rate-limited) not-found answer. */
  const recipientOf = async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<TrackedRecipient | undefined> => {
    if (tokenPattern.test(token)) {
      const hitsSince = new Date(now().getTime() - burstWindowSeconds * 1000 - 1000);
      const recipient = await findTrackedRecipient(db, trackingTokenHash(token), { rateLimitKey: notFoundKey(request), rateLimitMax: listenerNotFoundLimit.max, hitsSince });
      if (recipient && !recipient.overLimit) return recipient;
      if (recipient) {
        // Over the limit: even a good token waits, or guessing would only need patience.
        const texts = listenerTextsFor(browserLanguage(request));
        reply.code(429).type('text/html; charset=utf-8').send(renderTooManyRequestsPage(texts));
        return undefined;
      }
    }
    await sendNotFoundPage(db, request, reply);
    return undefined;
  };

  /**
   * Records one hit: `personType` when it looks like the person, `machineType` (with the rule) when a
   * scanner rule matches, or nothing when the person's hit is only confirmed later (`personType` undefined).
   */
  const recordHit = async (
    request: FastifyRequest,
    recipient: TrackedRecipient,
    link: TrackedLink,
    personTypes: readonly string[],
    machineType: 'machine_click' | 'machine_open',
    data: Record<string, unknown> = {},
  ) => {
    const at = now();
    const since = new Date(at.getTime() - burstWindowSeconds * 1000 - 1000);
    const unwritten = writer
      .pendingFor(recipient.id)
      .filter((event) => event.occurredAt >= since)
      .map((event) => ({ link: String(event.data?.link ?? ''), at: event.occurredAt }));
    const earlierHits = link === 'page' ? [] : [...recipient.recentHits, ...unwritten];
    const rule = detectScanner({ link, method: request.method, headers: request.headers, ip: request.ip, at, sentAt: recipient.sentAt, earlierHits }, signatures);
    const types = rule ? [machineType] : personTypes;
    const base = { organizationId: recipient.organizationId, personId: recipient.personId, campaignId: recipient.campaignId, recipientId: recipient.id, occurredAt: at };
    // Queued, not awaited: the answer does not wait for the batch to reach the log (the writer
    // flushes within 100 ms, and on a graceful shutdown); a batch that cannot be written is logged.
    // Later hits of the same recipient still see it (`pendingFor`) when they look for a burst.
    void Promise.all(types.map((type) => writer.append({ ...base, type, data: { link, ...(rule ? { rule } : {}), ...data } }))).catch(() => undefined);
    return rule;
  };

  const sendGif = (reply: FastifyReply) => reply.type('image/gif').send(transparentGif);
  const pageFor = (recipient: TrackedRecipient, token: string, via?: Via) => {
    const query = via ? `?via=${via}` : '';
    return leadsToLandingPage(recipient) && via !== 'a' ? `/l/${token}${query}` : `/t/${token}${query}`;
  };

  app.get<{ Params: { file: string } }>('/o/:file', async (request, reply) => {
    const recipient = await recipientOf(request, reply, request.params.file.replace(/\.gif$/, ''));
    if (!recipient) return reply;
    await recordHit(request, recipient, 'open', ['opened'], 'machine_open');
    return sendGif(reply);
  });

  // A click is the person's only once the page it leads to loads its beacon (/p/); until then only a
  // scanner rule records anything (machine_click).
  app.get<{ Params: { token: string } }>('/c/:token', async (request, reply) => {
    const recipient = await recipientOf(request, reply, request.params.token);
    if (!recipient) return reply;
    await recordHit(request, recipient, 'click', [], 'machine_click');
    return reply.redirect(pageFor(recipient, request.params.token, 'c'), 302);
  });

  app.get<{ Params: { token: string } }>('/q/:token', async (request, reply) => {
    const recipient = await recipientOf(request, reply, request.params.token);
    if (!recipient) return reply;
    await recordHit(request, recipient, 'qr', ['qr_scanned'], 'machine_click');
    return reply.redirect(pageFor(recipient, request.params.token, 'q'), 302);
  });

  app.get<{ Params: { token: string } }>('/a/:token', async (request, reply) => {
    const recipient = await recipientOf(request, reply, request.params.token);
    if (!recipient) return reply;
    await recordHit(request, recipient, 'attachment', ['attachment_opened'], 'machine_click');
    return reply.redirect(pageFor(recipient, request.params.token, 'a'), 302);
  });

  // The page beacon: a browser that rendered the landing page or the teachable moment. It confirms
  // the click that led there (`via`), and a landing page's visit.
  app.get<{ Params: { file: string }; Querystring: { page?: string } }>('/p/:file', async (request, reply) => {
    const recipient = await recipientOf(request, reply, request.params.file.replace(/\.gif$/, ''));
    if (!recipient) return reply;
    const via = viaOf(request);
    const types = [...(via === 'c' || via === 'q' ? ['clicked'] : []), ...(request.query.page === 'l' ? ['landing_visited'] : [])];
    if (types.length > 0) await recordHit(request, recipient, 'page', types, 'machine_click', { via: via ?? null });
    return sendGif(reply);
  });

  app.get<{ Params: { token: string } }>('/l/:token', async (request, reply) => {
    const { token } = request.params;
    const recipient = await recipientOf(request, reply, token);
    if (!recipient) return reply;
    const via = viaOf(request);
    const landingPage = leadsToLandingPage(recipient) ? landingPageOf(recipient) : undefined;
    if (!landingPage) return reply.redirect(`/t/${token}${via ? `?via=${via}` : ''}`, 302);
    const beaconUrl = `/p/${token}.gif?page=l${via ? `&via=${via}` : ''}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(renderLandingPage({ ...landingPage, company: recipient.company, firstName: recipient.firstName, action: `/l/${token}`, beaconUrl }));
  });

  app.post<{ Params: { token: string }; Body: { filled?: string[] } | undefined }>('/l/:token', async (request, reply) => {
    const recipient = await recipientOf(request, reply, request.params.token);
    if (!recipient) return reply;
    // Only which fields were filled in; the values never reached this handler.
    const fields = request.body?.filled ?? [];
    await recordHit(request, recipient, 'page', ['submitted'], 'machine_click', { fields });
    return reply.redirect(`/t/${request.params.token}`, 303);
  });

  app.get<{ Params: { token: string } }>('/t/:token', async (request, reply) => {
    const { token } = request.params;
    const recipient = await recipientOf(request, reply, token);
    if (!recipient) return reply;
    const via = viaOf(request);
    const texts = listenerTextsFor(recipient.language);
    const { flags, language } = redFlagsOf(recipient.templateTexts as Record<string, unknown>, recipient.language);
    return reply.type('text/html; charset=utf-8').send(
      renderTeachableMoment({
        texts,
        company: recipient.company,
        redFlags: flags,
        redFlagsLang: listenerTextsFor(language).htmlLang,
        fullStoryUrl: `${adminUrl}/heads-up/?recipient=${encodeURIComponent(recipient.id)}`,
        beaconUrl: via === 'c' || via === 'q' ? `/p/${token}.gif?page=t&via=${via}` : undefined,
      }),
    );
  });
};
