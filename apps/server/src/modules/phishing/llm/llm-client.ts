import { type GuardedAnswer, postThroughGuard } from '../delivery/guarded-post.ts';
import { type LookupAll, OutboundRefusedError } from '../delivery/outbound-guard.ts';

/**
 * A client for an OpenAI-compatible chat-completions endpoint (OpenAI, a local Ollama or vLLM,
 * LiteLLM…): POST {baseUrl}/chat/completions with a bearer key, asking for a JSON answer.
 *
 * The connection goes through the outbound guard like every connection an operator's setting can
 * point anywhere: the host is resolved once, every address checked (loopback and private networks
 * only when OUTBOUND_ALLOWED_HOSTS lists them), and the socket opened to a checked address.
 * The key is sent only in the Authorization header and never appears in an error or a log.
 */

export type LlmSettings = { baseUrl: string; apiKey?: string; model: string };
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** Why a call failed, in words an admin can act on; `code` tells the kinds apart. */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  constructor(
    readonly code: 'refused' | 'unreachable' | 'timeout' | 'unauthorized' | 'not-found' | 'rate-limited' | 'server-error' | 'bad-request' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

const defaultTimeoutMs = 120_000;
const maxAnswerBytes = 1_000_000;


/** The error message an OpenAI-compatible server puts in its answer (`{ error: { message } }`), shortened. */
const serverMessage = (body: string) => {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 300);
  } catch {
    // Not JSON: say nothing of the body.
  }
  return undefined;
};

const withServerMessage = (sentence: string, body: string) => {
  const message = serverMessage(body);
  return message ? `${sentence}: ${message}` : sentence;
};

const failureFor = (status: number, rawBody: string, settings: LlmSettings, url: URL): LlmError => {
  // Some servers quote the key they refused: it must not reach an admin's screen or a log.
  const body = settings.apiKey ? rawBody.split(settings.apiKey).join('[the key]') : rawBody;
  if (status === 401 || status === 403) return new LlmError('unauthorized', withServerMessage(`The language model at ${url.host} refused the API key (${status}); check LLM_API_KEY`, body));
  if (status === 404) return new LlmError('not-found', withServerMessage(`The language model at ${url.host} has no ${url.pathname} or no model "${settings.model}" (404); check LLM_BASE_URL and LLM_MODEL`, body));
  if (status === 429) return new LlmError('rate-limited', withServerMessage(`The language model at ${url.host} is busy or over its quota (429); try again later`, body));
  if (status >= 500) return new LlmError('server-error', withServerMessage(`The language model at ${url.host} failed (${status})`, body));
  return new LlmError('bad-request', withServerMessage(`The language model at ${url.host} refused the request (${status})`, body));
};

const networkFailure = (error: unknown, url: URL): LlmError => {
  if (error instanceof LlmError) return error;
  if (error instanceof OutboundRefusedError) return new LlmError('refused', `The language model's address is not allowed: ${error.message}`);
  const code = (error as { code?: string }).code;
  return new LlmError('unreachable', `Could not reach the language model at ${url.host}${code ? ` (${code})` : ''}; check LLM_BASE_URL and that the server is running`);
};

/** The JSON object a model wrote, also when it wrapped it in a Markdown code fence despite being asked not to. */
const parseJsonContent = (content: string): unknown => {
  const unfenced = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  try {
    return JSON.parse(unfenced);
  } catch {
    throw new LlmError('malformed', 'The language model did not answer with JSON');
  }
};

export type LlmClient = {
  /** Sends the conversation and returns the JSON object the model answered with. @throws LlmError */
  completeJson: (messages: readonly ChatMessage[]) => Promise<unknown>;
};

export const createLlmClient = (settings: LlmSettings, { allowedHosts, timeoutMs = defaultTimeoutMs, lookup }: { allowedHosts: readonly string[]; timeoutMs?: number; lookup?: LookupAll }): LlmClient => ({
  completeJson: async (messages) => {
    const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    const body = JSON.stringify({ model: settings.model, messages, response_format: { type: 'json_object' }, temperature: 0.7 });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) };
    let answer: GuardedAnswer;
    try {
      answer = await postThroughGuard(url, body, headers, {
        allowedHosts,
        timeoutMs,
        maxAnswerBytes,
        lookup,
        tooLarge: () => new LlmError('malformed', `The language model's answer was larger than ${maxAnswerBytes / 1_000_000} MB`),
        timedOut: () => new LlmError('timeout', `The language model did not answer within ${Math.round(timeoutMs / 1000)} s (${url.host})`),
      });
    } catch (error) {
      throw networkFailure(error, url);
    }
    if (answer.status < 200 || answer.status >= 300) throw failureFor(answer.status, answer.body, settings, url);
    let completion: { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] };
    try {
      completion = JSON.parse(answer.body);
    } catch {
      throw new LlmError('malformed', `The language model at ${url.host} did not answer with a chat completion (not JSON)`);
    }
    const choice = completion.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string' || !content.trim()) throw new LlmError('malformed', `The language model at ${url.host} answered without a message`);
    if (choice?.finish_reason === 'length') throw new LlmError('malformed', 'The language model stopped before finishing its answer (its output limit); try again or use a model with a longer output');
    return parseJsonContent(content);
  },
});
