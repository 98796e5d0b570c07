import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createAuthManagement } from '@vigil/auth-provider';
import { type Person, trainingAssignments } from '@vigil/db';
import { builtinModuleId } from '../modules/training/library/builtin-lessons.ts';
import { syncLessons } from './training-factories.ts';
import { runConsumer } from '../modules/events/consumers.ts';
import { appendEvents } from '../modules/events/events.repository.ts';
import { riskScoresConsumer } from '../modules/risk/risk-scores.consumer.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; admin: Person; department: { id: string } };
type TenantPair = { a: Side; b: Side };

/** Tenancy-matrix cases of risk scores: B's admin failed a lure; A's admin reads neither B's score nor B's departments. */
export const riskCases = (t: TestContext) => {
  const arrange = async ({ b }: TenantPair) => {
    await appendEvents(t.db, [{ organizationId: b.org.id, personId: b.admin.id, recipientId: randomUUID(), type: 'submitted', occurredAt: new Date(), data: {} }]);
    await runConsumer(t.db, riskScoresConsumer, { maxBatches: 1000 });
  };
  const arrangeSignIns = async ({ b }: TenantPair) => {
    const at = new Date();
    const fact = { organizationId: b.org.id, personId: b.admin.id, occurredAt: at };
    await appendEvents(t.db, [
      { ...fact, type: 'sign_in', data: { method: 'password', os: 'Windows', browser: 'Edge', country: 'DE' } },
      { ...fact, type: 'sign_in_failed', data: { method: 'password', os: 'iOS', browser: 'Safari', country: 'BR' } },
      { ...fact, type: 'sign_in_anomaly', data: { rule: 'impossible_travel', country: 'BR', previousCountry: 'DE', km: 9500, kmPerHour: 9500 } },
    ]);
    // B's admin confirmed a phone (a second factor) and has an overdue lesson: neither may count for A.
    await createAuthManagement(t.db).upsertUsers([{ userId: b.admin.authUserId!, email: b.admin.email, givenName: 'B', familyName: 'Admin', tenants: {}, phone: `+1555${Date.now() % 10_000_000}`, verifiedPhone: true }]);
    await syncLessons(t.db);
    await t.db.insert(trainingAssignments).values({ organizationId: b.org.id, personId: b.admin.id, moduleId: builtinModuleId('passwords'), dueAt: new Date(Date.now() - 86_400_000) });
  };
  return {
    'GET /api/my-risk/': {
      arrange,
      request: () => ({ method: 'GET' as const, url: '/api/my-risk/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        // A's admin has no fact against them: B's submitted data must not show up as theirs.
        expect(JSON.parse(response.body)).toMatchObject({ score: null, breakdown: null });
      },
    },
    'GET /api/insights/organization/risk/': {
      arrange,
      request: () => ({ method: 'GET' as const, url: '/api/insights/organization/risk/' }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        const body = JSON.parse(response.body);
        // A's two people, nothing counted against them; none of B's people, departments or drivers.
        expect(body.organization).toMatchObject({ people: 2, score: 0 });
        expect(body.drivers).toEqual([]);
        expect(response.body).not.toContain(b.department.id);
      },
    },

    'GET /api/insights/people/': {
      arrange,
      request: () => ({ method: 'GET' as const, url: '/api/insights/people/?limit=100' }),
      expectIsolated: (response: { statusCode: number; body: string }, { a, b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        const body = JSON.parse(response.body);
        expect(body.items).toHaveLength(2);
        expect(body.items.map((person: { id: string }) => person.id)).toContain(a.admin.id);
        expect(response.body).not.toContain(b.admin.id);
        expect(response.body).not.toContain(b.department.id);
      },
    },
    'GET /api/insights/people/summary/': {
      arrange,
      request: () => ({ method: 'GET' as const, url: '/api/insights/people/summary/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body)).toEqual({ aggregate: expect.objectContaining({ people: 2, score: 0 }), drivers: [] });
      },
    },
    'GET /api/insights/people/:id/': {
      arrange,
      request: ({ b }: TenantPair) => ({ method: 'GET' as const, url: `/api/insights/people/${b.admin.id}/` }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain(b.admin.email);
      },
    },
    'GET /api/insights/departments/': {
      arrange,
      request: () => ({ method: 'GET' as const, url: '/api/insights/departments/' }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        // A's department has no one in it yet, so nothing is compared; B's is never listed.
        expect(JSON.parse(response.body)).toEqual({ items: [] });
        expect(response.body).not.toContain(b.department.id);
      },
    },
    // The organisation's subpages: B's admin signed in from two countries and tripped a rule; A's admin sees none of it.
    'GET /api/insights/organization/sign-ins/': {
      arrange: arrangeSignIns,
      request: () => ({ method: 'GET' as const, url: '/api/insights/organization/sign-ins/?days=7' }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).totals).toEqual({ succeeded: 0, failed: 0, blocked: 0, people: 0 });
        expect(response.body).not.toContain(b.admin.email);
      },
    },
    'GET /api/insights/organization/anomalies/': {
      arrange: arrangeSignIns,
      request: () => ({ method: 'GET' as const, url: '/api/insights/organization/anomalies/' }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).anomalies).toEqual([]);
        expect(response.body).not.toContain(b.admin.email);
      },
    },
    'GET /api/insights/organization/devices/': {
      arrange: arrangeSignIns,
      request: () => ({ method: 'GET' as const, url: '/api/insights/organization/devices/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).devices).toEqual([]);
      },
    },
    'GET /api/insights/organization/mfa/': {
      arrange: arrangeSignIns,
      request: () => ({ method: 'GET' as const, url: '/api/insights/organization/mfa/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        // A's two people only: B's admin, whose confirmed phone the provider holds, is not among them.
        expect(JSON.parse(response.body)).toMatchObject({ people: 2, withSecondFactor: 0 });
        expect(JSON.parse(response.body).factors).toContainEqual({ factor: 'phone', people: 0 });
      },
    },
    'GET /api/insights/organization/training/': {
      arrange: arrangeSignIns,
      request: () => ({ method: 'GET' as const, url: '/api/insights/organization/training/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).totals).toEqual({ assigned: 0, completed: 0, overdue: 0, failed: 0, people: 0 });
      },
    },
  };
};
