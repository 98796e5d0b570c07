import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Person, reportSchedules } from '@vigil/db';
import { readPdfText } from './pdf-text-reader.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string; name: string }; client: { id: string; name: string }; admin: Person };
type TenantPair = { a: Side; b: Side };

/** Tenancy-matrix cases of reporting: A's admin reads, schedules and summarises only A. */
export const reportingCases = (t: TestContext) => {
  let bSchedule = '';
  const arrangeSchedule = async ({ b }: TenantPair) => {
    const [row] = await t.db.insert(reportSchedules).values({ organizationId: b.org.id, frequency: 'weekly', days: 90, recipientIds: [b.admin.id] }).returning();
    bSchedule = row!.id;
  };
  const bScheduleUnchanged = async () => {
    const [row] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, bSchedule));
    expect(row).toMatchObject({ frequency: 'weekly', days: 90 });
  };
  return {
    'GET /api/reports/executive/': {
      request: () => ({ method: 'GET' as const, url: '/api/reports/executive/' }),
      expectIsolated: (response: { statusCode: number; body: string }, { a, b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).organizationName).toBe(a.org.name);
        expect(response.body).not.toContain(b.org.name);
      },
    },
    'GET /api/reports/executive/pdf/': {
      request: () => ({ method: 'GET' as const, url: '/api/reports/executive/pdf/' }),
      expectIsolated: async (response: { statusCode: number; rawPayload: Buffer }, { a, b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        const text = await readPdfText(response.rawPayload);
        expect(text).toContain(a.org.name);
        expect(text).not.toContain(b.org.name);
      },
    },
    'GET /api/reports/schedules/': {
      arrange: arrangeSchedule,
      request: () => ({ method: 'GET' as const, url: '/api/reports/schedules/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body)).toEqual({ items: [] });
      },
    },
    'POST /api/reports/schedules/': {
      request: ({ b }: TenantPair) => ({ method: 'POST' as const, url: '/api/reports/schedules/', payload: { frequency: 'weekly', days: 90, recipientIds: [b.admin.id] } }),
      expectIsolated: async (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(400);
        expect(response.body).not.toContain(b.admin.email);
        expect(await t.db.select().from(reportSchedules).where(eq(reportSchedules.organizationId, b.org.id))).toEqual([]);
      },
    },
    'PUT /api/reports/schedules/:id/': {
      arrange: arrangeSchedule,
      request: ({ a }: TenantPair) => ({ method: 'PUT' as const, url: `/api/reports/schedules/${bSchedule}/`, payload: { frequency: 'monthly', days: 30, recipientIds: [a.admin.id] } }),
      expectIsolated: async (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        await bScheduleUnchanged();
      },
    },
    'DELETE /api/reports/schedules/:id/': {
      arrange: arrangeSchedule,
      request: () => ({ method: 'DELETE' as const, url: `/api/reports/schedules/${bSchedule}/` }),
      expectIsolated: async (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        await bScheduleUnchanged();
      },
    },
    'GET /api/reports/clients/': {
      request: () => ({ method: 'GET' as const, url: '/api/reports/clients/' }),
      expectIsolated: (response: { statusCode: number; body: string }, { a, b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).items.map((item: { id: string }) => item.id)).toEqual([a.client.id]);
        expect(response.body).not.toContain(b.client.id);
      },
    },
  };
};
