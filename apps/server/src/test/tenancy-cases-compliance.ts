import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { complianceFrameworkChoices, complianceSettings, trainingAssignments } from '@vigil/db';
import { builtinModuleId } from '../modules/training/library/builtin-lessons.ts';
import { buildPerson } from './factories.ts';
import type { TestContext } from './test-app.ts';
import { syncLessons } from './training-factories.ts';

type Side = { org: { id: string } };
type TenantPair = { a: Side; b: Side };
type ComplianceCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Tenancy-matrix cases of compliance: B's chosen framework, B's settings and B's person's passed
 * training are never listed, counted, exported or changed by A (who may have chosen the same framework).
 */
export const complianceCases = (t: TestContext): Record<string, ComplianceCase> => {
  let b = { orgId: '', email: '' };
  const arrange = async ({ b: side }: TenantPair) => {
    await syncLessons(t.db);
    const person = await buildPerson(t.db, side.org.id, { firstName: 'Bravo', lastName: 'Learner' });
    await t.db.insert(complianceFrameworkChoices).values({ organizationId: side.org.id, frameworkId: 'hipaa', moduleIds: [builtinModuleId('passwords')] });
    await t.db.insert(complianceSettings).values({ organizationId: side.org.id, retentionYears: 9, newHireWindowDays: 45 });
    const completedAt = new Date(Date.now() - 86_400_000);
    await t.db.insert(trainingAssignments).values({ organizationId: side.org.id, personId: person.id, moduleId: builtinModuleId('passwords'), status: 'completed', completedAt, dueAt: completedAt, score: 90, moduleVersion: 1, certificateId: `VC-BRAVO-${person.id.slice(0, 8)}` });
    b = { orgId: side.org.id, email: person.email };
  };
  const arrangeBoth = async (tenants: TenantPair) => {
    await arrange(tenants);
    await t.db.insert(complianceFrameworkChoices).values({ organizationId: tenants.a.org.id, frameworkId: 'hipaa', moduleIds: [builtinModuleId('passwords')] });
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).not.toContain('Bravo');
    expect(response.body).not.toContain(b.email);
    expect(response.body).not.toContain('VC-BRAVO');
    const [choice] = await t.db.select().from(complianceFrameworkChoices).where(eq(complianceFrameworkChoices.organizationId, b.orgId));
    expect(choice).toMatchObject({ frameworkId: 'hipaa', moduleIds: [builtinModuleId('passwords')] });
    const [settings] = await t.db.select().from(complianceSettings).where(eq(complianceSettings.organizationId, b.orgId));
    expect(settings).toMatchObject({ retentionYears: 9, newHireWindowDays: 45 });
  };

  return {
    'GET /api/compliance/frameworks/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/compliance/frameworks/' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body).frameworks.every((framework: { chosen: boolean }) => !framework.chosen)).toBe(true);
      },
    },
    'PUT /api/compliance/frameworks/:id/': {
      arrange,
      request: () => ({ method: 'PUT', url: '/api/compliance/frameworks/hipaa/', payload: { moduleIds: [builtinModuleId('passkeys')], applyCadence: false } }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        // A's counts are A's people: its admin and its other person, neither of whom passed.
        expect(JSON.parse(response.body).counts).toMatchObject({ compliant: 0, total: 2 });
      },
    },
    'DELETE /api/compliance/frameworks/:id/': {
      arrange,
      request: () => ({ method: 'DELETE', url: '/api/compliance/frameworks/hipaa/' }),
      expectIsolated: (response) => expectBUntouched(response, 404),
    },
    'GET /api/compliance/frameworks/:id/people/': {
      arrange: arrangeBoth,
      request: () => ({ method: 'GET', url: '/api/compliance/frameworks/hipaa/people/?limit=200' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body).items).toHaveLength(2);
      },
    },
    'GET /api/compliance/frameworks/:id/evidence/': {
      arrange: arrangeBoth,
      request: () => ({ method: 'GET', url: `/api/compliance/frameworks/hipaa/evidence/?format=csv&from=${day(-30)}&to=${day(0)}` }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(response.body.trim().split('\n')).toHaveLength(1);
      },
    },
    'GET /api/compliance/settings/': {
      arrange,
      request: () => ({ method: 'GET', url: '/api/compliance/settings/' }),
      expectIsolated: async (response) => {
        await expectBUntouched(response, 200);
        expect(JSON.parse(response.body)).toEqual({ retentionYears: 6, newHireWindowDays: 30 });
      },
    },
    'PUT /api/compliance/settings/': {
      arrange,
      request: () => ({ method: 'PUT', url: '/api/compliance/settings/', payload: { retentionYears: 2, newHireWindowDays: 10 } }),
      expectIsolated: (response) => expectBUntouched(response, 200),
    },
  };
};
