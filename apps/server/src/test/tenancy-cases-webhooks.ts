import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '@vigil/db';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string; name: string } };
type TenantPair = { a: Side; b: Side };
type WebhooksCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of Configure → Integrations → Webhooks: A's admin never lists, reads,
 * changes, deletes, re-keys or sends through B's endpoints, nor reads or redelivers B's deliveries.
 */
export const webhooksCases = (t: TestContext): Record<string, WebhooksCase> => {
  // Set by `arrange`, read by `request` and `expectIsolated` of the same case.
  let bEndpointId = '';
  let bDeliveryId = '';
  let bSecretSealed = '';
  const arrange = async ({ b }: TenantPair) => {
    bSecretSealed = t.app.secrets.seal(`whsec_bravo_${b.org.id}`);
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ organizationId: b.org.id, name: `Bravo SIEM ${b.org.id}`, url: `https://hooks.bravo.example/${b.org.id}`, eventTypes: ['clicked'], secretSealed: bSecretSealed })
      .returning();
    bEndpointId = endpoint!.id;
    const eventId = crypto.randomUUID();
    const [delivery] = await t.db
      .insert(webhookDeliveries)
      .values({ organizationId: b.org.id, endpointId: bEndpointId, eventId, eventType: 'clicked', payload: { id: eventId, type: 'clicked', data: { secretOf: b.org.id } }, state: 'failed', attempts: 7 })
      .returning();
    bDeliveryId = delivery!.id;
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }, { b }: TenantPair) => {
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(`Bravo SIEM ${b.org.id}`);
    expect(response.body).not.toContain(`secretOf`);
    const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, bEndpointId));
    expect(endpoint).toMatchObject({ name: `Bravo SIEM ${b.org.id}`, enabled: true, secretSealed: bSecretSealed, eventTypes: ['clicked'] });
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, bEndpointId));
    expect(deliveries).toMatchObject([{ id: bDeliveryId, state: 'failed', attempts: 7 }]);
  };

  return {
    'GET /api/integrations/webhooks/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/integrations/webhooks/' }),
      expectIsolated: (response, { b }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).items).toEqual([]);
        expect(response.body).not.toContain(b.org.id);
      },
    },
    'POST /api/integrations/webhooks/': {
      arrange,
      request: () => ({ method: 'POST', url: '/api/integrations/webhooks/', payload: { name: 'Alpha SIEM', url: 'https://93.184.215.14/alpha', eventTypes: ['clicked'] } }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(201);
        const owners = await t.db.select({ organizationId: webhookEndpoints.organizationId }).from(webhookEndpoints).where(eq(webhookEndpoints.id, JSON.parse(response.body).id));
        expect(owners).toEqual([{ organizationId: a.org.id }]);
        expect(await t.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, b.org.id))).toEqual([{ id: bEndpointId }]);
      },
    },
    'GET /api/integrations/webhooks/:id/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/integrations/webhooks/${bEndpointId}/` }),
      expectIsolated: expectBUntouched,
    },
    'PATCH /api/integrations/webhooks/:id/': {
      arrange,
      request: () => ({ method: 'PATCH', url: `/api/integrations/webhooks/${bEndpointId}/`, payload: { name: 'Changed by A', enabled: false, eventTypes: ['reported'] } }),
      expectIsolated: expectBUntouched,
    },
    'DELETE /api/integrations/webhooks/:id/': {
      arrange,
      request: () => ({ method: 'DELETE', url: `/api/integrations/webhooks/${bEndpointId}/` }),
      expectIsolated: expectBUntouched,
    },
    'POST /api/integrations/webhooks/:id/rotate-secret/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/integrations/webhooks/${bEndpointId}/rotate-secret/` }),
      expectIsolated: expectBUntouched,
    },
    'POST /api/integrations/webhooks/:id/test/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/integrations/webhooks/${bEndpointId}/test/` }),
      expectIsolated: expectBUntouched,
    },
    'GET /api/integrations/webhooks/:id/deliveries/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/integrations/webhooks/${bEndpointId}/deliveries/` }),
      expectIsolated: expectBUntouched,
    },
    'POST /api/integrations/webhooks/:id/deliveries/:deliveryId/redeliver/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/integrations/webhooks/${bEndpointId}/deliveries/${bDeliveryId}/redeliver/` }),
      expectIsolated: expectBUntouched,
    },
  };
};
