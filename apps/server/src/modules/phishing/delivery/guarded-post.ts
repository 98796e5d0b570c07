import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { type LookupAll, resolveAllowedAddresses } from './outbound-guard.ts';

export type GuardedAnswer = { status: number; body: string; retryAfter?: string };

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
 * POSTs a body to an operator-configured HTTP(S) service through the outbound guard: the host is
 * resolved once, every address checked, and the socket opened to a checked address, never by name
 * again (no DNS rebinding in between). The answer is read up to a size limit.
 * @throws OutboundRefusedError for a refused host; the caller's tooLarge/timedOut errors; the network's error
 */
export const postThroughGuard = async (url: URL, body: string, headers: Record<string, string>, options: GuardedPostOptions): Promise<GuardedAnswer> => {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const addresses = await resolveAllowedAddresses({ host: url.hostname, port, allowedHosts: options.allowedHosts }, options.lookup);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<GuardedAnswer>((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
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
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), retryAfter: response.headers['retry-after'] }));
        response.on('error', reject);
      },
    );
    request.setTimeout(options.timeoutMs, () => request.destroy(options.timedOut()));
    request.on('error', reject);
    request.end(body);
  });
};
