import { expect } from 'vitest';
import type { Person } from '@vigil/db';
import type { TestContext } from './test-app.ts';
import { buildTrackedRecipient } from './tracking-factories.ts';

type Side = { org: { id: string }; admin: Person };
type TenantPair = { a: Side; b: Side };

/** Tenancy-matrix case of the heads-up page: A's admin cannot read (or learn of) B's simulated message. */
export const headsUpCases = (t: TestContext) => {
  let bRecipientId = '';
  return {
    'GET /api/heads-up/': {
      arrange: async ({ b }: TenantPair) => {
        bRecipientId = (await buildTrackedRecipient(t.db, t.app.secrets, { recipientOf: b.admin })).recipient.id;
      },
      request: () => ({ method: 'GET' as const, url: `/api/heads-up/?recipient=${bRecipientId}` }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Password expires');
      },
    },
  };
};
