import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { policies, policyAcknowledgements, policyVersions } from '@vigil/db';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; department: { id: string }; admin: { id: string } };
type TenantPair = { a: Side; b: Side };
type PolicyCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST'; url: string; payload?: unknown; headers?: Record<string, string> };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of policies: B's policy, its version and its acknowledgement are never
 * listed, read, published over, archived or acknowledged by A, whose own lists still work.
 */
export const policiesCases = (t: TestContext): Record<string, PolicyCase> => {
  let b = { policyId: '', versionId: '' };
  const arrange = async ({ b: side }: TenantPair) => {
    const [policy] = await t.db.insert(policies).values({ organizationId: side.org.id, title: 'Bravo secret policy', description: 'Bravo only', audience: { kind: 'organization' } }).returning();
    const [version] = await t.db
      .insert(policyVersions)
      .values({ organizationId: side.org.id, policyId: policy!.id, version: 1, format: 'markdown', markdown: '# Bravo text', byteSize: 12, sha256: 'b'.repeat(64) })
      .returning();
    await t.db.insert(policyAcknowledgements).values({ organizationId: side.org.id, policyId: policy!.id, versionId: version!.id, personId: side.admin.id });
    b = { policyId: policy!.id, versionId: version!.id };
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).not.toContain('Bravo');
    expect(response.body).not.toContain(b.policyId);
    expect(response.body).not.toContain(b.versionId);
    const [policy] = await t.db.select().from(policies).where(eq(policies.id, b.policyId));
    expect(policy).toMatchObject({ title: 'Bravo secret policy', archivedAt: null });
    expect(await t.db.select({ id: policyVersions.id }).from(policyVersions).where(eq(policyVersions.policyId, b.policyId))).toHaveLength(1);
    expect(await t.db.select().from(policyAcknowledgements).where(eq(policyAcknowledgements.policyId, b.policyId))).toHaveLength(1);
  };

  return {
    'GET /api/policies/': { arrange, request: () => ({ method: 'GET', url: '/api/policies/' }), expectIsolated: (response) => expectBUntouched(response, 200) },
    'POST /api/policies/': {
      arrange,
      request: ({ b: side }) => ({ method: 'POST', url: '/api/policies/', payload: { title: 'Alpha policy', markdown: 'x', audience: { kind: 'departments', ids: [side.department.id] } } }),
      expectIsolated: (response) => expectBUntouched(response, 400),
    },
    'POST /api/policies/preview/': { arrange, request: () => ({ method: 'POST', url: '/api/policies/preview/', payload: { markdown: '# Alpha' } }), expectIsolated: (response) => expectBUntouched(response, 200) },
    'GET /api/policies/:id/': { arrange, request: () => ({ method: 'GET', url: `/api/policies/${b.policyId}/` }), expectIsolated: (response) => expectBUntouched(response, 404) },
    'POST /api/policies/:id/versions/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/policies/${b.policyId}/versions/`, payload: { markdown: '# Alpha over Bravo', changeNote: 'taken over' } }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'POST /api/policies/:id/versions/pdf/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/policies/${b.policyId}/versions/pdf/?changeNote=x`, headers: { 'content-type': 'application/pdf' }, payload: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'POST /api/policies/:id/archive/': { arrange, request: () => ({ method: 'POST', url: `/api/policies/${b.policyId}/archive/` }), expectIsolated: (response) => expectBUntouched(response, 404) },
    'GET /api/policies/:id/versions/:versionId/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/policies/${b.policyId}/versions/${b.versionId}/` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'GET /api/policies/:id/acknowledgements/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/policies/${b.policyId}/acknowledgements/?status=all` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'GET /api/my-policies/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/my-policies/' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body)).toEqual({ items: [] });
      },
    },
    'GET /api/my-policies/:id/': { arrange, request: () => ({ method: 'GET', url: `/api/my-policies/${b.policyId}/` }), expectIsolated: (response) => expectBUntouched(response, 404) },
    'POST /api/my-policies/:id/acknowledge/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/my-policies/${b.policyId}/acknowledge/`, payload: { versionId: b.versionId } }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
  };
};
