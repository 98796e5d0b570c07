import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiKeys } from '@vigil/db';
import { buildApiKey } from './api-key-factories.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string } };
type TenantPair = { a: Side; b: Side };
type ApiKeysCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of Configure → Integrations → API keys: B's key is never listed, revoked or
 * counted by A, and A's new key is A's alone.
 */
export const apiKeysCases = (t: TestContext): Record<string, ApiKeysCase> => {
  let bKeyId = '';
  const arrange = async ({ b }: TenantPair) => {
    bKeyId = (await buildApiKey(t.db, b.org.id, { name: 'Bravo key' })).key.id;
  };
  const expectBKeyUntouched = async (b: Side) => {
    expect(await t.db.select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.organizationId, b.org.id))).toEqual([{ id: bKeyId, revokedAt: null }]);
  };
  return {
    'GET /api/integrations/api-keys/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/integrations/api-keys/' }),
      expectIsolated: (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(bKeyId);
        expect(response.body).not.toContain('Bravo key');
      },
    },
    'POST /api/integrations/api-keys/': {
      arrange,
      request: () => ({ method: 'POST', url: '/api/integrations/api-keys/', payload: { name: 'Alpha key', scopes: ['read'], expiresInDays: 30 } }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(201);
        const [key] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, JSON.parse(response.body).key.id));
        expect(key?.organizationId).toBe(a.org.id);
        await expectBKeyUntouched(b);
      },
    },
    'POST /api/integrations/api-keys/:id/revoke/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/integrations/api-keys/${bKeyId}/revoke/` }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(404);
        await expectBKeyUntouched(b);
      },
    },
  };
};
