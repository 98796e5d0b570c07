import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts';
import { LlmError, createLlmClient } from './llm-client.ts';

const apiKey = 'sk-test-0123456789abcdef';
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm({ apiKey });
});
afterAll(async () => fake?.close());

const client = (overrides: { apiKey?: string; model?: string; allowedHosts?: string[]; timeoutMs?: number } = {}) =>
  createLlmClient(
    { baseUrl: fake.baseUrl, apiKey: 'apiKey' in overrides ? overrides.apiKey : apiKey, model: overrides.model ?? 'vigil-test-model' },
    { allowedHosts: overrides.allowedHosts ?? ['127.0.0.1'], timeoutMs: overrides.timeoutMs },
  );

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
};

const ask = (llm = client()) => llm.completeJson([{ role: 'user', content: 'Write it' }]);

describe('LLM client against a server that speaks the chat-completions API', () => {
  it('posts the model, the messages and a JSON response format with the bearer key, and returns the JSON the model wrote', async () => {
    fake.answerWith({ kind: 'content', content: '{"subject":"Hello"}' });
    expect(await ask()).toEqual({ subject: 'Hello' });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent.body).toMatchObject({ model: 'vigil-test-model', messages: [{ role: 'user', content: 'Write it' }], response_format: { type: 'json_object' } });
  });

  it('accepts JSON wrapped in a Markdown fence, as some local models write it', async () => {
    fake.answerWith({ kind: 'content', content: '```json\n{"ok":true}\n```' });
    expect(await ask()).toEqual({ ok: true });
  });

  it('a refused key: says to check LLM_API_KEY and never repeats the key the server quoted', async () => {
    const wrongKey = 'sk-wrong-key-that-must-not-leak';
    const error = await failure(ask(client({ apiKey: wrongKey })));
    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('LLM_API_KEY');
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).toContain('Incorrect API key provided: [the key]');
  });

  it('an unknown model: names it and the settings to check', async () => {
    const error = await failure(ask(client({ model: 'no-such-model' })));
    expect(error.code).toBe('not-found');
    expect(error.message).toMatch(/no-such-model.*LLM_BASE_URL and LLM_MODEL/);
  });

  it('a server error: says the model failed, with the server’s words', async () => {
    fake.answerWith({ kind: 'server-error' });
    const error = await failure(ask());
    expect(error.code).toBe('server-error');
    expect(error.message).toContain('failed (500): The server had an error');
  });

  it('malformed answers: content that is not JSON, a body that is not a completion, an answer cut off at the output limit', async () => {
    fake.answerWith({ kind: 'content', content: 'Sure! Here is your email: {subject: Hello' });
    expect((await failure(ask())).message).toBe('The language model did not answer with JSON');
    fake.answerWith({ kind: 'not-a-completion' });
    expect((await failure(ask())).message).toMatch(/did not answer with a chat completion/);
    fake.answerWith({ kind: 'content', content: '{"subject":', finishReason: 'length' });
    expect((await failure(ask())).message).toMatch(/stopped before finishing/);
  });

  it('gives up after its timeout', async () => {
    fake.answerWith({ kind: 'hang' });
    const error = await failure(ask(client({ timeoutMs: 300 })));
    expect(error.code).toBe('timeout');
  });

  it('goes through the outbound guard: loopback only when the operator allows it, and never a metadata address', async () => {
    const refused = await failure(ask(client({ allowedHosts: [] })));
    expect(refused.code).toBe('refused');
    expect(refused.message).toContain('OUTBOUND_ALLOWED_HOSTS');
    const metadata = createLlmClient({ baseUrl: 'http://169.254.169.254/v1', model: 'x' }, { allowedHosts: ['169.254.169.254'] });
    expect((await failure(ask(metadata))).code).toBe('refused');
  });

  it('a server that is not there: says it could not be reached', async () => {
    const closed = await startFakeLlm();
    await closed.close();
    const error = await failure(ask(createLlmClient({ baseUrl: closed.baseUrl, model: 'vigil-test-model' }, { allowedHosts: ['127.0.0.1'] })));
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain('ECONNREFUSED');
  });
});
