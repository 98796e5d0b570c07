import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, webhookDeliveries, webhookEndpoints } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { startDnsServer } from '../../../test/dns-server.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { loadDocumentedNodeVerifier, startWebhookReceiver, verifyWithDocumentedPython } from '../../../test/webhook-receiver.ts';
import { runConsumer } from '../../events/consumers.ts';
import { appendEvents } from '../../events/events.repository.ts';
import { webhookDeliveriesConsumer } from './webhook-deliveries.consumer.ts';
import { type DispatchContext, attemptDelivery, claimLimits, deliverDueWebhooks, webhookSendSettings } from './webhook-dispatch.ts';
import { maxDeliveryAttempts } from './webhook-retry.ts';
import { pruneWebhookDeliveries, webhookDeliveryRetentionDays } from './webhooks.jobs.ts';
import { webhookDeliveryQueue } from './webhooks.repository.ts';

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  dns = await startDnsServer();
});
afterAll(async () => {
  await receiver?.close();
  await dns?.close();
});

// The receiver's exact address and port is the only loopback the operator allows; names resolve through the test's DNS server.
const t = useTestApp(() => ({ OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, DNS_SERVERS: dns.server }));

let verify: Awaited<ReturnType<typeof loadDocumentedNodeVerifier>>;
beforeAll(async () => {
  verify = await loadDocumentedNodeVerifier();
});
beforeEach(() => receiver.reset());

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

const dispatchContext = (stopping?: AbortSignal, timeoutMs?: number): DispatchContext => ({
  db: t.db,
  secrets: t.app.secrets,
  log: t.app.log,
  send: { ...webhookSendSettings(t.config), ...(timeoutMs ? { timeoutMs } : {}) },
  ...(stopping ? { stopping } : {}),
});

/** Queues `count` deliveries for the endpoint straight in the table, due at `dueAt`. */
const queueDeliveries = async (organizationId: string, endpointId: string, count: number, dueAt: Date) =>
  t.db
    .insert(webhookDeliveries)
    .values(Array.from({ length: count }, () => ({ organizationId, endpointId, eventId: crypto.randomUUID(), eventType: 'clicked', payload: { type: 'clicked' }, nextAttemptAt: dueAt })))
    .returning();

