import { setTimeout as sleep } from 'node:timers/promises';
import type { TrainingLanguage, TranslationProvider } from '@vigil/contracts';
import { type GuardedAnswer, postThroughGuard } from '../../phishing/delivery/guarded-post.ts';
import { type LookupAll, OutboundRefusedError } from '../../phishing/delivery/outbound-guard.ts';

/**
 * A client for the two machine-translation APIs an operator may point TRANSLATE_URL at, written to
 * their published interfaces:
 * - LibreTranslate: `POST {url}/translate`, JSON `{ q: string[], source, target, format: 'text', api_key }`
 *   → `{ translatedText: string[] }` (errors: `{ error }`, 400 / 403 / 429 / 500).
 * - DeepL API v2: `POST {url}/v2/translate` with `Authorization: DeepL-Auth-Key <key>`, JSON
 *   `{ text: string[], source_lang, target_lang }` → `{ translations: [{ text }] }` (at most 50
 *   texts a request; errors: `{ message }`, 403 / 429 / 456 quota / 5xx).
 * Every string of a module goes in one request per target language (DeepL: 50 at a time). A 429 or
 * 5xx answer, or a dropped connection, is tried again after a growing pause (Retry-After honoured up
 * to 10 s); anything else fails at once with the service's own words. The connection goes through
 * the outbound guard (a service on a private network needs OUTBOUND_ALLOWED_HOSTS); the key travels
 * only in the request and is cut out of any answer quoted back.
 */

export type TranslationSettings = { provider: TranslationProvider; url: string; apiKey?: string };

export class TranslationError extends Error {
  override readonly name = 'TranslationError';
  constructor(
    readonly code: 'refused' | 'unreachable' | 'timeout' | 'unauthorized' | 'quota' | 'rate-limited' | 'server-error' | 'bad-request' | 'malformed' | 'unsupported-language',
    message: string,
  ) {
    super(message);
  }
}

/** Each learning language as each service names it; null where a service does not translate it. */
const languageCodes: Record<TranslationProvider, Record<TrainingLanguage, { source: string; target: string } | null>> = {
  // LibreTranslate names Brazilian Portuguese `pb` (its `pt` is European Portuguese).
  libretranslate: {
    en_us: { source: 'en', target: 'en' },
    fr_fr: { source: 'fr', target: 'fr' },
    de_de: { source: 'de', target: 'de' },
    es_es: { source: 'es', target: 'es' },
    pt_br: { source: 'pb', target: 'pb' },
    hi_in: { source: 'hi', target: 'hi' },
    it_it: { source: 'it', target: 'it' },
  },
  // DeepL takes a variant as target only (EN-US, PT-BR); Hindi is a text-translation language.
  deepl: {
    en_us: { source: 'EN', target: 'EN-US' },
    fr_fr: { source: 'FR', target: 'FR' },
    de_de: { source: 'DE', target: 'DE' },
    es_es: { source: 'ES', target: 'ES' },
    pt_br: { source: 'PT', target: 'PT-BR' },
    hi_in: { source: 'HI', target: 'HI' },
    it_it: { source: 'IT', target: 'IT' },
  },
};

const providerNames: Record<TranslationProvider, string> = { libretranslate: 'LibreTranslate', deepl: 'DeepL' };

/** The learning languages a service translates from and into. */
export const translatableLanguages = (provider: TranslationProvider): TrainingLanguage[] =>
  (Object.entries(languageCodes[provider]) as [TrainingLanguage, unknown][]).filter(([, codes]) => codes !== null).map(([language]) => language);

const defaultTimeoutMs = 60_000;
const maxAnswerBytes = 5_000_000;
const deeplTextsPerRequest = 50;


