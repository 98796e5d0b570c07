import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { phishingSettings, sendingProfiles } from '@vigil/db';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string; name: string } };
type TenantPair = { a: Side; b: Side };
type SendingProfilesCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of Configure → Testing → Sending profiles and the filter header secret: A's
 * admin never lists, reads, changes, archives or sends through B's profiles, nor reads or rotates B's secret.
 */
export const sendingProfilesCases = (t: TestContext): Record<string, SendingProfilesCase> => {
  // Set by `arrange`, read by `request` and `expectIsolated` of the same case.
  let bProfileId = '';
  let bSecretSealed = '';
  const arrangeProfile = async ({ b }: TenantPair) => {
    const [profile] = await t.db
      .insert(sendingProfiles)
      .values({ organizationId: b.org.id, name: `Bravo relay ${b.org.id}`, host: 'smtp.bravo.example', port: 587, security: 'starttls', fromAddress: 'it@bravo.example' })
      .returning();
    bProfileId = profile!.id;
  };
  const arrangeSecret = async ({ b }: TenantPair) => {
    bSecretSealed = t.app.secrets.seal(`bravo-secret-${b.org.id}`);
    await t.db.insert(phishingSettings).values({ organizationId: b.org.id, filterHeaderSecretSealed: bSecretSealed });
  };
  const bProfile = async () => (await t.db.select().from(sendingProfiles).where(eq(sendingProfiles.id, bProfileId)))[0]!;
  const expectBProfileUntouched = async (response: { statusCode: number; body: string }, { b }: TenantPair) => {
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(`Bravo relay ${b.org.id}`);
    expect(await bProfile()).toMatchObject({ name: `Bravo relay ${b.org.id}`, archivedAt: null, port: 587 });
  };
  const expectBSecretUntouched = async (response: { statusCode: number; body: string }, { b }: TenantPair) => {
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(`bravo-secret-${b.org.id}`);
    const [row] = await t.db.select().from(phishingSettings).where(eq(phishingSettings.organizationId, b.org.id));
    expect(row?.filterHeaderSecretSealed).toBe(bSecretSealed);
  };

  return {
    'GET /api/sending-profiles/': {
      arrange: arrangeProfile,
      request: () => ({ method: 'GET', url: '/api/sending-profiles/' }),
      expectIsolated: (response, { b }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).items).toEqual([]);
        expect(response.body).not.toContain(b.org.id);
      },
    },
    'POST /api/sending-profiles/': {
      request: () => ({ method: 'POST', url: '/api/sending-profiles/', payload: { name: 'Alpha relay', host: 'smtp.alpha.example', port: 587, security: 'starttls', fromAddress: 'it@alpha.example' } }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(201);
        const owners = await t.db.select({ organizationId: sendingProfiles.organizationId }).from(sendingProfiles).where(eq(sendingProfiles.id, JSON.parse(response.body).id));
        expect(owners).toEqual([{ organizationId: a.org.id }]);
        expect(await t.db.select().from(sendingProfiles).where(eq(sendingProfiles.organizationId, b.org.id))).toEqual([]);
      },
    },
    'GET /api/sending-profiles/:id/': {
      arrange: arrangeProfile,
      request: () => ({ method: 'GET', url: `/api/sending-profiles/${bProfileId}/` }),
      expectIsolated: expectBProfileUntouched,
    },
    'PATCH /api/sending-profiles/:id/': {
      arrange: arrangeProfile,
      request: () => ({ method: 'PATCH', url: `/api/sending-profiles/${bProfileId}/`, payload: { name: 'Changed by A', port: 2525 } }),
      expectIsolated: expectBProfileUntouched,
    },
    'DELETE /api/sending-profiles/:id/': {
      arrange: arrangeProfile,
      request: () => ({ method: 'DELETE', url: `/api/sending-profiles/${bProfileId}/` }),
      expectIsolated: expectBProfileUntouched,
    },
    'POST /api/sending-profiles/:id/test/': {
      arrange: arrangeProfile,
      request: () => ({ method: 'POST', url: `/api/sending-profiles/${bProfileId}/test/`, payload: {} }),
      expectIsolated: expectBProfileUntouched,
    },
    'GET /api/phishing-settings/': {
      arrange: arrangeSecret,
      request: () => ({ method: 'GET', url: '/api/phishing-settings/' }),
      expectIsolated: expectBSecretUntouched,
    },
    'POST /api/phishing-settings/rotate-filter-secret/': {
      arrange: arrangeSecret,
      request: () => ({ method: 'POST', url: '/api/phishing-settings/rotate-filter-secret/' }),
      expectIsolated: expectBSecretUntouched,
    },
  };
};
