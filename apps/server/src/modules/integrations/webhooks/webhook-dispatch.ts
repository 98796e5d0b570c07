import type { FastifyBaseLogger } from 'fastify';
import { webhookHeaders } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { addressLookup } from '../../../lib/dns.ts';
import { jobActor } from '../../../lib/scope.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { Config } from '../../../config.ts';
import { recordAuditAs } from '../../audit-log/audit-log.service.ts';
import { OutboundRefusedError } from '../../phishing/delivery/outbound-guard.ts';
import { nextAttemptAfter } from './webhook-retry.ts';
import { type WebhookSendSettings, postWebhook, webhookTimeoutMs } from './webhook-sender.ts';
import { signatureHeader } from './webhook-signature.ts';
import { type ClaimLimits, type ClaimedDelivery, webhookDeliveryQueue } from './webhooks.repository.ts';

export type DispatchContext = {
  db: Db;
  secrets: SecretBox;
  send: WebhookSendSettings;
  log: FastifyBaseLogger;
  /** Aborted when the process shuts down: no new claims, and sends in flight hand their row back. */
  stopping?: AbortSignal;
};

/** The sending settings from the configuration: the operator's allow-list and DNS servers. */
export const webhookSendSettings = (config: Pick<Config, 'outboundAllowedHosts' | 'dnsServers'>): WebhookSendSettings => ({
  allowedHosts: config.outboundAllowedHosts,
  lookup: addressLookup(config.dnsServers),
});

/** How long a claim keeps a row from other workers: well beyond a send's timeout, and a wait in the worker's short queue. */
const leaseSeconds = Math.ceil((webhookTimeoutMs * 12) / 1000);
/** Sends in flight per worker; a worker claims no more than it can start at once, so leases do not run out while rows wait. */
const sendsAtOnce = 10;
/**
 * How the queue is shared out (see claimDue): an endpoint has at most 3 sends in flight across every
 * worker; after 5 failed attempts in a row it is held back for a minute, doubling with each further
 * failure up to an hour, and probed one send at a time until one is delivered.
 */
export const claimLimits: ClaimLimits = { perEndpoint: 3, breakAfterFailures: 5 };
const holdSeconds = (failures: number) => Math.min(60 * 2 ** (failures - claimLimits.breakAfterFailures), 3600);
const errorMaxLength = 500;

const bounded = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

// PostgreSQL text holds no NUL; whatever else a receiver answers is kept as it came.
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** Why an attempt got no answer, in words for the delivery log (never the request's headers). */
const describeFailure = (error: unknown) => {
  if (error instanceof OutboundRefusedError) return `refused: ${error.message}`;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'ETIMEDOUT') return `no answer within ${webhookTimeoutMs / 1000} seconds`;
  if (code === 'ECONNECTTIMEOUT' && message) return message;
  return bounded([code, message].filter(Boolean).join(': ') || 'the request failed', errorMaxLength);
};

/** Thrown when the endpoint's sealed secret cannot be opened (the application secret changed since): nothing is sent. */
const unsignable = 'the delivery cannot be signed: the signing secret cannot be opened (was APP_SECRET changed?); rotate the secret';

export type AttemptOutcome = 'delivered' | 'retrying' | 'failed' | 'released' | 'lost';

/** The clock an attempt reads its times from: the real one, or a test's. */
export type Clock = () => Date;
const realClock: Clock = () => new Date();

/**
 * Sends one claimed delivery, signed, and records what came back: a 2xx delivers it; a 410 Gone
 * fails it and switches the endpoint off (the receiver says it will never take events again; an
 * admin can switch it back on); anything else (a 3xx, whose Location is not followed; another 4xx
 * or 5xx; no answer; an address the guard refuses; a secret that cannot sign) is tried again later
 * (webhook-retry.ts) until the attempts run out, and counts towards the endpoint's circuit breaker.
 * A shutdown in the middle hands the row back uncounted. Times are read when the answer is in.
 */