/** The service's own words about a failure (`{ error }` from LibreTranslate, `{ message }` from DeepL), shortened, the key cut out. */
const serviceWords = (body: string, apiKey: string | undefined) => {
  let words: string | undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const found = [parsed.error, parsed.message, parsed.detail].find((value) => typeof value === 'string' && value.trim());
    words = typeof found === 'string' ? found.trim().slice(0, 300) : undefined;
  } catch {
    words = body.trim() && body.length < 300 && !/<[a-z!]/i.test(body) ? body.trim() : undefined;
  }
  return words && apiKey ? words.split(apiKey).join('[the key]') : words;
};

/** The language pair of a request, named as the service names it, for messages. */
type Pair = { source: string; target: string };

const failureFor = (provider: TranslationProvider, status: number, body: string, apiKey: string | undefined, url: URL, pair: Pair): TranslationError => {
  const name = `${providerNames[provider]} at ${url.host}`;
  const words = serviceWords(body, apiKey);
  const said = (sentence: string) => (words ? `${sentence}: “${words}”` : sentence);
  // A service without that language's model (an older LibreTranslate has no `pb`, Brazilian Portuguese).
  if (status === 400 && words && /not supported|unsupported/i.test(words)) {
    return new TranslationError('unsupported-language', said(`${name} does not translate ${pair.source} → ${pair.target}; install that language model on the service (LibreTranslate names Brazilian Portuguese pb), or write this language yourself`));
  }
  if (status === 401 || status === 403) return new TranslationError('unauthorized', said(`${name} refused the API key (${status}); check TRANSLATE_API_KEY`));
  if (status === 456) return new TranslationError('quota', said(`${name} says the account's character quota is used up (456)`));
  if (status === 429) return new TranslationError('rate-limited', said(`${name} asked us to slow down (429) and kept refusing after several tries; try again in a minute`));
  if (status >= 500) return new TranslationError('server-error', said(`${name} failed (${status}) several times in a row`));
  if (status === 404) return new TranslationError('bad-request', said(`${name} has no ${url.pathname} (404); check TRANSLATE_URL and TRANSLATE_PROVIDER`));
  return new TranslationError('bad-request', said(`${name} refused the request (${status})`));
};

const retryable = (error: unknown) => {
  if (error instanceof TranslationError) return false;
  const code = (error as { code?: string }).code;
  return code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'EPIPE';
};

const networkFailure = (error: unknown, provider: TranslationProvider, url: URL): TranslationError => {
  if (error instanceof TranslationError) return error;
  if (error instanceof OutboundRefusedError) return new TranslationError('refused', `The translation service's address is not allowed: ${error.message} (a service on your own network must be listed in OUTBOUND_ALLOWED_HOSTS)`);
  const code = (error as { code?: string }).code;
  return new TranslationError('unreachable', `Could not reach ${providerNames[provider]} at ${url.host}${code ? ` (${code})` : ''}; check TRANSLATE_URL and that the service is running`);
};

export type TranslationClientOptions = {
  allowedHosts: readonly string[];
  timeoutMs?: number;
  /** Tries per request, the first included (default 4), and the first pause between them (default 500 ms, doubling). */
  attempts?: number;
  backoffMs?: number;
  lookup?: LookupAll;
};

export type TranslationClient = {
  provider: TranslationProvider;
  /** The learning languages this service can translate from and into. */
  languages: TrainingLanguage[];
  /** The texts in `to`, in order (empty texts stay empty and are not sent). @throws TranslationError */
  translate: (texts: readonly string[], from: TrainingLanguage, to: TrainingLanguage) => Promise<string[]>;
};

