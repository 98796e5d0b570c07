import { describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { authEvents, outboxMessages, passkeys, refreshTokens, users, verifications } from '@vigil/auth-provider/schema';
import { feedbackMessages, organizations, people } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson, grantDepartmentView } from './factories.ts';
import { onboardingWizardCases } from './tenancy-cases-onboarding.ts';
import { organizationUsersCases } from './tenancy-cases-organization-users.ts';
import { reportPhishCases } from './tenancy-cases-report-phish.ts';
import { phishingTemplatesCases } from './tenancy-cases-phishing-templates.ts';
import { sendingProfilesCases } from './tenancy-cases-sending-profiles.ts';
import { campaignsCases } from './tenancy-cases-campaigns.ts';
import { headsUpCases } from './tenancy-cases-heads-up.ts';
import { riskCases } from './tenancy-cases-risk.ts';
import { reportingCases } from './tenancy-cases-reporting.ts';
import { adaptiveControlsCases } from './tenancy-cases-adaptive-controls.ts';
import { initialTestingCases } from './tenancy-cases-initial-testing.ts';
import { programmesAndRequestsCases } from './tenancy-cases-programmes-requests.ts';
import { trainingCases } from './tenancy-cases-training.ts';
import { trainingUploadsCases } from './tenancy-cases-training-uploads.ts';
import { trainingCadenceCases } from './tenancy-cases-training-cadence.ts';
import { complianceCases } from './tenancy-cases-compliance.ts';
import { policiesCases } from './tenancy-cases-policies.ts';
import { trainingTextsCases } from './tenancy-cases-training-texts.ts';
import { googleDirectoryCases } from './tenancy-cases-google-directory.ts';
import { webhooksCases } from './tenancy-cases-webhooks.ts';
import { apiKeysCases } from './tenancy-cases-api-keys.ts';
import { phishMailboxCases } from './tenancy-cases-phish-mailbox.ts';
import { useTestApp } from './test-app.ts';

const t = useTestApp();

/**
 * Two organisations, each a managed-service provider with a client and people. Every /api route
 * is called by a person of organisation A and must neither reveal nor change anything of B.
 */
const buildTwoTenants = async () => {
  const build = async (name: string) => {
    const org = await buildOrganization(t.db, { name: `${name} MSP`, pictureFileName: `${name.toLowerCase()}-0123456789ab.png` });
    const client = await buildOrganization(t.db, { name: `${name} Client`, managedByOrganizationId: org.id });
    const department = await buildDepartment(t.db, org.id, `${name} Finance`);
    const admin = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `admin.${org.id.slice(0, 8)}@${name.toLowerCase()}.example` });
    await grantDepartmentView(t.db, org.id, admin.id, department.id);
    await buildPerson(t.db, org.id, { managerId: admin.id });
    // A login and a message waiting in the outbox for this organisation's admin.
    await createAuthManagement(t.db).upsertUsers([{ userId: admin.authUserId!, email: admin.email, givenName: 'A', familyName: name, tenants: {} }]);
    await t.db.insert(outboxMessages).values({ id: `M${admin.id}`, channel: 'email', recipient: admin.email, subject: `code for ${name}`, body: 'Your code is 123456' });
    await t.db.insert(authEvents).values({ id: `E${admin.id}`, userId: admin.authUserId, event: 'signin', method: 'password', success: true });
    // A signed-in browser (a refresh-token family) of this organisation's admin.
    const inAnHour = new Date(Date.now() + 3_600_000);
    await t.db.insert(refreshTokens).values({ tokenHash: `H${admin.id}`, familyId: `F${admin.id}`, userId: admin.authUserId!, familyExpiresAt: inAnHour, expiresAt: inAnHour });
    return { org, client, department, admin };
  };
  return { a: await build('Alpha'), b: await build('Bravo') };
};

type Tenants = Awaited<ReturnType<typeof buildTwoTenants>>;
type MatrixCase = {
  /** Rows the case needs before the call, in A and in B. */
  arrange?: (tenants: Tenants) => Promise<void>;
  /** What A does that could touch B's data. */
  request: (tenants: Tenants) => {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
    /** The session (refresh family) the caller's token names. */
    sid?: string;
  };
  /** What must hold afterwards: B's rows invisible in the answer and unchanged in the database. */
  expectIsolated: (response: { statusCode: number; body: string; rawPayload: Buffer }, tenants: Tenants) => Promise<void> | void;
};

