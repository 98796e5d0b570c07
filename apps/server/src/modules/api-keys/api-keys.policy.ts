import { type ApiKeyScope, type ApiKeyState, type Role, isAdminRole } from '@vigil/contracts';

/**
 * Who may do what with an organisation's API keys, and what a key may do. The rules:
 *
 * 1. Only the organisation's admins and superadmins list, create and revoke its keys (a key reads
 *    and changes the organisation's data without a person at the keyboard); anyone else gets 403.
 * 2. A key is active until it expires or is revoked; revoking is final, and an expired key cannot
 *    be brought back (make a new one).
 * 3. On the public API a key does what its scopes allow: `read` the GET routes, `write` the routes
 *    that change data. `write` does not imply `read`.
 */

export type KeyFacts = Readonly<{ expiresAt: Date; revokedAt: Date | null }>;

export const mayManageApiKeys = (role: Role) => isAdminRole(role);

export const apiKeyState = (key: KeyFacts, now = new Date()): ApiKeyState => {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
};

export const apiKeyAbilities = (role: Role, key: KeyFacts, now = new Date()) => ({ revoke: mayManageApiKeys(role) && apiKeyState(key, now) !== 'revoked' });

/** Why this key cannot be revoked, or null. */
export const refuseRevoke = (key: KeyFacts): string | null => (key.revokedAt ? 'This API key is already revoked.' : null);

export const grantsScope = (scopes: readonly string[], needed: ApiKeyScope) => scopes.includes(needed);
