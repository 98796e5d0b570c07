import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { googleDirectoryChanges, googleDirectoryConnections, googleDirectoryRuns } from '@vigil/db';
import { makeServiceAccount } from './fake-google-workspace.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; admin: { id: string; email: string } };
type TenantPair = { a: Side; b: Side };

const serviceAccount = makeServiceAccount('tenancy@vigil-test.iam.gserviceaccount.com');
const subjectOf = (side: Side) => `it-admin@${side.org.id.slice(0, 8)}.example`;

/**
 * Tenancy-matrix cases of the Google Workspace directory sync: B is connected and has a run with a
 * change log; A's admin neither sees, tests, starts, nor removes B's sync, nor reads B's runs.
 */
export const googleDirectoryCases = (t: TestContext) => {
  const runIds = new Map<string, string>();
  const arrange = async ({ b }: TenantPair) => {
    await t.db.insert(googleDirectoryConnections).values({ organizationId: b.org.id, serviceAccountKeySealed: t.app.secrets.seal(serviceAccount.json), clientEmail: serviceAccount.clientEmail, clientId: serviceAccount.clientId, subject: subjectOf(b) });
    const [run] = await t.db.insert(googleDirectoryRuns).values({ organizationId: b.org.id, dryRun: false, trigger: 'manual', state: 'succeeded', created: 1 }).returning();
    await t.db.insert(googleDirectoryChanges).values({ organizationId: b.org.id, runId: run!.id, seq: 0, googleUserId: '1001', email: b.admin.email, kind: 'created' });
    runIds.set(b.org.id, run!.id);
  };
  const runOf = (b: Side) => runIds.get(b.org.id)!;
  const expectBUntouched = async (b: Side) => {
    const [connection] = await t.db.select().from(googleDirectoryConnections).where(eq(googleDirectoryConnections.organizationId, b.org.id));
    expect(connection).toMatchObject({ subject: subjectOf(b), schedule: 'off' });
    expect(await t.db.select().from(googleDirectoryRuns).where(eq(googleDirectoryRuns.organizationId, b.org.id))).toHaveLength(1);
  };
  const base = '/api/integrations/google-workspace';
  return {
    [`GET ${base}/`]: {
      arrange,
      request: () => ({ method: 'GET' as const, url: `${base}/` }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body)).toMatchObject({ connection: null, lastRuns: [] });
        expect(response.body).not.toContain(subjectOf(b));
      },
    },
    [`PUT ${base}/`]: {
      arrange,
      request: ({ a }: TenantPair) => ({ method: 'PUT' as const, url: `${base}/`, payload: { serviceAccountKey: serviceAccount.json, subject: subjectOf(a), schedule: 'daily' } }),
      expectIsolated: async (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(runOf(b));
        await expectBUntouched(b);
      },
    },
    [`DELETE ${base}/`]: {
      arrange,
      request: () => ({ method: 'DELETE' as const, url: `${base}/` }),
      expectIsolated: async (response: { statusCode: number }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        await expectBUntouched(b);
      },
    },
    [`POST ${base}/test/`]: {
      arrange,
      request: () => ({ method: 'POST' as const, url: `${base}/test/` }),
      expectIsolated: async (response: { statusCode: number }, { b }: TenantPair) => {
        // A is not connected: B's connection is never used for A.
        expect(response.statusCode).toBe(409);
        await expectBUntouched(b);
      },
    },
    [`POST ${base}/runs/`]: {
      arrange,
      request: () => ({ method: 'POST' as const, url: `${base}/runs/`, payload: { dryRun: true } }),
      expectIsolated: async (response: { statusCode: number }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(409);
        await expectBUntouched(b);
      },
    },
    [`GET ${base}/runs/`]: {
      arrange,
      request: () => ({ method: 'GET' as const, url: `${base}/runs/` }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).items).toEqual([]);
        expect(response.body).not.toContain(runOf(b));
      },
    },
    [`GET ${base}/runs/:runId/`]: {
      arrange,
      request: ({ b }: TenantPair) => ({ method: 'GET' as const, url: `${base}/runs/${runOf(b)}/` }),
      expectIsolated: (response: { statusCode: number }) => expect(response.statusCode).toBe(404),
    },
    [`GET ${base}/runs/:runId/changes/`]: {
      arrange,
      request: ({ b }: TenantPair) => ({ method: 'GET' as const, url: `${base}/runs/${runOf(b)}/changes/` }),
      expectIsolated: (response: { statusCode: number; body: string }, { b }: TenantPair) => {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain(b.admin.email);
      },
    },
  };
};
