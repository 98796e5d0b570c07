import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { phishingProgrammes, phishingTemplates, testRequests } from '@vigil/db';
import { buildPhishingTemplate, buildSendingProfile } from './phishing-factories.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; department: { id: string } };
type TenantPair = { a: Side; b: Side };
type RouteCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of recurring programmes, custom test requests and approving a draft lure:
 * B's programme, request and draft template are never listed, read, changed, run or approved by A,
 * and A cannot name B's profile or departments in its own.
 */
export const programmesAndRequestsCases = (t: TestContext): Record<string, RouteCase> => {
  let b = { programmeId: '', requestId: '', draftId: '', profileId: '' };
  const arrange = async ({ b: side }: TenantPair) => {
    const profile = await buildSendingProfile(t.db, t.app.secrets, side.org.id, { host: '127.0.0.1', port: 25 });
    const draft = await buildPhishingTemplate(t.db, side.org.id, { status: 'draft', source: 'generated' });
    const [programme] = await t.db
      .insert(phishingProgrammes)
      .values({ organizationId: side.org.id, name: 'Bravo programme', cadence: 'monthly', sendingProfileId: profile.id, departmentIds: [side.department.id], nextRunAt: new Date('2030-01-07T10:00:00Z') })
      .returning();
    const [request] = await t.db.insert(testRequests).values({ id: randomUUID(), organizationId: side.org.id, scenario: 'Bravo scenario only B may read', audienceNote: 'Bravo people' }).returning();
    b = { programmeId: programme!.id, requestId: request!.id, draftId: draft.id, profileId: profile.id };
  };
  const expectProgrammeUntouched = async (response: { statusCode: number; body: string }) => {
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Bravo');
    const [row] = await t.db.select().from(phishingProgrammes).where(eq(phishingProgrammes.id, b.programmeId));
    expect(row).toMatchObject({ name: 'Bravo programme', active: true, cadence: 'monthly' });
  };
  const expectRequestUntouched = async (response: { statusCode: number; body: string }) => {
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Bravo');
    const [row] = await t.db.select().from(testRequests).where(eq(testRequests.id, b.requestId));
    expect(row).toMatchObject({ status: 'submitted', templateId: null, campaignId: null });
  };
  const onProgramme = (method: 'GET' | 'PATCH' | 'DELETE', payload?: unknown): RouteCase => ({
    arrange,
    request: () => ({ method, url: `/api/phishing-programmes/${b.programmeId}/`, ...(payload === undefined ? {} : { payload }) }),
    expectIsolated: expectProgrammeUntouched,
  });

  return {
    'GET /api/phishing-programmes/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/phishing-programmes/' }),
      expectIsolated: (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(b.programmeId);
      },
    },
    'POST /api/phishing-programmes/': {
      arrange,
      request: ({ b: side }) => ({ method: 'POST', url: '/api/phishing-programmes/', payload: { name: 'Alpha', cadence: 'weekly', sendingProfileId: b.profileId, departmentIds: [side.department.id] } }),
      expectIsolated: async (response, { a }) => {
        expect(response.statusCode).toBe(400);
        expect(await t.db.select().from(phishingProgrammes).where(eq(phishingProgrammes.organizationId, a.org.id))).toEqual([]);
      },
    },
    'GET /api/phishing-programmes/:id/': onProgramme('GET'),
    'PATCH /api/phishing-programmes/:id/': onProgramme('PATCH', { active: false, name: 'Renamed by A' }),
    'DELETE /api/phishing-programmes/:id/': onProgramme('DELETE'),
    'GET /api/test-requests/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/test-requests/' }),
      expectIsolated: (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('Bravo');
      },
    },
    'POST /api/test-requests/': {
      arrange,
      request: ({ b: side }) => ({ method: 'POST', url: '/api/test-requests/', payload: { scenario: 'An invoice lure for the finance team of Bravo', departmentIds: [side.department.id] } }),
      expectIsolated: async (response, { a }) => {
        expect(response.statusCode).toBe(400);
        expect(await t.db.select().from(testRequests).where(eq(testRequests.organizationId, a.org.id))).toEqual([]);
      },
    },
    'GET /api/test-requests/:id/': { arrange, request: () => ({ method: 'GET', url: `/api/test-requests/${b.requestId}/` }), expectIsolated: expectRequestUntouched },
    'POST /api/test-requests/:id/draft/': { arrange, request: () => ({ method: 'POST', url: `/api/test-requests/${b.requestId}/draft/` }), expectIsolated: expectRequestUntouched },
    'POST /api/phishing-templates/:id/approve/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/phishing-templates/${b.draftId}/approve/` }),
      expectIsolated: async (response) => {
        expect(response.statusCode).toBe(404);
        const [row] = await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, b.draftId));
        expect(row).toMatchObject({ status: 'draft' });
      },
    },
  };
};
