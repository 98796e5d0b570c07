import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookLimits } from '@vigil/contracts';
import { and, eq } from 'drizzle-orm';
import { auditLog, webhookDeliveries, webhookEndpoints } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { loadDocumentedNodeVerifier, startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { claimLimits } from './webhook-dispatch.ts';
import { webhookDeliveryQueue } from './webhooks.repository.ts';

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver?.close());

const t = useTestApp(() => ({ OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` }));

/** Every answer of this file, to check none carries a secret after the one that shows it. */
const answers: string[] = [];

const setup = async (role: 'Admin' | 'User' = 'Admin') => {
  const org = await buildOrganization(t.db);
  const person = await buildPerson(t.db, org.id, { role });
  const headers = await t.authAs(person);
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    answers.push(response.body);
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return { org, person, call };
};

const validEndpoint = () => ({ name: 'SIEM', url: receiver.url(), eventTypes: ['clicked', 'reported', 'training_completed'] });

describe('webhook endpoints API', () => {
  it('asks for a session, and refuses people who are not admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/integrations/webhooks/' })).statusCode).toBe(401);
    const { call } = await setup('User');
    expect((await call('GET', '/api/integrations/webhooks/')).status).toBe(403);
    expect((await call('POST', '/api/integrations/webhooks/', validEndpoint())).status).toBe(403);
    expect((await call('POST', `/api/integrations/webhooks/${crypto.randomUUID()}/test/`)).status).toBe(403);
  });

  it('shows the signing secret once, keeps it sealed, and never answers it again', async () => {
    const { org, call } = await setup();
    const created = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'SIEM', url: receiver.url(), eventTypes: ['clicked', 'reported', 'training_completed'], state: 'active', lastDelivery: null, pendingDeliveries: 0, can: { edit: true, sendTest: true } });
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.body.id));
    expect(row!.secretSealed).not.toContain(secret);
    expect(t.app.secrets.open(row!.secretSealed)).toBe(secret);

    const listed = await call('GET', '/api/integrations/webhooks/');
    expect(listed.body.items).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain('secret"');
    expect((await call('GET', `/api/integrations/webhooks/${created.body.id}/`)).body).not.toHaveProperty('secret');

    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'webhook.create')));
    expect(audit!.details).toEqual({ name: 'SIEM', host: `127.0.0.1:${receiver.port}`, eventTypes: ['clicked', 'reported', 'training_completed'], enabled: true });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('rotates the secret: the new one is shown once and signs what follows', async () => {
    const verify = await loadDocumentedNodeVerifier();
    const { call } = await setup();
    const created = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    const rotated = await call('POST', `/api/integrations/webhooks/${created.body.id}/rotate-secret/`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    receiver.reset();
    const test = await call('POST', `/api/integrations/webhooks/${created.body.id}/test/`);
    expect(test.body).toMatchObject({ state: 'delivered', eventType: 'webhook_test', attempts: 1, lastStatusCode: 200, lastResponseExcerpt: 'ok' });
    const [request] = receiver.received;
    expect(verify(rotated.body.secret, request!.headers['vigil-signature'] as string, request!.rawBody)).toBe(true);
    expect(verify(created.body.secret, request!.headers['vigil-signature'] as string, request!.rawBody)).toBe(false);
    expect(JSON.parse(request!.rawBody.toString())).toMatchObject({ type: 'webhook_test', data: { endpointId: created.body.id } });
    // The list shows the last delivery.
    expect((await call('GET', `/api/integrations/webhooks/${created.body.id}/`)).body.lastDelivery).toMatchObject({ state: 'delivered', eventType: 'webhook_test', statusCode: 200 });
  });

  it('changes, pauses and resumes an endpoint; a paused one sends nothing', async () => {
    const { call } = await setup();
    const { body: endpoint } = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    const changed = await call('PATCH', `/api/integrations/webhooks/${endpoint.id}/`, { name: 'SOC', eventTypes: ['person_deprovisioned'] });
    expect(changed.body).toMatchObject({ name: 'SOC', eventTypes: ['person_deprovisioned'], url: receiver.url() });
    const paused = await call('PATCH', `/api/integrations/webhooks/${endpoint.id}/`, { enabled: false });
    expect(paused.body).toMatchObject({ state: 'paused', can: { sendTest: false } });
    const refused = await call('POST', `/api/integrations/webhooks/${endpoint.id}/test/`);
    expect(refused.status).toBe(409);
    expect((await call('PATCH', `/api/integrations/webhooks/${endpoint.id}/`, { enabled: true })).body.state).toBe('active');
  });

  it('answers a field error for bad input, never a server error', async () => {
    const { call } = await setup();
    const cases: [object, string][] = [
      [{ ...validEndpoint(), eventTypes: [] }, 'body.eventTypes'],
      [{ ...validEndpoint(), eventTypes: ['clicked', 'clicked'] }, 'body.eventTypes'],
      [{ ...validEndpoint(), eventTypes: ['password_changed'] }, 'body.eventTypes.0'],
      [{ ...validEndpoint(), url: 'not a url' }, 'body.url'],
      [{ ...validEndpoint(), url: 'ftp://files.example.com/' }, 'body.url'],
      [{ ...validEndpoint(), url: 'https://user:pass@hooks.example.com/' }, 'body.url'],
      [{ ...validEndpoint(), url: 'http://93.184.215.14/' }, 'body.url'],
      [{ ...validEndpoint(), name: '' }, 'body.name'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/api/integrations/webhooks/', payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    const { body: endpoint } = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    expect((await call('GET', `/api/integrations/webhooks/${endpoint.id}/deliveries/?cursor=bm9wZQ`)).status).toBe(400);
    expect((await call('PATCH', `/api/integrations/webhooks/${endpoint.id}/`, { url: 'https://10.1.2.3/' })).body.error.details).toEqual([{ field: 'body.url', problem: expect.stringContaining('private network address') }]);
    expect((await call('GET', `/api/integrations/webhooks/${crypto.randomUUID()}/`)).status).toBe(404);
  });

  it('pages the delivery log newest first and redelivers one', async () => {
    const { org, call } = await setup();
    const { body: endpoint } = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    receiver.answerNext({ status: 500, body: 'x'.repeat(5000) });
    const first = await call('POST', `/api/integrations/webhooks/${endpoint.id}/test/`);
    // Only the first kilobyte of a large answer is kept.
    expect(first.body).toMatchObject({ state: 'pending', lastStatusCode: 500, lastResponseExcerpt: 'x'.repeat(1024), nextAttemptAt: expect.any(String) });
    await call('POST', `/api/integrations/webhooks/${endpoint.id}/test/`);
    await call('POST', `/api/integrations/webhooks/${endpoint.id}/test/`);

    const page1 = await call('GET', `/api/integrations/webhooks/${endpoint.id}/deliveries/?limit=2`);
    expect(page1.body.items).toHaveLength(2);
    const page2 = await call('GET', `/api/integrations/webhooks/${endpoint.id}/deliveries/?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toMatchObject({ items: [{ id: first.body.id }], nextCursor: null });
    expect(new Set([...page1.body.items, ...page2.body.items].map((item: { id: string }) => item.id)).size).toBe(3);

    receiver.reset();
    const again = await call('POST', `/api/integrations/webhooks/${endpoint.id}/deliveries/${first.body.id}/redeliver/`);
    expect(again.body).toMatchObject({ id: first.body.id, state: 'delivered', attempts: 1, lastStatusCode: 200, eventId: first.body.eventId });
    expect(receiver.received[0]!.headers['vigil-event-id']).toBe(first.body.eventId);
    expect((await call('GET', '/api/integrations/webhooks/')).body.items[0].pendingDeliveries).toBe(0);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.organizationId, org.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['webhook.create', 'webhook.test', 'webhook.redeliver']));
  });

  it('answers 409 for an endpoint beyond the organisation’s limit, and saves nothing', async () => {
    const { org, call } = await setup();
    await t.db.insert(webhookEndpoints).values(
      Array.from({ length: webhookLimits.endpointsPerOrganization - 1 }, (_, index) => ({ organizationId: org.id, name: `SIEM ${index}`, url: `https://93.184.215.14/${index}`, eventTypes: ['clicked'], secretSealed: 'v1.x.y.z' })),
    );
    expect((await call('POST', '/api/integrations/webhooks/', validEndpoint())).status).toBe(201);
    const refused = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`${webhookLimits.endpointsPerOrganization} webhook endpoints`) });
    expect(await t.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, org.id))).toHaveLength(webhookLimits.endpointsPerOrganization);
  });

  it('refuses to redeliver a delivery while a worker is sending it (409), and leaves its attempt alone', async () => {
    const { org, call } = await setup();
    const { body: endpoint } = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    receiver.answerNext({ status: 500 });
    const first = await call('POST', `/api/integrations/webhooks/${endpoint.id}/test/`);
    expect(first.body).toMatchObject({ state: 'pending', attempts: 1 });
    // A worker claims it when it comes due, and is sending it now.
    const due = new Date(first.body.nextAttemptAt);
    const [claim] = await webhookDeliveryQueue(t.db).claimDue(due, { limit: 1, leaseSeconds: 120, limits: claimLimits, organizationIds: [org.id] });
    expect(claim).toMatchObject({ id: first.body.id, attempts: 2 });
    receiver.reset();
    const refused = await call('POST', `/api/integrations/webhooks/${endpoint.id}/deliveries/${first.body.id}/redeliver/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/being sent right now/);
    expect(receiver.received).toHaveLength(0);
    // The worker's result is still its own to write.
    expect(await webhookDeliveryQueue(t.db).recordAttempt(claim!, { state: 'delivered', deliveredAt: due, lastStatusCode: 200 })).toBe(true);
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, first.body.id));
    expect(row).toMatchObject({ state: 'delivered', attempts: 2, leaseToken: null });
  });

  it('answers 404, not a server error, when the endpoint is deleted while its test event is being sent', async () => {
    const { call } = await setup();
    const { body: endpoint } = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    receiver.answerNext({ status: 200, before: () => t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)) });
    const test = await call('POST', `/api/integrations/webhooks/${endpoint.id}/test/`);
    expect(test.status).toBe(404);
  });

  it('deletes an endpoint with its delivery log', async () => {
    const { org, call } = await setup();
    const { body: endpoint } = await call('POST', '/api/integrations/webhooks/', validEndpoint());
    await call('POST', `/api/integrations/webhooks/${endpoint.id}/test/`);
    expect((await call('DELETE', `/api/integrations/webhooks/${endpoint.id}/`)).status).toBe(204);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
    expect((await call('GET', `/api/integrations/webhooks/${endpoint.id}/`)).status).toBe(404);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'webhook.delete')));
    expect(audit!.targetId).toBe(endpoint.id);
  });

  afterAll(() => {
    // Secrets appear only in the create and rotate answers.
    const withSecret = answers.filter((body) => body.includes('whsec_'));
    expect(withSecret.every((body) => /"secret":"whsec_/.test(body) && !body.includes('"items"'))).toBe(true);
  });
});
