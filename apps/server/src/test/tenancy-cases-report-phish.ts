import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Person, events } from '@vigil/db';
import type { TestContext } from './test-app.ts';
import { buildTrackedRecipient } from './tracking-factories.ts';

type Side = { org: { id: string }; admin: Person };
type TenantPair = { a: Side; b: Side };

/** Tenancy-matrix cases of the report button: A's admin cannot report (or learn of) B's simulated lure. */
export const reportPhishCases = (t: TestContext) => {
  let bRecipientId = '';
  return {
    'POST /api/report-phish/': {
      arrange: async ({ b }: TenantPair) => {
        bRecipientId = (await buildTrackedRecipient(t.db, t.app.secrets, { recipientOf: b.admin })).recipient.id;
      },
      request: () => ({ method: 'POST' as const, url: '/api/report-phish/', payload: { recipientId: bRecipientId } }),
      expectIsolated: async (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(404);
        expect(await t.db.select().from(events).where(eq(events.organizationId, b.org.id))).toEqual([]);
      },
    },
  };
};
