import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Person, adaptiveControlFirings, adaptiveControlRules } from '@vigil/db';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; admin: Person };
type TenantPair = { a: Side; b: Side };

const ruleBody = { name: 'Two failures', trigger: { kind: 'failures_within', count: 2, days: 30 }, actions: { requireMfa: true } } as const;

/** Tenancy-matrix cases of adaptive controls: A's admin never reads, changes or lifts B's rules and firings. */
export const adaptiveControlsCases = (t: TestContext) => {
  let bRule = '';
  let bFiring = '';
  const arrange = async ({ b }: TenantPair) => {
    const [rule] = await t.db.insert(adaptiveControlRules).values({ organizationId: b.org.id, name: 'Bravo rule', trigger: ruleBody.trigger, actions: { assignModuleId: null, notifyManager: false, requireMfa: true, sessionMaxMinutes: null } }).returning();
    bRule = rule!.id;
    const [firing] = await t.db.insert(adaptiveControlFirings).values({ organizationId: b.org.id, ruleId: bRule, personId: b.admin.id, firedAt: new Date(), applied: { requireMfa: true } }).returning();
    bFiring = firing!.id;
  };
  const bUnchanged = async () => {
    expect((await t.db.select().from(adaptiveControlRules).where(eq(adaptiveControlRules.id, bRule)))[0]).toMatchObject({ name: 'Bravo rule', enabled: true });
    expect((await t.db.select().from(adaptiveControlFirings).where(eq(adaptiveControlFirings.id, bFiring)))[0]).toMatchObject({ liftedAt: null });
  };
  return {
    'GET /api/adaptive-controls/rules/': {
      arrange,
      request: () => ({ method: 'GET' as const, url: '/api/adaptive-controls/rules/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body)).toEqual({ items: [] });
      },
    },
    'POST /api/adaptive-controls/rules/': {
      arrange,
      request: () => ({ method: 'POST' as const, url: '/api/adaptive-controls/rules/', payload: ruleBody }),
      expectIsolated: async (response: { statusCode: number; body: string }, { a }: TenantPair) => {
        expect(response.statusCode).toBe(201);
        const [row] = await t.db.select().from(adaptiveControlRules).where(eq(adaptiveControlRules.id, JSON.parse(response.body).id));
        expect(row!.organizationId).toBe(a.org.id);
        await bUnchanged();
      },
    },
    'PUT /api/adaptive-controls/rules/:id/': {
      arrange,
      request: () => ({ method: 'PUT' as const, url: `/api/adaptive-controls/rules/${bRule}/`, payload: { ...ruleBody, enabled: false } }),
      expectIsolated: async (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        await bUnchanged();
      },
    },
    'DELETE /api/adaptive-controls/rules/:id/': {
      arrange,
      request: () => ({ method: 'DELETE' as const, url: `/api/adaptive-controls/rules/${bRule}/` }),
      expectIsolated: async (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        await bUnchanged();
      },
    },
    'GET /api/adaptive-controls/firings/': {
      arrange,
      request: () => ({ method: 'GET' as const, url: '/api/adaptive-controls/firings/?status=all' }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).items).toEqual([]);
        expect(response.body).not.toContain(b.admin.email);
      },
    },
    'POST /api/adaptive-controls/firings/:id/lift/': {
      arrange,
      request: () => ({ method: 'POST' as const, url: `/api/adaptive-controls/firings/${bFiring}/lift/` }),
      expectIsolated: async (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        await bUnchanged();
      },
    },
  };
};