const endpointRow = async (id: string) => (await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

const setup = async (eventTypes: string[] = ['clicked', 'training_completed', 'person_provisioned'], url = receiver.url()) => {
  const org = await buildOrganization(t.db);
  const admin = await buildPerson(t.db, org.id, { role: 'Admin' });
  const headers = await t.authAs(admin);
  const created = await t.app.inject({ method: 'POST', url: '/api/integrations/webhooks/', headers, payload: { name: 'SIEM', url, eventTypes } });
  expect(created.statusCode).toBe(201);
  const endpoint = created.json<{ id: string; secret: string }>();
  const deliver = (now = new Date()) => deliverDueWebhooks(dispatchContext(), { now, organizationIds: [org.id] });
  const deliveries = () => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
  return { org, admin, headers, endpoint, deliver, deliveries };
};

const bodyOf = (index: number) => JSON.parse(receiver.received[index]!.rawBody.toString('utf8')) as { id: string; type: string; occurredAt: string; organizationId: string; data: Record<string, unknown> };

describe('webhook deliveries', () => {
  it('turns subscribed events into signed POSTs that the documented snippets verify, without personal details', async () => {
    const { org, admin, endpoint, deliver, deliveries } = await setup();
    const other = await buildOrganization(t.db);
    const campaignId = crypto.randomUUID();
    const now = new Date();
    await appendEvents(t.db, [
      { organizationId: org.id, personId: admin.id, campaignId, recipientId: crypto.randomUUID(), type: 'clicked', occurredAt: now, data: { link: 'lure', ip: '198.51.100.7', userAgent: 'Mozilla/5.0' } },
      { organizationId: org.id, personId: admin.id, type: 'opened', occurredAt: now, data: {} },
      { organizationId: org.id, personId: admin.id, type: 'training_completed', occurredAt: now, data: { assignmentId: crypto.randomUUID(), moduleId: crypto.randomUUID(), score: 90, attempts: 1 } },
      { organizationId: org.id, personId: admin.id, type: 'person_provisioned', occurredAt: now, data: { source: 'scim', fields: ['email'] } },
      { organizationId: org.id, personId: admin.id, type: 'reported', occurredAt: now, data: { simulation: false, subject: 'Invoice' } },
      { organizationId: other.id, type: 'clicked', occurredAt: now, data: { link: 'lure' } },
    ]);
    await runConsumer(t.db, webhookDeliveriesConsumer);
    // Only the three subscribed types of this organisation, once each, even when the consumer runs again.
    await runConsumer(t.db, webhookDeliveriesConsumer);
    expect((await deliveries()).map((row) => row.eventType).sort()).toEqual(['clicked', 'person_provisioned', 'training_completed']);

    expect(await deliver()).toBe(3);
    expect(receiver.received).toHaveLength(3);
    for (const [index, request] of receiver.received.entries()) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(verify(endpoint.secret, request.headers['vigil-signature'] as string, request.rawBody)).toBe(true);
      if (hasPython) expect(await verifyWithDocumentedPython(endpoint.secret, request.headers['vigil-signature'] as string, request.rawBody)).toBe(true);
      // A wrong secret, a changed body or an old timestamp does not verify.
      expect(verify(`${endpoint.secret}x`, request.headers['vigil-signature'] as string, request.rawBody)).toBe(false);
      expect(verify(endpoint.secret, request.headers['vigil-signature'] as string, Buffer.concat([request.rawBody, Buffer.from(' ')]))).toBe(false);
      const body = bodyOf(index);
      expect(request.headers['vigil-event-id']).toBe(body.id);
      expect(request.headers['vigil-event-type']).toBe(body.type);
      expect(body.organizationId).toBe(org.id);
      expect(body.data.personId).toBe(admin.id);
      expect(request.rawBody.toString()).not.toContain(admin.email);
    }
    const stale = receiver.received[0]!.headers['vigil-signature'] as string;
    const staleTime = Number(/t=(\d+)/.exec(stale)![1]) - 301;
    expect(verify(endpoint.secret, stale.replace(/t=\d+/, `t=${staleTime}`), receiver.received[0]!.rawBody)).toBe(false);

    const byType = Object.fromEntries(receiver.received.map((_, index) => [bodyOf(index).type, bodyOf(index)]));
    expect(byType.clicked!.data).toEqual({ personId: admin.id, campaignId, recipientId: expect.any(String), link: 'lure' });
    expect(byType.person_provisioned!.data).toEqual({ personId: admin.id, source: 'scim', fields: ['email'] });
    expect(byType.training_completed!.data).toMatchObject({ score: 90, attempts: 1 });
    expect((await deliveries()).every((row) => row.state === 'delivered' && row.attempts === 1 && row.lastStatusCode === 200 && row.lastResponseExcerpt === 'ok')).toBe(true);
  });

  it('retries a failing receiver with back-off, then delivers, with the same event id each time', async () => {
    const { org, endpoint, deliver, deliveries } = await setup(['clicked']);
    await appendEvents(t.db, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: { link: 'lure' } }]);
    await runConsumer(t.db, webhookDeliveriesConsumer);
    receiver.answerNext({ status: 500, body: 'database down' }, { status: 500, body: 'still down' });

    const start = new Date();
    expect(await deliver(start)).toBe(1);
    let [row] = await deliveries();
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 500, lastResponseExcerpt: 'database down' });
    const firstWait = row!.nextAttemptAt.getTime() - start.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(54_000);
    expect(firstWait).toBeLessThanOrEqual(66_000);
    // Not due yet: nothing goes.
    expect(await deliver(new Date(start.getTime() + 30_000))).toBe(0);

    expect(await deliver(row!.nextAttemptAt)).toBe(1);
    const secondAttemptAt = row!.nextAttemptAt;
    [row] = await deliveries();
    expect(row).toMatchObject({ state: 'pending', attempts: 2, lastStatusCode: 500, lastResponseExcerpt: 'still down' });
    const secondWait = row!.nextAttemptAt.getTime() - secondAttemptAt.getTime();
    expect(secondWait).toBeGreaterThanOrEqual(270_000);
    expect(secondWait).toBeLessThanOrEqual(330_000);

    expect(await deliver(row!.nextAttemptAt)).toBe(1);
    [row] = await deliveries();
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers['vigil-event-id'])).size).toBe(1);
    for (const request of receiver.received) expect(verify(endpoint.secret, request.headers['vigil-signature'] as string, request.rawBody)).toBe(true);
  });

  it('fails a delivery after its last attempt', async () => {
    const { org, deliver, deliveries } = await setup(['clicked']);
    await appendEvents(t.db, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} }]);
    await runConsumer(t.db, webhookDeliveriesConsumer);
    receiver.answerNext(...Array.from({ length: maxDeliveryAttempts }, () => ({ status: 503 })));
    let now = new Date();
    for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt++) {
      expect(await deliver(now)).toBe(1);
      now = (await deliveries())[0]!.nextAttemptAt;
    }
    expect((await deliveries())[0]).toMatchObject({ state: 'failed', attempts: maxDeliveryAttempts, lastStatusCode: 503 });
    expect(await deliver(new Date(now.getTime() + 7 * 24 * 3600_000))).toBe(0);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const { headers, endpoint, deliveries } = await setup(['clicked']);
    receiver.answerNext({ status: 302, headers: { location: receiver.url('/elsewhere') } });
    const test = await t.app.inject({ method: 'POST', url: `/api/integrations/webhooks/${endpoint.id}/test/`, headers });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 302, lastError: expect.stringContaining('do not follow redirects') });
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
    expect((await deliveries())[0]!.state).toBe('pending');
  });

  it('switches the endpoint off when the receiver answers 410 Gone', async () => {
    const { org, headers, endpoint, deliver, deliveries } = await setup(['clicked']);
    await appendEvents(t.db, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} }]);
    await runConsumer(t.db, webhookDeliveriesConsumer);
    receiver.answerNext({ status: 410, body: 'gone' });
    await deliver();
    expect((await deliveries())[0]).toMatchObject({ state: 'failed', attempts: 1, lastStatusCode: 410 });
    const answer = await t.app.inject({ method: 'GET', url: `/api/integrations/webhooks/${endpoint.id}/`, headers });
    expect(answer.json()).toMatchObject({ state: 'gone', can: { sendTest: false } });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'webhook.disable')));
    expect(audit).toMatchObject([{ actorKind: 'job', targetId: endpoint.id }]);
    // Nothing is queued for it while it is off.
    await appendEvents(t.db, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} }]);
    await runConsumer(t.db, webhookDeliveriesConsumer);
    expect(await deliveries()).toHaveLength(1);
  });

  it('lets several workers send at once without sending an event twice', async () => {
    const { org, deliveries } = await setup(['clicked']);
    await appendEvents(t.db, Array.from({ length: 12 }, () => ({ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} })));
    await runConsumer(t.db, webhookDeliveriesConsumer);
    const now = new Date();
    const counts = await Promise.all([1, 2, 3].map(() => deliverDueWebhooks(dispatchContext(), { now, organizationIds: [org.id] })));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(12);
    expect(new Set(receiver.received.map((request) => request.headers['vigil-event-id'])).size).toBe(12);
    expect(receiver.received).toHaveLength(12);
    expect((await deliveries()).every((row) => row.state === 'delivered')).toBe(true);
  });

  it('does not let one endpoint that hangs hold back another organisation’s delivery', async () => {
    const stuck = await setup(['clicked'], receiver.url('/stuck'));
    const healthy = await setup(['clicked']);
    receiver.hang('/stuck');
    const now = Date.now();
    // Thousands in the real case: far more than a worker sends at once, and all older than the other organisation's.
    await queueDeliveries(stuck.org.id, stuck.endpoint.id, 25, new Date(now - 60_000));
    await queueDeliveries(healthy.org.id, healthy.endpoint.id, 1, new Date(now - 1_000));
    const stopping = new AbortController();
    const run = deliverDueWebhooks(dispatchContext(stopping.signal, 20_000), { organizationIds: [stuck.org.id, healthy.org.id] });
    // Delivered while the stuck receiver's requests are still waiting for an answer.
    await expect.poll(async () => (await healthy.deliveries())[0]!.state, { timeout: 3_000 }).toBe('delivered');
    expect(receiver.received.filter((request) => request.path === '/stuck').length).toBeLessThanOrEqual(claimLimits.perEndpoint);
    stopping.abort();
    await run;
    // The stuck endpoint's attempts were handed back uncounted.
    expect((await stuck.deliveries()).every((row) => row.state === 'pending' && row.attempts === 0 && row.leaseToken === null)).toBe(true);
  });

  it('holds an endpoint back after failures in a row, probes it with one send, and resumes when one is delivered', async () => {
    const { org, endpoint, deliver, deliveries } = await setup(['clicked']);
    const t0 = new Date();
    await queueDeliveries(org.id, endpoint.id, 10, t0);
    receiver.answerNext(...Array.from({ length: 10 }, () => ({ status: 503 })));
    const attempted = await deliver(t0);
    expect(attempted).toBeGreaterThanOrEqual(claimLimits.breakAfterFailures);
    expect(attempted).toBeLessThan(10);
    const held = await endpointRow(endpoint.id);
    expect(held.consecutiveFailures).toBe(attempted);
    expect(held.heldUntil!.getTime()).toBeGreaterThanOrEqual(t0.getTime() + 60_000);
    // Due rows wait: nothing goes to the failing receiver until the hold ends.
    expect(await deliver(t0)).toBe(0);
    expect((await deliveries()).filter((row) => row.attempts === 0)).toHaveLength(10 - attempted);

    // Then one send probes it, however many are due.
    receiver.reset();
    const probe = await webhookDeliveryQueue(t.db).claimDue(held.heldUntil!, { limit: 10, leaseSeconds: 120, limits: claimLimits, organizationIds: [org.id] });
    expect(probe).toHaveLength(1);
    expect(await attemptDelivery(dispatchContext(), probe[0]!, () => held.heldUntil!)).toBe('delivered');
    expect(await endpointRow(endpoint.id)).toMatchObject({ consecutiveFailures: 0, heldUntil: null });
    await deliver(held.heldUntil!);
    expect((await deliveries()).filter((row) => row.attempts === 0)).toEqual([]);
  });

  it('reads the clock afresh for every claim and result, and stops claiming at the run’s end', async () => {
    const { org, endpoint, deliveries } = await setup(['clicked']);
    const start = Date.now();
    const [first] = await queueDeliveries(org.id, endpoint.id, 1, new Date(start - 1_000));
    const [second] = await queueDeliveries(org.id, endpoint.id, 1, new Date(start + 800));
    receiver.answerNext({ status: 200, delayMs: 1_500 });
    // A run that is already over claims nothing.
    expect(await deliverDueWebhooks(dispatchContext(), { until: start - 1, organizationIds: [org.id] })).toBe(0);
    // The second comes due while the first is being sent: a claim after the first's answer sees it.
    expect(await deliverDueWebhooks(dispatchContext(), { organizationIds: [org.id] })).toBe(2);
    const rows = new Map((await deliveries()).map((row) => [row.id, row]));
    expect(rows.get(second!.id)).toMatchObject({ state: 'delivered' });
    // Delivered when the answer came, not when the run began.
    expect(rows.get(first!.id)!.deliveredAt!.getTime()).toBeGreaterThanOrEqual(start + 1_400);
  });

  it('records a delivery whose secret cannot be opened as a failed attempt, sending nothing, and tries it again later', async () => {
    const { org, endpoint, deliver, deliveries } = await setup(['clicked']);
    await t.db.update(webhookEndpoints).set({ secretSealed: 'v1.not-a-sealed-secret' }).where(eq(webhookEndpoints.id, endpoint.id));
    const now = new Date();
    await queueDeliveries(org.id, endpoint.id, 1, now);
    expect(await deliver(now)).toBe(1);
    const [row] = await deliveries();
    expect(row).toMatchObject({ state: 'pending', attempts: 1, leaseToken: null, lastError: expect.stringContaining('cannot be signed') });
    // On the retry schedule (about a minute), not left claimed until its lease ends.
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBeLessThanOrEqual(66_000);
    expect(receiver.received).toHaveLength(0);
  });

  it('keeps the delivery log for 30 days', async () => {
    const { org, endpoint, deliveries } = await setup(['clicked']);
    const now = new Date();
    const [old] = await queueDeliveries(org.id, endpoint.id, 1, now);
    await t.db.update(webhookDeliveries).set({ createdAt: new Date(now.getTime() - (webhookDeliveryRetentionDays + 1) * 86_400_000), state: 'delivered' }).where(eq(webhookDeliveries.id, old!.id));
    const [recent] = await queueDeliveries(org.id, endpoint.id, 1, now);
    expect(await pruneWebhookDeliveries(t.db, { now })).toBeGreaterThanOrEqual(1);
    expect((await deliveries()).map((row) => row.id)).toEqual([recent!.id]);
  });

  it('hands a delivery back uncounted when the process stops mid-send, and claims nothing once stopping', async () => {
    const { org, deliveries } = await setup(['clicked']);
    await appendEvents(t.db, [{ organizationId: org.id, type: 'clicked', occurredAt: new Date(), data: {} }]);
    await runConsumer(t.db, webhookDeliveriesConsumer);
    receiver.answerNext({ status: 200, delayMs: 5_000 });
    const stopping = new AbortController();
    const now = new Date();
    const run = deliverDueWebhooks(dispatchContext(stopping.signal), { now, organizationIds: [org.id] });
    await expect.poll(() => receiver.received.length).toBe(1);
    stopping.abort();
    await run;
    expect((await deliveries())[0]).toMatchObject({ state: 'pending', attempts: 0, nextAttemptAt: now });
    expect(await deliverDueWebhooks(dispatchContext(stopping.signal), { now, organizationIds: [org.id] })).toBe(0);
  });
});

