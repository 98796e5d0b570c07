import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { type LookupAll, OutboundRefusedError } from '../../phishing/delivery/outbound-guard.ts';
import { postWebhook } from './webhook-sender.ts';

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver?.close());
beforeEach(() => receiver.reset());

/** A resolver that answers `address` for every name after `delayMs` (never, when undefined). */
const slowLookup =
  (address: string, delayMs?: number): LookupAll =>
  () =>
    new Promise((resolve) => {
      if (delayMs !== undefined) setTimeout(() => resolve([{ address, family: 4 }]), delayMs);
    });

const body = JSON.stringify({ id: 'x', type: 'webhook_test' });
const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('postWebhook', () => {
  it('gives up when the process stops while the host is still being resolved, without an unhandled error and without sending', async () => {
    // The name resolves (to the allowed receiver) only after the stop: the request must never be made.
    const settings = { allowedHosts: [`hooks.test:${receiver.port}`, `127.0.0.1:${receiver.port}`], lookup: slowLookup('127.0.0.1', 150) };
    const stopping = new AbortController();
    const sending = postWebhook(new URL(`http://hooks.test:${receiver.port}/hooks`), body, {}, settings, stopping.signal);
    setTimeout(() => stopping.abort(new Error('shutting down')), 20);
    await expect(sending).rejects.toThrow('shutting down');
    // Past the lookup's answer: an 'error' nobody listens to would have crashed the process by now (vitest reports it).
    await waitMs(300);
    expect(receiver.received).toHaveLength(0);
  });

  it('counts the DNS lookup in the attempt’s time: a resolver that never answers times out', async () => {
    const settings = { allowedHosts: [`hooks.test:${receiver.port}`, `127.0.0.1:${receiver.port}`], lookup: slowLookup('127.0.0.1'), timeoutMs: 300 };
    const started = Date.now();
    await expect(postWebhook(new URL(`http://hooks.test:${receiver.port}/hooks`), body, {}, settings)).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sends plain HTTP only to a host the operator lists by name, checked at every send', async () => {
    // The operator lists the receiver's address, not this name: https would be fine, plain http is refused.
    const settings = { allowedHosts: ['127.0.0.1'], lookup: slowLookup('127.0.0.1', 0) };
    await expect(postWebhook(new URL(`http://hooks.test:${receiver.port}/hooks`), body, {}, settings)).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(receiver.received).toHaveLength(0);
    // Listed by name (and so was it when the URL was saved): it goes.
    const listed = { allowedHosts: [`hooks.test:${receiver.port}`, '127.0.0.1'], lookup: slowLookup('127.0.0.1', 0) };
    expect(await postWebhook(new URL(`http://hooks.test:${receiver.port}/hooks`), body, {}, listed)).toMatchObject({ status: 200, excerpt: 'ok' });
  });
});
