import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks both machine-translation APIs the product supports, for testing the
 * client over real HTTP:
 * - LibreTranslate `POST /translate`: JSON `{ q, source, target, format, api_key }` → `{ translatedText }`
 *   (a string for a string, a list for a list); a wrong key is 403 `{ error }`, an unknown language 400.
 * - DeepL `POST /v2/translate`: `Authorization: DeepL-Auth-Key <key>`, JSON `{ text[], source_lang,
 *   target_lang }` → `{ translations: [{ detected_source_language, text }] }`; a wrong key is 403
 *   `{ message }`, more than 50 texts or an unknown language 400.
 * It "translates" deterministically: `[<target>] <text>`. `failNext` queues answers to give before
 * the next successes (429 with Retry-After, 5xx, 456, or a hang); every request is kept.
 */

export type FakeTranslatorRequest = { path: string; authorization: string | undefined; body: Record<string, unknown> };
export type FakeFailure = { status: 429 | 456 | 500 | 502 | 503; retryAfter?: string } | { status: 'hang' };

const allLibreLanguages = ['en', 'fr', 'de', 'es', 'pt', 'pb', 'hi', 'it'];
const deeplSources = ['EN', 'FR', 'DE', 'ES', 'PT', 'HI', 'IT'];
const deeplTargets = ['EN-US', 'EN-GB', 'FR', 'DE', 'ES', 'PT-BR', 'PT-PT', 'HI', 'IT'];

/** What the fake answers for `text` translated into `target`. */
export const fakeTranslation = (text: string, target: string) => `[${target}] ${text}`;

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startFakeTranslator = async ({ apiKey }: { apiKey: string }) => {
  const requests: FakeTranslatorRequest[] = [];
  const failures: FakeFailure[] = [];
  const hanging: ServerResponse[] = [];
  let libreLanguages = allLibreLanguages;

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return json(response, 400, { error: 'Invalid request: the body is not JSON', message: 'Invalid request' });
    }
    const path = request.url ?? '';
    requests.push({ path, authorization: request.headers.authorization, body });
    const libre = request.method === 'POST' && path === '/translate';
    const deepl = request.method === 'POST' && path === '/v2/translate';
    if (!libre && !deepl) return json(response, 404, { error: 'Not Found', message: 'Not found' });

    if (libre && body.api_key !== apiKey) return json(response, 403, { error: 'Invalid API key' });
    if (deepl && request.headers.authorization !== `DeepL-Auth-Key ${apiKey}`) return json(response, 403, { message: 'Wrong endpoint or authentication key. Use https://api-free.deepl.com for DeepL API Free keys.' });

    const failure = failures.shift();
    if (failure?.status === 'hang') {
      hanging.push(response);
      return;
    }
    if (failure) {
      const words = failure.status === 429 ? 'Too many requests' : failure.status === 456 ? 'Quota exceeded' : 'Internal server error';
      return json(response, failure.status, libre ? { error: words } : { message: words }, failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    }

    if (libre) {
      const { q, source, target } = body as { q?: unknown; source?: string; target?: string };
      for (const code of [source, target]) if (!code || !libreLanguages.includes(code)) return json(response, 400, { error: `${code} is not supported` });
      if (typeof q === 'string') return json(response, 200, { translatedText: fakeTranslation(q, target!) });
      if (!Array.isArray(q)) return json(response, 400, { error: 'Invalid request: missing q parameter' });
      return json(response, 200, { translatedText: q.map((text) => fakeTranslation(String(text), target!)) });
    }
    const { text, source_lang: sourceLang, target_lang: targetLang } = body as { text?: unknown; source_lang?: string; target_lang?: string };
    if (!Array.isArray(text) || text.length === 0) return json(response, 400, { message: "Parameter 'text' not specified." });
    if (text.length > 50) return json(response, 400, { message: 'Too many texts: at most 50 in one request.' });
    if (sourceLang && !deeplSources.includes(sourceLang)) return json(response, 400, { message: "Value for 'source_lang' not supported." });
    if (!targetLang || !deeplTargets.includes(targetLang)) return json(response, 400, { message: "Value for 'target_lang' not supported." });
    return json(response, 200, { translations: text.map((item) => ({ detected_source_language: sourceLang ?? 'EN', text: fakeTranslation(String(item), targetLang) })) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers to give, in order, before translating again. */
    failNext: (...next: FakeFailure[]) => failures.push(...next),
    /** The LibreTranslate side's models (an older server has no `pb`). */
    setLibreLanguages: (codes: string[]) => (libreLanguages = codes),
    reset: () => {
      requests.length = 0;
      failures.length = 0;
      libreLanguages = allLibreLanguages;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
export type FakeTranslator = Awaited<ReturnType<typeof startFakeTranslator>>;
