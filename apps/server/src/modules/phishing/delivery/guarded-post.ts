import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { type LookupAll, resolveAllowedAddresses } from './outbound-guard.ts';

export type GuardedAnswer = { status: number; body: string; retryAfter?: string; contentType?: string };

export type GuardedPostOptions = {
  /** OUTBOUND_ALLOWED_HOSTS: the only loopback and private hosts the request may reach. */
  allowedHosts: readonly string[];
  timeoutMs: number;
  /** A larger answer is cut off with `tooLarge()`. */
  maxAnswerBytes: number;
  /** The caller's errors, in its own words, for an answer too large and for no answer in time. */
  tooLarge: () => Error;
  timedOut: () => Error;
  lookup?: LookupAll;
};

/**
 * Sends a request to an operator- or admin-configured HTTP(S) address through the outbound guard:
 * the host is resolved once, every address checked, and the socket opened to a checked address,
 * never by name again (no DNS rebinding in between). The answer is read up to a size limit.
 * @throws OutboundRefusedError for a refused host; the caller's tooLarge/timedOut errors; the network's error
 */
const sendThroughGuard = async (method: 'GET' | 'POST', url: URL, body: string | undefined, headers: Record<string, string>, options: GuardedPostOptions): Promise<GuardedAnswer> => {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const addresses = await resolveAllowedAddresses({ host: url.hostname, port, allowedHosts: options.allowedHosts }, options.lookup);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<GuardedAnswer>((resolve, reject) => {
    const request = send(
      url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: (_host, lookupOptions, callback) => {
          const checked = addresses.map((address) => ({ address, family: isIP(address) }));
          if ((lookupOptions as { all?: boolean }).all) (callback as (error: null, all: typeof checked) => void)(null, checked);
          else callback(null, checked[0]!.address, checked[0]!.family);
        },
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxAnswerBytes) request.destroy(options.tooLarge());
          else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), retryAfter: response.headers['retry-after'], contentType: response.headers['content-type'] }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(options.timeoutMs, () => request.destroy(options.timedOut()));
    request.on('error', reject);
    request.end(body);
  });
};

/** POSTs a body through the outbound guard (see sendThroughGuard). */
export const postThroughGuard = (url: URL, body: string, headers: Record<string, string>, options: GuardedPostOptions) => sendThroughGuard('POST', url, body, headers, options);

/** GETs an address through the outbound guard (an IdP's metadata, say); redirects are not followed. */
export const getThroughGuard = (url: URL, headers: Record<string, string>, options: GuardedPostOptions) => sendThroughGuard('GET', url, undefined, headers, options);

/**
 * A fetch for libraries that take one (openid-client's customFetch): every request goes through
 * the outbound guard, so an address an admin typed (an identity provider's issuer) cannot reach
 * the server's own network unless the operator allows it.
 */
export const guardedFetch =
  (allowedHosts: readonly string[]) =>
  async (url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }): Promise<Response> => {
    const body = init.body === undefined || init.body === null ? undefined : init.body instanceof URLSearchParams ? init.body.toString() : String(init.body);
    const options = {
      allowedHosts,
      timeoutMs: 10_000,
      maxAnswerBytes: 1024 * 1024,
      tooLarge: () => new Error(`the answer of ${new URL(url).host} is larger than 1 MB`),
      timedOut: () => new Error(`${new URL(url).host} did not answer within 10 seconds`),
    };
    const answer = init.method === 'POST' ? await sendThroughGuard('POST', new URL(url), body ?? '', init.headers ?? {}, options) : await sendThroughGuard('GET', new URL(url), undefined, init.headers ?? {}, options);
    return new Response(answer.body, { status: answer.status, headers: answer.contentType ? { 'content-type': answer.contentType } : {} });
  };
