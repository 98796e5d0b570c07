import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignRecipients, campaigns, trainingAssignments } from '@vigil/db';
import { appendEvents } from '../modules/events/events.repository.ts';
import { builtinModuleId } from '../modules/training/library/builtin-lessons.ts';
import { buildApiKey } from './api-key-factories.ts';
import { buildDepartment, buildOrganization, buildPerson } from './factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from './phishing-factories.ts';
import { useTestApp } from './test-app.ts';
import { syncLessons } from './training-factories.ts';

const t = useTestApp();

/**
 * The tenancy matrix of the public API (/api/v1), whose callers are API keys rather than sessions
 * (tenancy-matrix.test.ts covers the session routes): A's key, with both scopes, calls every route
 * and must neither see nor change anything of B's — people, departments, campaigns, events, assignments.
 */
const buildSide = async (name: string) => {
  const org = await buildOrganization(t.db, { name: `${name} Org` });
  const department = await buildDepartment(t.db, org.id, `${name} Finance`);
  const person = await buildPerson(t.db, org.id, { firstName: name, email: `${name.toLowerCase()}.${org.id.slice(0, 8)}@example.com`, departmentId: department.id });
  const profile = await buildSendingProfile(t.db, t.app.secrets, org.id, { host: '127.0.0.1', port: 25 });
  const template = await buildPhishingTemplate(t.db, org.id);
  const campaignId = randomUUID();
  await t.db.insert(campaigns).values({ id: campaignId, organizationId: org.id, name: `${name} campaign`, status: 'sending', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' }, launchedAt: new Date() });
  await t.db.insert(campaignRecipients).values({ organizationId: org.id, campaignId, personId: person.id, templateId: template.id, language: 'en_us', sendAt: new Date(), tokenHash: `${name}-${campaignId}` });
  await appendEvents(t.db, [{ organizationId: org.id, personId: person.id, campaignId, type: 'clicked', occurredAt: new Date(), data: { link: 'email' } }]);
  const [assignment] = await t.db
    .insert(trainingAssignments)
    .values({ organizationId: org.id, personId: person.id, moduleId: builtinModuleId('passwords'), dueAt: new Date(Date.now() + 86_400_000) })
    .returning();
  const { headers } = await buildApiKey(t.db, org.id, { name: `${name} key` });
  return { org, department, person, campaignId, assignmentId: assignment!.id, headers };
};

type Side = Awaited<ReturnType<typeof buildSide>>;
type PublicCase = {
  request: (a: Side, b: Side) => { method: 'GET' | 'POST'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, a: Side, b: Side) => Promise<void> | void;
};

const expectNothingOfB = (body: string, b: Side) => {
  for (const value of [b.org.id, b.person.id, b.person.email, b.department.id, b.campaignId, b.assignmentId, 'Bravo']) expect(body).not.toContain(value);
};

const expectBAssignmentsUntouched = async (b: Side) => {
  const rows = await t.db.select({ id: trainingAssignments.id, status: trainingAssignments.status }).from(trainingAssignments).where(eq(trainingAssignments.organizationId, b.org.id));
  expect(rows).toEqual([{ id: b.assignmentId, status: 'assigned' }]);
};

const cases: Record<string, PublicCase> = {
  'GET /api/v1/people': {
    request: (_a, b) => ({ method: 'GET', url: `/api/v1/people?email=${encodeURIComponent(b.person.email)}` }),
    expectIsolated: (response, _a, b) => {
      expect(response.statusCode).toBe(200);
      expect(JSON.parse(response.body).items).toEqual([]);
      expectNothingOfB(response.body, b);
    },
  },
  'GET /api/v1/campaigns': {
    request: () => ({ method: 'GET', url: '/api/v1/campaigns' }),
    expectIsolated: (response, a, b) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.campaignId);
      expectNothingOfB(response.body, b);
    },
  },
  'GET /api/v1/campaigns/:id/results': {
    request: (_a, b) => ({ method: 'GET', url: `/api/v1/campaigns/${b.campaignId}/results` }),
    expectIsolated: (response, _a, b) => {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Bravo');
      expect(response.body).not.toContain(b.department.id);
    },
  },
  'GET /api/v1/events': {
    request: () => ({ method: 'GET', url: '/api/v1/events' }),
    expectIsolated: (response, a, b) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.person.id);
      expectNothingOfB(response.body, b);
    },
  },
  'GET /api/v1/training-assignments': {
    request: (_a, b) => ({ method: 'GET', url: `/api/v1/training-assignments?personId=${b.person.id}` }),
    expectIsolated: (response, _a, b) => {
      expect(response.statusCode).toBe(200);
      expect(JSON.parse(response.body).items).toEqual([]);
      expectNothingOfB(response.body, b);
    },
  },
  'POST /api/v1/training-assignments': {
    request: (_a, b) => ({
      method: 'POST',
      url: '/api/v1/training-assignments',
      payload: { moduleId: builtinModuleId('passwords'), audience: { kind: 'departments', ids: [b.department.id] }, dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    }),
    expectIsolated: async (response, _a, b) => {
      expect(response.statusCode).toBe(400);
      expectNothingOfB(response.body.replace(b.department.id, ''), b);
      await expectBAssignmentsUntouched(b);
    },
  },
};

describe('public API tenancy matrix', () => {
  it('has a case for every /api/v1 route the app serves', () => {
    const routes = t.app.routeTable.filter((route) => route.url.startsWith('/api/v1/') && !route.hidden).map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(Object.keys(cases).sort()).toEqual([...new Set(routes)].sort());
  });

  for (const [route, testCase] of Object.entries(cases)) {
    it(`${route}: one organisation's key neither reads nor changes another's rows`, async () => {
      await syncLessons(t.db);
      const a = await buildSide('Alpha');
      const b = await buildSide('Bravo');
      const { method, url, payload } = testCase.request(a, b);
      const response = await t.app.inject({ method, url, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      await testCase.expectIsolated({ statusCode: response.statusCode, body: response.body }, a, b);
      await expectBAssignmentsUntouched(b);
    });
  }
});
