import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { trainingAssignments, trainingModules, trainingSettings } from '@vigil/db';
import { builtinModuleId } from '../modules/training/library/builtin-lessons.ts';
import { buildPerson } from './factories.ts';
import type { TestContext } from './test-app.ts';
import { syncLessons } from './training-factories.ts';

type Side = { org: { id: string }; department: { id: string } };
type TenantPair = { a: Side; b: Side };
type TrainingCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of training: B's own module, B's person's completed assignment and B's
 * training rules are never listed, read, assigned, cancelled, progressed, scored or printed by A.
 */
export const trainingCases = (t: TestContext): Record<string, TrainingCase> => {
  let b = { moduleId: '', assignmentId: '', personId: '', email: '' };
  const arrange = async ({ b: side }: TenantPair) => {
    await syncLessons(t.db);
    const builtin = (await t.db.select().from(trainingModules).where(eq(trainingModules.id, builtinModuleId('passwords'))))[0]!;
    const moduleId = randomUUID();
    await t.db.insert(trainingModules).values({
      ...builtin,
      id: moduleId,
      organizationId: side.org.id,
      builtinSlug: null,
      source: 'own',
      texts: { en_us: { ...(builtin.texts as { en_us: object }).en_us, title: 'Bravo module' } },
      createdAt: undefined,
      updatedAt: undefined,
    });
    const person = await buildPerson(t.db, side.org.id, { firstName: 'Bravo', departmentId: side.department.id });
    const [assignment] = await t.db
      .insert(trainingAssignments)
      .values({ organizationId: side.org.id, personId: person.id, moduleId: builtin.id, dueAt: new Date(Date.now() + 86_400_000), status: 'completed', watchedSeconds: 12, attempts: 1, score: 90, completedAt: new Date(), certificateId: `VC-B-${moduleId.slice(0, 8)}` })
      .returning();
    await t.db.insert(trainingSettings).values({ organizationId: side.org.id, settings: { noSkipAhead: false, testOutAllowed: true, maxQuizAttempts: 7, remedial: { enabled: false, failureEvents: ['clicked'], dueInDays: 30 } } });
    b = { moduleId, assignmentId: assignment!.id, personId: person.id, email: person.email };
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).not.toContain('Bravo');
    expect(response.body).not.toContain(b.email);
    const rows = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.personId, b.personId));
    expect(rows).toMatchObject([{ id: b.assignmentId, status: 'completed', watchedSeconds: 12, attempts: 1, score: 90 }]);
    const [settings] = await t.db.select().from(trainingSettings).where(eq(trainingSettings.organizationId, (await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.id, b.assignmentId)))[0]!.organizationId));
    expect(settings?.settings).toMatchObject({ maxQuizAttempts: 7 });
  };
  const dueAt = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

  return {
    'GET /api/training-modules/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/training-modules/' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(response.body).not.toContain(b.moduleId);
      },
    },
    'GET /api/training-modules/:id/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/training-modules/${b.moduleId}/` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'POST /api/training-assignments/': {
      arrange,
      request: () => ({ method: 'POST', url: '/api/training-assignments/', payload: { moduleId: builtinModuleId('passwords'), audience: { kind: 'people', ids: [b.personId] }, dueAt: dueAt() } }),
      expectIsolated: (response) => expectBUntouched(response, 400),
    },
    'GET /api/training-assignments/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/training-assignments/?format=json' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body).items).toEqual([]);
      },
    },
    'POST /api/training-assignments/:id/cancel/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/training-assignments/${b.assignmentId}/cancel/` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'GET /api/training-settings/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/training-settings/' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body).maxQuizAttempts).toBe(0);
      },
    },
    'PUT /api/training-settings/': {
      arrange,
      request: () => ({ method: 'PUT', url: '/api/training-settings/', payload: { noSkipAhead: true, testOutAllowed: false, maxQuizAttempts: 2, remedial: { enabled: true, failureEvents: ['submitted'], dueInDays: 5 } } }),
      expectIsolated: (response) => expectBUntouched(response, 200),
    },
    'GET /api/my-trainings/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/my-trainings/?tab=completed' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body).items).toEqual([]);
      },
    },
    'GET /api/my-trainings/:id/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/my-trainings/${b.assignmentId}/` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'PUT /api/my-trainings/:id/progress/': {
      arrange,
      request: () => ({ method: 'PUT', url: `/api/my-trainings/${b.assignmentId}/progress/`, payload: { watchedSeconds: 100 } }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'POST /api/my-trainings/:id/quiz/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/my-trainings/${b.assignmentId}/quiz/`, payload: { language: 'en_us', answers: [0, 0, 0, 0, 0, 0] } }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'GET /api/my-trainings/:id/certificate/': {
      arrange,
      request: () => ({ method: 'GET', url: `/api/my-trainings/${b.assignmentId}/certificate/` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
  };
};