describe('the SSRF guard', () => {
  const refusedUrls = [
    'https://169.254.169.254/latest/meta-data/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://10.0.0.8/hooks',
    'https://192.168.1.10/hooks',
    'https://172.16.5.4/hooks',
    'https://100.64.0.1/hooks',
    // Loopback, but not the allowed receiver's port.
    'https://127.0.0.1:9/hooks',
    'https://[::1]/hooks',
    'https://[fd12:3456::1]/hooks',
    'https://[fe80::1]/hooks',
    'https://[::ffff:10.0.0.1]/hooks',
    'https://[::ffff:169.254.169.254]/hooks',
    'https://0.0.0.0/hooks',
    'https://[ff02::1]/hooks',
    // Spellings the URL parser turns into loopback.
    'https://2130706433/hooks',
  ];

  it.each(refusedUrls)('refuses to save %s', async (url) => {
    const { headers } = await setup();
    const response = await t.app.inject({ method: 'POST', url: '/api/integrations/webhooks/', headers, payload: { name: 'Internal', url, eventTypes: ['clicked'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'body.url', problem: expect.stringMatching(/metadata|link-local|loopback|private|carrier-grade|unspecified|multicast/) }]);
  });

  it('refuses to save a name that resolves to a private address, and plain HTTP to a host the operator does not list', async () => {
    const { headers } = await setup();
    dns.setAddresses('intranet.hooks.test', ['192.168.10.20']);
    const privateName = await t.app.inject({ method: 'POST', url: '/api/integrations/webhooks/', headers, payload: { name: 'Intranet', url: 'https://intranet.hooks.test/in', eventTypes: ['clicked'] } });
    expect(privateName.statusCode).toBe(400);
    expect(privateName.json().error.details).toEqual([{ field: 'body.url', problem: 'intranet.hooks.test (192.168.10.20) is a private network address; the server\'s operator can allow it by listing it in OUTBOUND_ALLOWED_HOSTS' }]);
    dns.setAddresses('public.hooks.test', ['93.184.215.14']);
    const plain = await t.app.inject({ method: 'POST', url: '/api/integrations/webhooks/', headers, payload: { name: 'Plain', url: 'http://public.hooks.test/in', eventTypes: ['clicked'] } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.details).toEqual([{ field: 'body.url', problem: 'must be an https:// URL' }]);
  });

  it('checks the address at connect time: a name that later resolves to a private or metadata address is refused (DNS rebinding)', async () => {
    dns.setAddresses('rebind.hooks.test', ['93.184.215.14']);
    const { headers, endpoint, deliveries } = await setup(['clicked'], 'https://rebind.hooks.test/in');
    for (const [address, problem] of [
      ['10.0.0.5', 'is a private network address'],
      ['169.254.169.254', 'is a cloud metadata address'],
      ['::ffff:127.0.0.1', 'is a loopback address'],
      ['fd00::5', 'is a private network address'],
    ] as const) {
      dns.setAddresses('rebind.hooks.test', [address]);
      const test = await t.app.inject({ method: 'POST', url: `/api/integrations/webhooks/${endpoint.id}/test/`, headers });
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ state: 'pending', lastStatusCode: null, lastError: expect.stringContaining(`refused: rebind.hooks.test (${address}) ${problem}`) });
    }
    expect(receiver.received).toHaveLength(0);
    expect(await deliveries()).toHaveLength(4);
  });
});