export const attemptDelivery = async (context: DispatchContext, claim: ClaimedDelivery, clock: Clock = realClock): Promise<AttemptOutcome> => {
  const queue = webhookDeliveryQueue(context.db);
  const body = JSON.stringify(claim.payload);
  const started = performance.now();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    let secret: string;
    try {
      secret = context.secrets.open(claim.secretSealed);
    } catch {
      throw new Error(unsignable);
    }
    // The signature's time is the real one: the receiver compares it with its own clock.
    const headers = {
      [webhookHeaders.signature]: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
      [webhookHeaders.eventId]: claim.eventId,
      [webhookHeaders.eventType]: claim.eventType,
    };
    const answer = await postWebhook(new URL(claim.url), body, headers, context.send, context.stopping);
    status = answer.status;
    excerpt = withoutNul(answer.excerpt);
    if (status >= 300 && status < 400) error = bounded(`answered with a redirect${answer.location ? ` to ${withoutNul(answer.location)}` : ''}; webhooks do not follow redirects, so set the final URL`, errorMaxLength);
  } catch (failure) {
    if (context.stopping?.aborted) {
      await queue.recordAttempt(claim, { attempts: claim.attempts - 1, nextAttemptAt: clock() });
      return 'released';
    }
    error = describeFailure(failure);
  }
  const now = clock();
  const result = { lastStatusCode: status, lastResponseExcerpt: excerpt, lastError: error, lastDurationMs: Math.round(performance.now() - started) };
  if (status !== null && status >= 200 && status < 300) {
    if (!(await queue.recordAttempt(claim, { ...result, state: 'delivered', deliveredAt: now, nextAttemptAt: now }))) return 'lost';
    await queue.endpointSucceeded(claim.endpointId);
    return 'delivered';
  }
  if (status === 410) {
    if (!(await queue.recordAttempt(claim, { ...result, lastError: 'the receiver answered 410 Gone; the webhook is switched off', state: 'failed', nextAttemptAt: now }))) return 'lost';
    if (await queue.disableGone(claim.endpointId)) {
      await recordAuditAs(context.db, { organizationId: claim.organizationId }, jobActor('webhooks.deliver', claim.organizationId), {
        action: 'webhook.disable',
        targetType: 'webhook',
        targetId: claim.endpointId,
        details: { reason: 'gone', statusCode: 410, deliveryId: claim.id },
      });
      context.log.info({ endpointId: claim.endpointId }, 'a webhook receiver answered 410 Gone; the endpoint is switched off');
    }
    return 'failed';
  }
  const next = nextAttemptAfter(claim.attempts, now);
  const written = await queue.recordAttempt(claim, { ...result, state: next ? 'pending' : 'failed', nextAttemptAt: next ?? now });
  if (!written) return 'lost';
  const breaker = await queue.endpointFailed(claim.endpointId, now, claimLimits.breakAfterFailures, holdSeconds);
  if (breaker?.heldUntil) context.log.info({ endpointId: claim.endpointId, failures: breaker.failures, heldUntil: breaker.heldUntil }, 'a webhook receiver keeps failing; its deliveries are held back');
  return next ? 'retrying' : 'failed';
};

/**
 * Sends the due deliveries, `sendsAtOnce` at a time: each free lane takes the next claimed row, and
 * when none is left one lane claims the next few (fairly: see claimDue) for all. A lane whose claim
 * comes back empty stops; the others go on while they have rows (each finished send may free a
 * slot of its endpoint). Stops claiming at `until` (the job's end) or when the process is stopping;
 * rows claimed but not started by then are handed back. Safe on several workers at once.
 * @param options.now a fixed clock for tests; else the real one, read afresh for every claim and result
 * @returns how many attempts were made
 */
export const deliverDueWebhooks = async (context: DispatchContext, { now, until, organizationIds }: { now?: Date; until?: number; organizationIds?: string[] } = {}) => {
  const clock: Clock = now ? () => now : realClock;
  const queue = webhookDeliveryQueue(context.db);
  const waiting: ClaimedDelivery[] = [];
  let claiming: Promise<void> | undefined;
  let attempted = 0;
  const goOn = () => !context.stopping?.aborted && (until === undefined || Date.now() < until);
  const claimMore = async () => {
    const claimed = await queue.claimDue(clock(), { limit: sendsAtOnce, leaseSeconds, limits: claimLimits, ...(organizationIds ? { organizationIds } : {}) });
    waiting.push(...claimed);
  };
  const lane = async () => {
    while (goOn()) {
      if (!waiting.length) {
        claiming ??= claimMore().finally(() => (claiming = undefined));
        await claiming;
        if (!waiting.length) return;
        continue;
      }
      const claim = waiting.shift()!;
      attempted += 1;
      try {
        await attemptDelivery(context, claim, clock);
      } catch (error) {
        // The row stays claimed and comes due again when the lease ends.
        context.log.error({ err: error, deliveryId: claim.id }, 'a webhook delivery could not be recorded');
      }
    }
  };
  await Promise.all(Array.from({ length: sendsAtOnce }, lane));
  // Claimed but never started: due again at once, uncounted.
  for (const claim of waiting.splice(0)) await queue.recordAttempt(claim, { attempts: claim.attempts - 1, nextAttemptAt: clock() });
  return attempted;
};

/**
 * Sends one delivery now, for an admin waiting on the answer (a test event, a redelivery).
 * @returns the outcome, or undefined when another worker holds it or its endpoint is paused
 */
export const deliverOneNow = async (context: DispatchContext, deliveryId: string, clock: Clock = realClock) => {
  const claim = await webhookDeliveryQueue(context.db).claimOne(deliveryId, clock(), leaseSeconds);
  return claim ? attemptDelivery(context, claim, clock) : undefined;
};
