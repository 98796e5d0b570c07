import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { webhookLimits } from '@vigil/contracts';
import { type LookupAll, OutboundRefusedError, isAllowListed, resolveAllowedAddresses } from '../../phishing/delivery/outbound-guard.ts';

export type WebhookSendSettings = {
  /** OUTBOUND_ALLOWED_HOSTS: the only loopback and private receivers a webhook may reach, and the only hosts that take plain HTTP. */
  allowedHosts: readonly string[];
  /** DNS_SERVERS' lookups, or the system's when undefined. */
  lookup?: LookupAll;
  timeoutMs?: number;
  connectTimeoutMs?: number;
};

/** What the receiver answered: its status and the first kilobyte of its body (the rest is not read). */
export type WebhookAnswer = { status: number; excerpt: string; location?: string };

/** The whole attempt, DNS to answer, must fit in this: a slow receiver must not hold a worker. */
export const webhookTimeoutMs = 10_000;

/** A receiver that does not even accept the connection is given up on sooner. */
export const webhookConnectTimeoutMs = 3_000;

const timeoutError = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * POSTs a delivery through the outbound guard. The host is resolved and every address checked (the
 * metadata service, link-local, loopback, private, CGNAT, ULA, multicast and IPv4-mapped forms are
 * refused unless the operator allows the host), and the connection is opened only to a checked
 * address, handed to the socket by the request's own `lookup`: a name whose answer changes between
 * the check and the connection (DNS rebinding) cannot lead anywhere else. Plain HTTP goes only to a
 * host the operator lists, checked again here (the list may have changed since the URL was saved).
 * Redirects are never followed (node:http does not); the caller treats a 3xx as a failure.
 * @throws OutboundRefusedError; a timeout or the network's error; the signal's reason when it aborts
 */
export const postWebhook = async (url: URL, body: string, headers: Record<string, string>, settings: WebhookSendSettings, signal?: AbortSignal): Promise<WebhookAnswer> => {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (url.protocol !== 'https:' && !isAllowListed(settings.allowedHosts, url.hostname, port)) {
    throw new OutboundRefusedError(`${url.host} takes only https:// unless the server's operator lists it in OUTBOUND_ALLOWED_HOSTS`);
  }
  const timeoutMs = settings.timeoutMs ?? webhookTimeoutMs;
  const connectTimeoutMs = settings.connectTimeoutMs ?? webhookConnectTimeoutMs;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    let settled = false;
    let request: ClientRequest | undefined;
    let connectTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(connectTimer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    // Every way out ends the request too; it has its 'error' listener from the moment it exists, so
    // what destroying it emits is never an unhandled error.
    const fail = (error: unknown) => {
      finish(() => reject(error));
      request?.destroy();
    };
    // The deadline starts before the lookup: DNS is part of the attempt's time.
    const deadline = setTimeout(() => fail(timeoutError(`no answer within ${timeoutMs / 1000} seconds`, 'ETIMEDOUT')), timeoutMs);
    const onAbort = () => fail(signal!.reason);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    resolveAllowedAddresses({ host: url.hostname, port, allowedHosts: settings.allowedHosts }, settings.lookup).then((addresses) => {
      // Stopped or timed out while the name was being resolved: no request at all.
      if (settled) return;
      request = send(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Vigil-Webhooks/1' },
        // No keep-alive pool: each delivery connects to the address checked for it.
        agent: false,
        lookup: (_host, options, callback) => {
          const checked = addresses.map((address) => ({ address, family: isIP(address) }));
          if ((options as { all?: boolean }).all) (callback as (error: null, all: typeof checked) => void)(null, checked);
          else callback(null, checked[0]!.address, checked[0]!.family);
        },
      });
      request.on('error', fail);
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(() => fail(timeoutError(`could not connect within ${connectTimeoutMs / 1000} seconds`, 'ECONNECTTIMEOUT')), connectTimeoutMs);
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      request.on('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () => ({
          status: response.statusCode ?? 0,
          excerpt: Buffer.concat(chunks).subarray(0, webhookLimits.responseExcerptBytes).toString('utf8'),
          ...(response.headers.location ? { location: response.headers.location } : {}),
        });
        response.on('data', (chunk: Buffer) => {
          if (size < webhookLimits.responseExcerptBytes) chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest of a large answer is of no use to the log.
          if (size >= webhookLimits.responseExcerptBytes) {
            finish(() => resolve(answer()));
            request?.destroy();
          }
        });
        response.on('end', () => finish(() => resolve(answer())));
        response.on('error', fail);
      });
      request.end(body);
    }, fail);
  });
};