export const createTranslationClient = (settings: TranslationSettings, { allowedHosts, timeoutMs = defaultTimeoutMs, attempts = 4, backoffMs = 500, lookup }: TranslationClientOptions): TranslationClient => {
  const { provider, apiKey } = settings;
  const base = settings.url.replace(/\/+$/, '');
  const url = new URL(provider === 'deepl' ? `${base}/v2/translate` : `${base}/translate`);

  /** One request, tried again on 429, 5xx and dropped connections. */
  const send = async (body: string, headers: Record<string, string>, pair: Pair): Promise<string> => {
    for (let attempt = 1; ; attempt++) {
      let answer: GuardedAnswer;
      try {
        answer = await postThroughGuard(url, body, headers, {
          allowedHosts,
          timeoutMs,
          maxAnswerBytes,
          lookup,
          tooLarge: () => new TranslationError('malformed', `The translation service's answer was larger than ${maxAnswerBytes / 1_000_000} MB`),
          timedOut: () => new TranslationError('timeout', `The translation service at ${url.host} did not answer within ${Math.round(timeoutMs / 1000)} s`),
        });
      } catch (error) {
        if (attempt < attempts && retryable(error)) {
          await sleep(backoffMs * 2 ** (attempt - 1));
          continue;
        }
        throw networkFailure(error, provider, url);
      }
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      if (attempt < attempts && (answer.status === 429 || answer.status >= 500)) {
        const asked = Number(answer.retryAfter);
        await sleep(Number.isFinite(asked) && asked > 0 ? Math.min(asked, 10) * 1000 : backoffMs * 2 ** (attempt - 1));
        continue;
      }
      throw failureFor(provider, answer.status, answer.body, apiKey, url, pair);
    }
  };

  const malformed = (what: string) => new TranslationError('malformed', `${providerNames[provider]} at ${url.host} answered ${what}; check TRANSLATE_URL and TRANSLATE_PROVIDER`);

  const libre = async (texts: string[], source: string, target: string) => {
    const body = JSON.stringify({ q: texts, source, target, format: 'text', ...(apiKey ? { api_key: apiKey } : {}) });
    const raw = await send(body, { 'content-type': 'application/json', accept: 'application/json' }, { source, target });
    let parsed: { translatedText?: unknown };
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw malformed('with something that is not JSON');
    }
    const translated = parsed.translatedText;
    if (!Array.isArray(translated) || translated.length !== texts.length || !translated.every((item) => typeof item === 'string')) throw malformed(`without ${texts.length} translatedText strings`);
    return translated as string[];
  };

  const deepl = async (texts: string[], source: string, target: string) => {
    const out: string[] = [];
    for (let start = 0; start < texts.length; start += deeplTextsPerRequest) {
      const batch = texts.slice(start, start + deeplTextsPerRequest);
      const body = JSON.stringify({ text: batch, source_lang: source, target_lang: target });
      const raw = await send(body, { 'content-type': 'application/json', accept: 'application/json', ...(apiKey ? { authorization: `DeepL-Auth-Key ${apiKey}` } : {}) }, { source, target });
      let parsed: { translations?: { text?: unknown }[] };
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw malformed('with something that is not JSON');
      }
      const translated = parsed.translations?.map((item) => item?.text);
      if (!translated || translated.length !== batch.length || !translated.every((item) => typeof item === 'string')) throw malformed(`without ${batch.length} translations`);
      out.push(...(translated as string[]));
    }
    return out;
  };

  return {
    provider,
    languages: translatableLanguages(provider),
    translate: async (texts, from, to) => {
      const source = languageCodes[provider][from];
      const target = languageCodes[provider][to];
      for (const [language, codes] of [[from, source], [to, target]] as const) {
        if (!codes) throw new TranslationError('unsupported-language', `${providerNames[provider]} does not translate ${language}`);
      }
      // Only the non-empty texts travel; the answer is put back in place.
      const positions = texts.flatMap((text, index) => (text.trim() ? [index] : []));
      if (positions.length === 0) return texts.map(() => '');
      const sent = positions.map((index) => texts[index]!);
      const translated = provider === 'deepl' ? await deepl(sent, source!.source, target!.target) : await libre(sent, source!.source, target!.target);
      const out = texts.map(() => '');
      positions.forEach((index, at) => (out[index] = translated[at]!.trim()));
      return out;
    },
  };
};
