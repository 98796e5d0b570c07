import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks OpenAI's chat-completions API (POST /v1/chat/completions), for testing
 * the LLM client over real HTTP. It answers like OpenAI does: a `chat.completion` object, or an
 * `{ error: { message, type, code } }` body with the status OpenAI uses (401 for a wrong key, quoting
 * it as OpenAI does; 404 for an unknown model; 500 for a failure). What it answers next is set with
 * `answerWith`; every request it received is kept for assertions.
 */

export type FakeLlmAnswer =
  | { kind: 'content'; content: string; finishReason?: 'stop' | 'length' }
  | { kind: 'server-error' }
  | { kind: 'not-a-completion' }
  | { kind: 'hang' };

export type FakeLlmRequest = { path: string; authorization: string | undefined; body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown } };

const openAiError = (response: ServerResponse, status: number, message: string, type: string, code: string | null) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message, type, param: null, code } }));
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startFakeLlm = async ({ apiKey, models = ['vigil-test-model'] }: { apiKey?: string; models?: string[] } = {}) => {
  const requests: FakeLlmRequest[] = [];
  const queue: FakeLlmAnswer[] = [];
  let fallback: FakeLlmAnswer = { kind: 'content', content: '{}' };

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return openAiError(response, 404, `Invalid URL (${request.method} ${request.url})`, 'invalid_request_error', null);
    let body: FakeLlmRequest['body'];
    try {
      body = JSON.parse(raw);
    } catch {
      return openAiError(response, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    }
    requests.push({ path: request.url, authorization: request.headers.authorization, body });
    if (apiKey && request.headers.authorization !== `Bearer ${apiKey}`) {
      const given = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      return openAiError(response, 401, `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key');
    }
    if (!body.model || !models.includes(body.model)) return openAiError(response, 404, `The model \`${body.model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
    const answer = queue.shift() ?? fallback;
    if (answer.kind === 'hang') return; // never answers: the client's timeout must end it
    if (answer.kind === 'server-error') return openAiError(response, 500, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
    if (answer.kind === 'not-a-completion') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html><body>502 Bad Gateway</body></html>');
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content, refusal: null }, logprobs: null, finish_reason: answer.finishReason ?? 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    /** What the next request gets (queued in order). */
    answerWith: (...answers: FakeLlmAnswer[]) => queue.push(...answers),
    /** What every request gets once the queue is empty. */
    answerAlwaysWith: (answer: FakeLlmAnswer) => {
      fallback = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;
