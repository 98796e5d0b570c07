import { expect } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { campaignRecipients, campaigns, identityProviderConnections, initialTestingLaunches, integrationSetups, organizations, people, scimTokens } from '@vigil/db';
import { validIdpCertificate } from '../modules/onboarding/test-certificates.ts';
import { syncBuiltinContent } from '../modules/phishing/builtin-content.ts';
import { buildSendingProfile } from './phishing-factories.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string; name: string } };
type TenantPair = { a: Side; b: Side };
type OnboardingCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of the onboarding wizard: A's admin sets up A; B's identity provider, SCIM
 * tokens, integrations, launch and onboarding flags stay as they were.
 */
export const onboardingWizardCases = (t: TestContext): Record<string, OnboardingCase> => {
  const saveIdentityProvider = (organizationId: string) =>
    t.db.insert(identityProviderConnections).values({
      organizationId,
      provider: 'okta',
      idpSsoUrl: 'https://example.okta.com/app/sso/saml',
      idpEntityId: 'http://www.okta.com/exk1',
      idpCertificate: validIdpCertificate,
      certificateSubject: 'CN=test',
      certificateFingerprintSha256: 'AA:BB',
      certificateExpiresAt: new Date(Date.now() + 365 * 86_400_000),
    });
  const issueToken = async (organizationId: string) =>
    (await t.db.insert(scimTokens).values({ organizationId, tokenHash: `hash-${organizationId}`, lastFour: 'abcd' }).returning())[0]!;
  const activeTokenIdsOf = async (organizationId: string) =>
    (await t.db.select().from(scimTokens).where(and(eq(scimTokens.organizationId, organizationId), isNull(scimTokens.revokedAt)))).map((row) => row.id);
  const flagsOf = async (organizationId: string) => (await t.db.select().from(organizations).where(eq(organizations.id, organizationId)))[0]!;
  const setupsOf = (organizationId: string) => t.db.select().from(integrationSetups).where(eq(integrationSetups.organizationId, organizationId));
  // Set by `arrange`, read by `request` of the same case.
  let bTokenId = '';

  const integrationCase = (url: string, payload: object, flag: 'isDmiCompleted' | 'isWatchtowerCompleted'): OnboardingCase => ({
    request: () => ({ method: 'PUT', url, payload }),
    expectIsolated: async (response, { a, b }) => {
      expect(response.statusCode).toBe(200);
      expect(await setupsOf(a.org.id)).toHaveLength(1);
      expect(await setupsOf(b.org.id)).toEqual([]);
      expect((await flagsOf(b.org.id))[flag]).toBe(false);
    },
  });
  const entraApp = { tenantId: 'alpha.onmicrosoft.com', applicationId: '3f2b9c4e-8d1a-4b6f-9e2c-7a5d1f0e8b3c', permissionsGranted: true };
  const serviceAccount = { serviceAccountClientId: '112233445566778899001', adminEmail: 'it@alpha.example', permissionsGranted: true };

  return {
    'GET /api/onboarding/': {
      arrange: async ({ b }) => {
        await saveIdentityProvider(b.org.id);
      },
      request: () => ({ method: 'GET', url: '/api/onboarding/' }),
      expectIsolated: (response, { a, b }) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(a.org.id);
        expect(response.body).not.toContain(b.org.id);
        expect(response.body).not.toContain(b.org.name);
        expect(JSON.parse(response.body).sso).toBeNull();
      },
    },
    'PUT /api/onboarding/sso/': {
      request: () => ({
        method: 'PUT',
        url: '/api/onboarding/sso/',
        payload: { provider: 'okta', idpSsoUrl: 'https://alpha.okta.com/sso', idpEntityId: 'http://www.okta.com/alpha', idpCertificate: validIdpCertificate },
      }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(200);
        expect(await t.db.select().from(identityProviderConnections).where(eq(identityProviderConnections.organizationId, b.org.id))).toEqual([]);
      },
    },
    'POST /api/onboarding/sso/verification/': {
      arrange: async ({ a, b }) => {
        for (const org of [a.org, b.org]) {
          await saveIdentityProvider(org.id);
          await issueToken(org.id);
        }
      },
      request: () => ({ method: 'POST', url: '/api/onboarding/sso/verification/', payload: { usersAssigned: true } }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(200);
        expect((await flagsOf(a.org.id)).isSsoCompleted).toBe(true);
        expect(await flagsOf(b.org.id)).toMatchObject({ isSsoCompleted: false, isScimCompleted: false });
        const [bConnection] = await t.db.select().from(identityProviderConnections).where(eq(identityProviderConnections.organizationId, b.org.id));
        expect(bConnection?.verifiedAt).toBeNull();
      },
    },
    'POST /api/onboarding/scim-tokens/': {
      arrange: async ({ b }) => {
        bTokenId = (await issueToken(b.org.id)).id;
      },
      request: () => ({ method: 'POST', url: '/api/onboarding/scim-tokens/' }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(201);
        // Issuing revokes the earlier token of A only.
        expect(await activeTokenIdsOf(b.org.id)).toEqual([bTokenId]);
      },
    },
    'DELETE /api/onboarding/scim-tokens/:tokenId/': {
      arrange: async ({ b }) => {
        bTokenId = (await issueToken(b.org.id)).id;
      },
      request: () => ({ method: 'DELETE', url: `/api/onboarding/scim-tokens/${bTokenId}/` }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(404);
        expect(await activeTokenIdsOf(b.org.id)).toEqual([bTokenId]);
      },
    },
    'PUT /api/onboarding/dmi/exchange/': integrationCase('/api/onboarding/dmi/exchange/', entraApp, 'isDmiCompleted'),
    'PUT /api/onboarding/dmi/google-workspace/': integrationCase(
      '/api/onboarding/dmi/google-workspace/',
      { ...serviceAccount, serviceAccountEmail: 'dmi@alpha-vigil.iam.gserviceaccount.com' },
      'isDmiCompleted',
    ),
    'PUT /api/onboarding/watchtower/google/': integrationCase('/api/onboarding/watchtower/google/', { ...serviceAccount, customerId: 'C01alpha1' }, 'isWatchtowerCompleted'),
    'PUT /api/onboarding/watchtower/microsoft/': integrationCase('/api/onboarding/watchtower/microsoft/', { ...entraApp, entraLicense: 'p2' }, 'isWatchtowerCompleted'),
    'POST /api/onboarding/initial-testing/launch/': {
      arrange: async ({ a, b }) => {
        const earlierSteps = { isSsoCompleted: true, isScimCompleted: true, isDmiCompleted: true, isWatchtowerCompleted: true };
        await t.db.update(organizations).set(earlierSteps).where(inArray(organizations.id, [a.org.id, b.org.id]));
        // The launch creates the initial-testing campaign from the built-in lures, through each organisation's own profile.
        await syncBuiltinContent(t.db);
        for (const side of [a, b]) await buildSendingProfile(t.db, t.app.secrets, side.org.id, { host: 'smtp.example', port: 25 });
      },
      request: () => ({
        method: 'POST',
        url: '/api/onboarding/initial-testing/launch/',
        payload: { startsOn: new Date().toISOString().slice(0, 10), durationDays: 7 },
      }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(200);
        expect((await flagsOf(a.org.id)).isInitialTestingCompleted).toBe(true);
        expect((await flagsOf(b.org.id)).isInitialTestingCompleted).toBe(false);
        expect(await t.db.select().from(initialTestingLaunches).where(eq(initialTestingLaunches.organizationId, b.org.id))).toEqual([]);
        // A's baseline tests A's people only; B has no campaign.
        expect(await t.db.select().from(campaigns).where(eq(campaigns.organizationId, b.org.id))).toEqual([]);
        const tested = await t.db.select({ organizationId: people.organizationId }).from(campaignRecipients).innerJoin(people, eq(people.id, campaignRecipients.personId));
        expect(tested.filter((row) => row.organizationId === b.org.id)).toEqual([]);
        expect(tested.filter((row) => row.organizationId === a.org.id).length).toBeGreaterThan(0);
      },
    },
  };
};
