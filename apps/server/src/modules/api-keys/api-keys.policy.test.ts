import { describe, expect, it } from 'vitest';
import { apiKeyAbilities, apiKeyState, grantsScope, mayManageApiKeys, refuseRevoke } from './api-keys.policy.ts';

const now = new Date('2026-03-01T12:00:00Z');
const active = { expiresAt: new Date('2026-04-01T00:00:00Z'), revokedAt: null };
const expired = { expiresAt: new Date('2026-03-01T12:00:00Z'), revokedAt: null };
const revoked = { expiresAt: new Date('2026-04-01T00:00:00Z'), revokedAt: new Date('2026-02-01T00:00:00Z') };

describe('API keys policy', () => {
  it('lets only admins and superadmins manage keys', () => {
    expect(['Superadmin', 'Admin', 'Manager', 'User'].map((role) => mayManageApiKeys(role as 'User'))).toEqual([true, true, false, false]);
  });

  it('tells a key active until the instant it expires, and revoked whatever its expiry', () => {
    expect([active, expired, revoked].map((key) => apiKeyState(key, now))).toEqual(['active', 'expired', 'revoked']);
  });

  it('lets an admin revoke a key not yet revoked, once', () => {
    expect(apiKeyAbilities('Admin', active, now)).toEqual({ revoke: true });
    expect(apiKeyAbilities('Admin', expired, now)).toEqual({ revoke: true });
    expect(apiKeyAbilities('Admin', revoked, now)).toEqual({ revoke: false });
    expect(apiKeyAbilities('Manager', active, now)).toEqual({ revoke: false });
    expect(refuseRevoke(revoked)).toMatch(/already revoked/);
    expect(refuseRevoke(active)).toBeNull();
  });

  it('grants each scope on its own: write does not imply read', () => {
    expect(grantsScope(['write'], 'read')).toBe(false);
    expect(grantsScope(['read', 'write'], 'write')).toBe(true);
  });
});
