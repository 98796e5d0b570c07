import { describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { authEvents, outboxMessages } from '@vigil/auth-provider/schema';
import { feedbackMessages, organizations } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson, grantDepartmentView } from './factories.ts';
import { useTestApp } from './test-app.ts';

const t = useTestApp();

/**
 * Two organisations, each a managed-service provider with a client and people. Every /api route
 * is called by a person of organisation A and must neither reveal nor change anything of B.
 */
const buildTwoTenants = async () => {
  const build = async (name: string) => {
    const org = await buildOrganization(t.db, { name: `${name} MSP` });
    const client = await buildOrganization(t.db, { name: `${name} Client`, managedByOrganizationId: org.id });
    const department = await buildDepartment(t.db, org.id, `${name} Finance`);
    const admin = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `admin.${org.id.slice(0, 8)}@${name.toLowerCase()}.example` });
    await grantDepartmentView(t.db, org.id, admin.id, department.id);
    await buildPerson(t.db, org.id, { managerId: admin.id });
    // A login and a message waiting in the outbox for this organisation's admin.
    await createAuthManagement(t.db).upsertUsers([{ userId: admin.authUserId!, email: admin.email, givenName: 'A', familyName: name, tenants: {} }]);
    await t.db.insert(outboxMessages).values({ id: `M${admin.id}`, channel: 'email', recipient: admin.email, subject: `code for ${name}`, body: 'Your code is 123456' });
    await t.db.insert(authEvents).values({ id: `E${admin.id}`, userId: admin.authUserId, event: 'signin', method: 'password', success: true });
    return { org, client, department, admin };
  };
  return { a: await build('Alpha'), b: await build('Bravo') };
};

type Tenants = Awaited<ReturnType<typeof buildTwoTenants>>;
type MatrixCase = {
  /** What A does that could touch B's data. */
  request: (tenants: Tenants) => { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown };
  /** What must hold afterwards: B's rows invisible in the answer and unchanged in the database. */
  expectIsolated: (response: { statusCode: number; body: string }, tenants: Tenants) => Promise<void> | void;
};

const matrix: Record<string, MatrixCase> = {
  'GET /api/personal_user_data/': {
    request: () => ({ method: 'GET', url: '/api/personal_user_data/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.org.name);
      expect(response.body).not.toContain(b.org.name);
      expect(response.body).not.toContain(b.department.id);
    },
  },
  'GET /api/mssp_company_list/': {
    request: () => ({ method: 'GET', url: '/api/mssp_company_list/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.client.id);
      expect(response.body).not.toContain(b.client.id);
    },
  },
  'GET /api/mssp_company_list/:id/': {
    request: ({ b }) => ({ method: 'GET', url: `/api/mssp_company_list/${b.client.id}/` }),
    expectIsolated: (response, { b }) => {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(b.client.name);
    },
  },
  'GET /api/organization/login-logs/': {
    request: () => ({ method: 'GET', url: '/api/organization/login-logs/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.admin.email);
      expect(response.body).not.toContain(b.admin.email);
    },
  },
  'GET /api/outbox/': {
    request: () => ({ method: 'GET', url: '/api/outbox/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.admin.email);
      expect(response.body).not.toContain(b.admin.email);
    },
  },
  'PATCH /api/organization/onboarding/': {
    request: () => ({ method: 'PATCH', url: '/api/organization/onboarding/', payload: { is_bra_completed: true } }),
    expectIsolated: async (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      const flags = await t.db
        .select({ id: organizations.id, bra: organizations.isBraCompleted })
        .from(organizations)
        .where(inArray(organizations.id, [a.org.id, b.org.id]));
      expect(Object.fromEntries(flags.map((f) => [f.id, f.bra]))).toEqual({ [a.org.id]: true, [b.org.id]: false });
    },
  },
  'POST /api/submit-feedback/': {
    request: () => ({ method: 'POST', url: '/api/submit-feedback/', payload: { message: 'from A' } }),
    expectIsolated: async (response, { b }) => {
      expect(response.statusCode).toBe(200);
      const [inB] = await t.db.select({ n: count() }).from(feedbackMessages).where(eq(feedbackMessages.organizationId, b.org.id));
      expect(inB?.n).toBe(0);
    },
  },
};

/** Calls the case's route as A's admin, with an optional current tenant in the session. */
const callAsAlphaAdmin = async (testCase: MatrixCase, tenants: Tenants, dct?: string) => {
  const { method, url, payload } = testCase.request(tenants);
  return t.app.inject({
    method,
    url,
    headers: await t.authAs(tenants.a.admin, dct ? { dct } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
};

describe('tenancy matrix', () => {
  it('has a case for every /api route the app serves', () => {
    const apiRoutes = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.isPublic && !route.hidden)
      .map((route) => `${route.method} ${route.url}`);
    expect(apiRoutes.length).toBeGreaterThan(0);
    expect(Object.keys(matrix).sort()).toEqual([...new Set(apiRoutes)].sort());
  });

  for (const [route, testCase] of Object.entries(matrix)) {
    it(`${route}: a person of one organisation cannot read or change another's rows`, async () => {
      const tenants = await buildTwoTenants();
      const response = await callAsAlphaAdmin(testCase, tenants);
      await testCase.expectIsolated({ statusCode: response.statusCode, body: response.body }, tenants);
    });

    it(`${route}: a session whose selected tenant is another organisation is refused`, async () => {
      const tenants = await buildTwoTenants();
      const response = await callAsAlphaAdmin(testCase, tenants, tenants.b.org.id);
      expect(response.statusCode).toBe(403);
    });
  }
});
