import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Person } from '@vigil/db';
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
  };
};
