import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { trainingAssignments, trainingCadenceRules, trainingModuleRequests } from '@vigil/db';
import { builtinModuleId } from '../modules/training/library/builtin-lessons.ts';
import { buildPerson } from './factories.ts';
import type { TestContext } from './test-app.ts';
import { syncLessons } from './training-factories.ts';

type Side = { org: { id: string }; department: { id: string } };
type TenantPair = { a: Side; b: Side };
type CadenceCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Tenancy-matrix cases of training cadence, the schedule and module requests: B's rule, B's
 * request and B's person's open assignment are never listed, changed, deleted or counted by A.
 */
export const trainingCadenceCases = (t: TestContext): Record<string, CadenceCase> => {
  let b = { ruleId: '', requestId: '', personId: '', email: '' };
  const arrange = async ({ b: side }: TenantPair) => {
    await syncLessons(t.db);
    const person = await buildPerson(t.db, side.org.id, { firstName: 'Bravo', departmentId: side.department.id, startDate: day(3) });
    const [rule] = await t.db
      .insert(trainingCadenceRules)
      .values({ organizationId: side.org.id, moduleId: builtinModuleId('passwords'), audience: { kind: 'departments', ids: [side.department.id] }, cadence: 'quarterly', dueInDays: 21, anchorDate: day(0), frameworkId: 'bravo-framework' })
      .returning();
    const [request] = await t.db.insert(trainingModuleRequests).values({ organizationId: side.org.id, topic: 'Bravo topic', objectives: 'Bravo objectives for the module', languages: ['en_us'], minutes: 5 }).returning();
    await t.db.insert(trainingAssignments).values({ organizationId: side.org.id, personId: person.id, moduleId: builtinModuleId('passkeys'), dueAt: new Date(Date.now() + 2 * 86_400_000) });
    b = { ruleId: rule!.id, requestId: request!.id, personId: person.id, email: person.email };
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).not.toContain('Bravo');
    expect(response.body).not.toContain('bravo-framework');
    expect(response.body).not.toContain(b.ruleId);
    expect(response.body).not.toContain(b.requestId);
    const [rule] = await t.db.select().from(trainingCadenceRules).where(eq(trainingCadenceRules.id, b.ruleId));
    expect(rule).toMatchObject({ dueInDays: 21, pausedAt: null, deletedAt: null, lastRun: null });
    const [request] = await t.db.select().from(trainingModuleRequests).where(eq(trainingModuleRequests.id, b.requestId));
    expect(request).toMatchObject({ status: 'requested', topic: 'Bravo topic' });
    expect(await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.personId, b.personId))).toHaveLength(1);
  };

  return {
    'GET /api/training-cadence-rules/': { arrange, request: () => ({ method: 'GET', url: '/api/training-cadence-rules/' }), expectIsolated: (response) => expectBUntouched(response, 200) },
    'POST /api/training-cadence-rules/': {
      arrange,
      request: ({ b: side }) => ({ method: 'POST', url: '/api/training-cadence-rules/', payload: { moduleId: builtinModuleId('passwords'), audience: { kind: 'departments', ids: [side.department.id] }, cadence: 'annual', dueInDays: 30 } }),
      expectIsolated: (response) => expectBUntouched(response, 400),
    },
    'PATCH /api/training-cadence-rules/:id/': {
      arrange,
      request: () => ({ method: 'PATCH', url: `/api/training-cadence-rules/${b.ruleId}/`, payload: { state: 'paused', dueInDays: 5 } }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'DELETE /api/training-cadence-rules/:id/': {
      arrange,
      request: () => ({ method: 'DELETE', url: `/api/training-cadence-rules/${b.ruleId}/` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'GET /api/training-schedule/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/training-schedule/?from=${day(-1)}&to=${day(100)}` }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body)).toMatchObject({ days: [], items: [] });
      },
    },
    'GET /api/training-module-requests/': { arrange, request: () => ({ method: 'GET', url: '/api/training-module-requests/' }), expectIsolated: (response) => expectBUntouched(response, 200) },
    'POST /api/training-module-requests/': {
      arrange,
      request: () => ({ method: 'POST', url: '/api/training-module-requests/', payload: { topic: 'Alpha topic', objectives: 'People recognise the thing and report it.', languages: ['en_us'], minutes: 3 } }),
      expectIsolated: (response) => expectBUntouched(response, 201),
    },
    'PATCH /api/training-module-requests/:id/': {
      arrange,
      request: () => ({ method: 'PATCH', url: `/api/training-module-requests/${b.requestId}/`, payload: { status: 'declined' } }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
  };
};
