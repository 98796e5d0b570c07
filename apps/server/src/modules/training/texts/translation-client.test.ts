import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TranslationProvider } from '@vigil/contracts';
import { type FakeTranslator, fakeTranslation, startFakeTranslator } from '../../../test/fake-translator.ts';
import { loadConfig } from '../../../config.ts';
import { TranslationError, createTranslationClient, translatableLanguages } from './translation-client.ts';

const apiKey = 'translate-key-0123456789-secret';
let fake: FakeTranslator;
beforeAll(async () => {
  fake = await startFakeTranslator({ apiKey });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const client = (provider: TranslationProvider, overrides: { apiKey?: string; timeoutMs?: number; allowedHosts?: string[] } = {}) =>
  createTranslationClient({ provider, url: `${fake.url}/`, apiKey: overrides.apiKey ?? apiKey }, { allowedHosts: overrides.allowedHosts ?? ['127.0.0.1'], timeoutMs: overrides.timeoutMs, backoffMs: 5 });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TranslationError);
  return error as TranslationError;
};

describe('machine translation against a local server speaking the LibreTranslate and DeepL APIs', () => {
  it('LibreTranslate: one request with every text, the key in the body, Brazilian Portuguese as pb; empty texts are not sent', async () => {
    const out = await client('libretranslate').translate(['Hello', '', 'Report it'], 'en_us', 'pt_br');
    expect(out).toEqual([fakeTranslation('Hello', 'pb'), '', fakeTranslation('Report it', 'pb')]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/translate', body: { q: ['Hello', 'Report it'], source: 'en', target: 'pb', format: 'text', api_key: apiKey } });
  });

  it('DeepL: the key in the DeepL-Auth-Key header, target variants (EN-US, PT-BR), Hindi, and at most 50 texts a request', async () => {
    const texts = Array.from({ length: 120 }, (_, index) => `Line ${index}`);
    const out = await client('deepl').translate(texts, 'hi_in', 'en_us');
    expect(out).toEqual(texts.map((text) => fakeTranslation(text, 'EN-US')));
    expect(fake.requests.map((request) => (request.body.text as string[]).length)).toEqual([50, 50, 20]);
    expect(fake.requests[0]).toMatchObject({ path: '/v2/translate', authorization: `DeepL-Auth-Key ${apiKey}`, body: { source_lang: 'HI', target_lang: 'EN-US' } });
    expect(fake.requests[0]!.body).not.toHaveProperty('api_key');
    expect(await client('deepl').translate(['Olá'], 'pt_br', 'it_it')).toEqual([fakeTranslation('Olá', 'IT')]);
    expect(fake.requests.at(-1)!.body).toMatchObject({ source_lang: 'PT', target_lang: 'IT' });
  });

  it('both services translate all seven learning languages; the provider follows the URL unless told', () => {
    expect(translatableLanguages('libretranslate')).toHaveLength(7);
    expect(translatableLanguages('deepl')).toHaveLength(7);
    const provider = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp', TRANSLATE_API_KEY: 'k', ...env }).translate?.provider;
    expect(provider({ TRANSLATE_URL: 'https://api-free.deepl.com' })).toBe('deepl');
    expect(provider({ TRANSLATE_URL: 'https://api.deepl.com/' })).toBe('deepl');
    expect(provider({ TRANSLATE_URL: 'http://translate.internal:5000' })).toBe('libretranslate');
    expect(provider({ TRANSLATE_URL: 'https://notdeepl.com.example.org' })).toBe('libretranslate');
    expect(provider({ TRANSLATE_URL: 'https://mt.example.org', TRANSLATE_PROVIDER: 'deepl' })).toBe('deepl');
    expect(provider({})).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: '/tmp', TRANSLATE_URL: 'https://api.deepl.com' })).toThrow(/TRANSLATE_API_KEY: is required for DeepL/);
  });

  it('tries again after a 429 (honouring Retry-After) and after 5xx answers, then succeeds', async () => {
    fake.failNext({ status: 429, retryAfter: '0' }, { status: 503 }, { status: 500 });
    expect(await client('libretranslate').translate(['Hello'], 'en_us', 'fr_fr')).toEqual([fakeTranslation('Hello', 'fr')]);
    expect(fake.requests).toHaveLength(4);
  });

  it('gives up after four tries with the service’s words (a 502 for the admin)', async () => {
    fake.failNext({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const error = await failure(client('deepl').translate(['Hello'], 'en_us', 'de_de'));
    expect(error.code).toBe('server-error');
    expect(error.message).toContain('DeepL at 127.0.0.1');
    expect(error.message).toContain('Internal server error');
    expect(fake.requests).toHaveLength(4);
  });

  it('a refused key: says to check TRANSLATE_API_KEY, tries once, and never shows the key', async () => {
    for (const provider of ['libretranslate', 'deepl'] as const) {
      fake.reset();
      const wrong = 'wrong-key-that-must-not-leak';
      const error = await failure(client(provider, { apiKey: wrong }).translate(['Hello'], 'en_us', 'fr_fr'));
      expect(error.code).toBe('unauthorized');
      expect(error.message).toContain('TRANSLATE_API_KEY');
      expect(error.message).not.toContain(wrong);
      expect(fake.requests).toHaveLength(1);
    }
  });

  it('a service without the language’s model says which pair it lacks, and how to fix it', async () => {
    fake.setLibreLanguages(['en', 'fr', 'pt']);
    const error = await failure(client('libretranslate').translate(['Hello'], 'en_us', 'pt_br'));
    expect(error.code).toBe('unsupported-language');
    expect(error.message).toContain('does not translate en → pb');
    expect(error.message).toContain('“pb is not supported”');
    expect(fake.requests).toHaveLength(1);
  });

  it('DeepL’s quota answer (456) is not tried again', async () => {
    fake.failNext({ status: 456 });
    const error = await failure(client('deepl').translate(['Hello'], 'en_us', 'es_es'));
    expect(error.code).toBe('quota');
    expect(error.message).toContain('Quota exceeded');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a service that does not answer', async () => {
    fake.failNext({ status: 'hang' });
    const error = await failure(client('libretranslate', { timeoutMs: 200 }).translate(['Hello'], 'en_us', 'it_it'));
    expect(error.code).toBe('timeout');
  });

  it('refuses a loopback service not listed in OUTBOUND_ALLOWED_HOSTS, and names an address nobody answers', async () => {
    const refused = await failure(client('libretranslate', { allowedHosts: [] }).translate(['Hello'], 'en_us', 'it_it'));
    expect(refused.code).toBe('refused');
    expect(refused.message).toContain('OUTBOUND_ALLOWED_HOSTS');
    const closed = createTranslationClient({ provider: 'libretranslate', url: 'http://127.0.0.1:9' }, { allowedHosts: ['127.0.0.1'], backoffMs: 1 });
    const unreachable = await failure(closed.translate(['Hello'], 'en_us', 'it_it'));
    expect(unreachable.code).toBe('unreachable');
    expect(unreachable.message).toContain('TRANSLATE_URL');
  });
});
