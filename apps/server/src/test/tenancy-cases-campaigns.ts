import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaignRecipients, campaigns, people } from '@vigil/db';
import { buildPerson } from './factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from './phishing-factories.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; department: { id: string } };
type TenantPair = { a: Side; b: Side };
type CampaignCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of campaigns: B's campaign (launched, one recipient), its sending profile,
 * template, departments and people are never read, named, launched, paused or changed by A.
 */
export const campaignsCases = (t: TestContext): Record<string, CampaignCase> => {
  let b: { campaignId: string; profileId: string; templateId: string; personId: string } = { campaignId: '', profileId: '', templateId: '', personId: '' };
  const arrange = async ({ b: side }: TenantPair) => {
    const profile = await buildSendingProfile(t.db, t.app.secrets, side.org.id, { host: '127.0.0.1', port: 25 });
    const template = await buildPhishingTemplate(t.db, side.org.id, { texts: { en_us: { name: 'Bravo lure', scenario: 'Only B may see it.', fromName: 'B', subject: 'Bravo', html: '<p><a href="{{link}}">x</a></p>', text: 'x {{link}}', redFlags: [] } } });
    const person = await buildPerson(t.db, side.org.id, { firstName: 'Bravo', departmentId: side.department.id });
    const campaignId = randomUUID();
    await t.db.insert(campaigns).values({ id: campaignId, organizationId: side.org.id, name: 'Bravo campaign', status: 'sending', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' }, launchedAt: new Date() });
    await t.db.insert(campaignRecipients).values({ organizationId: side.org.id, campaignId, personId: person.id, templateId: template.id, language: 'en_us', sendAt: new Date(), tokenHash: `bravo-${campaignId}` });
    b = { campaignId, profileId: profile.id, templateId: template.id, personId: person.id };
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }, status = 404) => {
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain('Bravo');
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, b.campaignId));
    expect(row).toMatchObject({ status: 'sending', name: 'Bravo campaign' });
    const recipients = await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, b.campaignId));
    expect(recipients.map((r) => r.state)).toEqual(['scheduled']);
  };
  const onBCampaign = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', suffix = '', payload?: unknown): CampaignCase => ({
    arrange,
    request: () => ({ method, url: `/api/campaigns/${b.campaignId}/${suffix}`, ...(payload === undefined ? {} : { payload }) }),
    expectIsolated: (response) => expectBUntouched(response),
  });

  return {
    'GET /api/campaigns/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/campaigns/' }),
      expectIsolated: async (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(b.campaignId);
      },
    },
    'POST /api/campaigns/': {
      arrange,
      request: () => ({ method: 'POST', url: '/api/campaigns/', payload: { name: 'Alpha', templateIds: [b.templateId], sendingProfileId: b.profileId, audience: { kind: 'people', ids: [b.personId] } } }),
      expectIsolated: async (response, { a }) => {
        expect(response.statusCode).toBe(400);
        expect(await t.db.select().from(campaigns).where(eq(campaigns.organizationId, a.org.id))).toEqual([]);
      },
    },
    'POST /api/campaigns/audience-preview/': {
      arrange,
      request: ({ b: side }) => ({ method: 'POST', url: '/api/campaigns/audience-preview/', payload: { audience: { kind: 'departments', ids: [side.department.id] } } }),
      expectIsolated: (response) => {
        expect(response.statusCode).toBe(400);
        expect(response.body).not.toContain('Bravo');
      },
    },
    'GET /api/campaigns/:id/': onBCampaign('GET'),
    'PATCH /api/campaigns/:id/': onBCampaign('PATCH', '', { name: 'Renamed by A' }),
    'DELETE /api/campaigns/:id/': onBCampaign('DELETE'),
    'POST /api/campaigns/:id/launch/': onBCampaign('POST', 'launch/'),
    'POST /api/campaigns/:id/pause/': onBCampaign('POST', 'pause/'),
    'POST /api/campaigns/:id/resume/': onBCampaign('POST', 'resume/'),
    'POST /api/campaigns/:id/cancel/': onBCampaign('POST', 'cancel/'),
    'GET /api/campaigns/:id/results/': onBCampaign('GET', 'results/'),
    'GET /api/campaigns/:id/recipients/': onBCampaign('GET', 'recipients/'),
    'GET /api/people/:id/simulation-history/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/people/${b.personId}/simulation-history/` }),
      expectIsolated: async (response) => {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Bravo');
        expect(await t.db.select({ id: people.id }).from(people).where(eq(people.id, b.personId))).toHaveLength(1);
      },
    },
  };
};
