import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { trainingAssignments, trainingFiles, trainingModules } from '@vigil/db';
import { builtinMediaFolder } from '../modules/training/library/builtin-lessons.ts';
import { buildPerson } from './factories.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; department: { id: string } };
type TenantPair = { a: Side; b: Side };
type UploadCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; headers?: Record<string, string> };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of own content: B's own SCORM module and B's person's assignment of it are
 * never captioned, archived or committed to by A, and A's upload lands in A alone.
 */
export const trainingUploadsCases = (t: TestContext): Record<string, UploadCase> => {
  let b = { moduleId: '', assignmentId: '' };
  const arrange = async ({ b: side }: TenantPair) => {
    const moduleId = randomUUID();
    await t.db.insert(trainingModules).values({
      id: moduleId,
      organizationId: side.org.id,
      source: 'own',
      kind: 'scorm',
      scormVersion: '1.2',
      launchPath: 'index.html',
      topic: 'passwords',
      minutes: 5,
      passScore: 80,
      languages: ['en_us'],
      texts: { en_us: { title: 'Bravo package', summary: '', slides: [], quiz: [] } },
      mediaKey: `own/${moduleId}`,
      contentHash: 'bravo',
    });
    const person = await buildPerson(t.db, side.org.id, { firstName: 'Bravo', departmentId: side.department.id });
    const [assignment] = await t.db
      .insert(trainingAssignments)
      .values({ organizationId: side.org.id, personId: person.id, moduleId, dueAt: new Date(Date.now() + 86_400_000), status: 'in_progress', scormState: { suspendData: 'bravo', location: 'p1' } })
      .returning();
    b = { moduleId, assignmentId: assignment!.id };
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).not.toContain('Bravo');
    const [module] = await t.db.select().from(trainingModules).where(eq(trainingModules.id, b.moduleId));
    expect(module).toMatchObject({ archivedAt: null, texts: { en_us: { title: 'Bravo package' } } });
    expect(await t.db.select().from(trainingFiles).where(eq(trainingFiles.moduleId, b.moduleId))).toEqual([]);
    const [assignment] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.id, b.assignmentId));
    expect(assignment).toMatchObject({ status: 'in_progress', score: null, scormState: { suspendData: 'bravo', location: 'p1' } });
  };

  return {
    'POST /api/training-modules/own/': {
      arrange,
      request: () => ({
        method: 'POST',
        url: '/api/training-modules/own/?title=Alpha+video&topic=passwords&minutes=4&languages=en_us',
        headers: { 'content-type': 'video/mp4' },
        payload: readFileSync(join(builtinMediaFolder('passwords'), 'lesson.mp4')),
      }),
      expectIsolated: async (response, { a }) => {
        await expectBUntouched(response, 201);
        const [created] = await t.db.select().from(trainingModules).where(eq(trainingModules.id, JSON.parse(response.body).id));
        expect(created?.organizationId).toBe(a.org.id);
      },
    },
    'PUT /api/training-modules/own/:id/captions/:language/': {
      arrange,
      request: () => ({ method: 'PUT', url: `/api/training-modules/own/${b.moduleId}/captions/en_us/`, headers: { 'content-type': 'text/vtt' }, payload: 'WEBVTT\n\n00:00.000 --> 00:01.000\nBravo\n' }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'POST /api/training-modules/own/:id/archive/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/training-modules/own/${b.moduleId}/archive/` }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'PUT /api/my-trainings/:id/scorm/': {
      arrange,
      request: () => ({ method: 'PUT', url: `/api/my-trainings/${b.assignmentId}/scorm/`, payload: { session: 'run-alpha-1', lessonStatus: 'passed', scoreRaw: 100, suspendData: 'alpha' } }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
  };
};
