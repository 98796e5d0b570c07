import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Person, campaignRecipients, campaigns } from '@vigil/db';
import type { TestContext } from './test-app.ts';
import { buildTrackedRecipient } from './tracking-factories.ts';

type Side = { org: { id: string }; admin: Person; department: { id: string } };
type TenantPair = { a: Side; b: Side };

/** Tenancy-matrix case of the initial-testing insights: A's admin sees nothing of B's baseline. */
export const initialTestingCases = (t: TestContext) => {
  let bCampaignId = '';
  return {
    'GET /api/insights/initial-testing/': {
      arrange: async ({ b }: TenantPair) => {
        const { campaign, recipient } = await buildTrackedRecipient(t.db, t.app.secrets, { recipientOf: b.admin });
        await t.db.update(campaigns).set({ kind: 'initial-testing' }).where(eq(campaigns.id, campaign.id));
        await t.db.update(campaignRecipients).set({ departmentId: b.department.id, clickedAt: new Date() }).where(eq(campaignRecipients.id, recipient.id));
        bCampaignId = campaign.id;
      },
      request: () => ({ method: 'GET' as const, url: '/api/insights/initial-testing/' }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body)).toMatchObject({ state: 'not-started', campaignId: null });
        expect(response.body).not.toContain(bCampaignId);
        expect(response.body).not.toContain(b.department.id);
      },
    },
  };
};