const matrix: Record<string, MatrixCase> = {
  ...onboardingWizardCases(t),
  ...organizationUsersCases(t),
  ...reportPhishCases(t),
  ...phishingTemplatesCases(t),
  ...sendingProfilesCases(t),
  ...campaignsCases(t),
  ...headsUpCases(t),
  ...initialTestingCases(t),
  ...programmesAndRequestsCases(t),
  ...trainingCases(t),
  ...trainingUploadsCases(t),
  ...trainingCadenceCases(t),
  ...complianceCases(t),
  ...policiesCases(t),
  ...trainingTextsCases(t),
  ...googleDirectoryCases(t),
  ...riskCases(t),
  ...reportingCases(t),
  ...adaptiveControlsCases(t),
  ...webhooksCases(t),
  ...apiKeysCases(t),
  ...phishMailboxCases(t),
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
  'POST /api/outbox/:messageId/confirm/': {
    // A WhatsApp sign-in of B's admin waiting in the outbox, as the provider keeps it (no Twilio).
    arrange: async ({ b }) => {
      const phone = `+1555${String(parseInt(b.admin.id.slice(0, 6), 16) % 10_000_000).padStart(7, '0')}`;
      await t.db.update(users).set({ phone, verifiedPhone: true }).where(eq(users.id, b.admin.authUserId!));
      await t.db.insert(verifications).values({ id: `V${b.admin.id}`, kind: 'notp', channel: 'whatsapp', loginId: phone, userId: b.admin.authUserId, secretHash: `S${b.admin.id}`, pendingRefHash: `P${b.admin.id}`, expiresAt: new Date(Date.now() + 600_000) });
      await t.db.insert(outboxMessages).values({ id: `notp:V${b.admin.id}`, channel: 'whatsapp-inbound', recipient: phone, subject: `Waiting for WhatsApp from ${phone}`, body: 'waiting' });
    },
    request: ({ b }) => ({ method: 'POST', url: `/api/outbox/notp:V${b.admin.id}/confirm/` }),
    expectIsolated: async (response, { b }) => {
      expect(response.statusCode).toBe(404);
      const [request] = await t.db.select().from(verifications).where(eq(verifications.id, `V${b.admin.id}`));
      expect(request).toMatchObject({ verifiedAt: null, consumedAt: null });
      expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, `notp:V${b.admin.id}`))).toHaveLength(1);
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
  'GET /api/organization/': {
    request: () => ({ method: 'GET', url: '/api/organization/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.org.name);
      expect(response.body).not.toContain(b.org.name);
    },
  },
  'PATCH /api/organization/': {
    request: () => ({ method: 'PATCH', url: '/api/organization/', payload: { name: 'Renamed by A' } }),
    expectIsolated: async (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      const names = await t.db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, [a.org.id, b.org.id]));
      expect(Object.fromEntries(names.map((n) => [n.id, n.name]))).toEqual({ [a.org.id]: 'Renamed by A', [b.org.id]: b.org.name });
    },
  },
  'POST /api/organization/logo/': {
    request: () => ({
      method: 'POST',
      url: '/api/organization/logo/',
      headers: { 'content-type': 'image/svg+xml' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
    }),
    expectIsolated: async (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      const logos = await t.db.select({ id: organizations.id, logo: organizations.pictureFileName }).from(organizations).where(inArray(organizations.id, [a.org.id, b.org.id]));
      const byId = Object.fromEntries(logos.map((l) => [l.id, l.logo]));
      expect(byId[a.org.id]).toMatch(/\.svg$/);
      expect(byId[b.org.id]).toBe(b.org.pictureFileName);
    },
  },
  'DELETE /api/organization/logo/': {
    request: () => ({ method: 'DELETE', url: '/api/organization/logo/' }),
    expectIsolated: async (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      const logos = await t.db.select({ id: organizations.id, logo: organizations.pictureFileName }).from(organizations).where(inArray(organizations.id, [a.org.id, b.org.id]));
      expect(Object.fromEntries(logos.map((l) => [l.id, l.logo]))).toEqual({ [a.org.id]: '', [b.org.id]: b.org.pictureFileName });
    },
  },
  'GET /api/account/profile/': {
    request: () => ({ method: 'GET', url: '/api/account/profile/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(a.admin.email);
      expect(response.body).not.toContain(b.admin.email);
    },
  },
  'PATCH /api/account/profile/': {
    request: () => ({ method: 'PATCH', url: '/api/account/profile/', payload: { firstName: 'Changed', lastName: 'By A' } }),
    expectIsolated: async (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      const names = await t.db.select({ id: people.id, firstName: people.firstName }).from(people).where(inArray(people.id, [a.admin.id, b.admin.id]));
      expect(Object.fromEntries(names.map((n) => [n.id, n.firstName]))).toEqual({ [a.admin.id]: 'Changed', [b.admin.id]: b.admin.firstName });
    },
  },
  'GET /api/account/factors/': {
    arrange: async ({ a, b }) => {
      for (const admin of [a.admin, b.admin]) {
        await t.db.insert(passkeys).values({ id: `K${admin.id}`, userId: admin.authUserId!, userHandle: `H${admin.id}`, publicKey: 'not-used-here' });
      }
    },
    request: () => ({ method: 'GET', url: '/api/account/factors/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect((JSON.parse(response.body) as { passkeys: { id: string }[] }).passkeys.map((passkey) => passkey.id)).toEqual([`K${a.admin.id}`]);
      expect(response.body).not.toContain(`K${b.admin.id}`);
    },
  },
  'GET /api/account/sessions/': {
    request: ({ a }) => ({ method: 'GET', url: '/api/account/sessions/', sid: `F${a.admin.id}` }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`F${a.admin.id}`);
      expect(response.body).not.toContain(`F${b.admin.id}`);
    },
  },
  'DELETE /api/account/sessions/:sessionId/': {
    request: ({ b }) => ({ method: 'DELETE', url: `/api/account/sessions/F${b.admin.id}/` }),
    expectIsolated: async (response, { b }) => {
      expect(response.statusCode).toBe(404);
      const [token] = await t.db.select({ status: refreshTokens.status }).from(refreshTokens).where(eq(refreshTokens.familyId, `F${b.admin.id}`));
      expect(token?.status).toBe('active');
    },
  },
  'POST /api/account/sessions/revoke-others/': {
    // A's token names a session of A's that does not exist, so every open session of A's is "another".
    request: ({ a }) => ({ method: 'POST', url: '/api/account/sessions/revoke-others/', sid: `Fgone${a.admin.id}` }),
    expectIsolated: async (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      const tokens = await t.db.select({ familyId: refreshTokens.familyId, status: refreshTokens.status }).from(refreshTokens).where(inArray(refreshTokens.familyId, [`F${a.admin.id}`, `F${b.admin.id}`]));
      expect(Object.fromEntries(tokens.map((row) => [row.familyId, row.status]))).toEqual({ [`F${a.admin.id}`]: 'revoked', [`F${b.admin.id}`]: 'active' });
    },
  },
  'GET /api/account/login-history/': {
    request: () => ({ method: 'GET', url: '/api/account/login-history/' }),
    expectIsolated: (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`E${a.admin.id}`);
      expect(response.body).not.toContain(`E${b.admin.id}`);
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
  await testCase.arrange?.(tenants);
  const { method, url, payload, headers, sid } = testCase.request(tenants);
  return t.app.inject({
    method,
    url,
    headers: { ...headers, ...(await t.authAs(tenants.a.admin, { ...(dct ? { dct } : {}), ...(sid ? { sid } : {}) })) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
};

describe('tenancy matrix', () => {
  it('has a case for every /api route the app serves', () => {
    const apiRoutes = t.app.routeTable
      // The public API (/api/v1) takes API keys, not sessions: its own matrix is public-api-tenancy.test.ts.
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/v1/') && !route.isPublic && !route.hidden)
      .map((route) => `${route.method} ${route.url}`);
    expect(apiRoutes.length).toBeGreaterThan(0);
    expect(Object.keys(matrix).sort()).toEqual([...new Set(apiRoutes)].sort());
  });

  for (const [route, testCase] of Object.entries(matrix)) {
    it(`${route}: a person of one organisation cannot read or change another's rows`, async () => {
      const tenants = await buildTwoTenants();
      const response = await callAsAlphaAdmin(testCase, tenants);
      await testCase.expectIsolated({ statusCode: response.statusCode, body: response.body, rawPayload: response.rawPayload }, tenants);
    });

    it(`${route}: a session whose selected tenant is another organisation is refused`, async () => {
      const tenants = await buildTwoTenants();
      const response = await callAsAlphaAdmin(testCase, tenants, tenants.b.org.id);
      expect(response.statusCode).toBe(403);
    });
  }
});
