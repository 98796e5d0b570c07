import type { ApiKey, ApiKeyScope } from '@vigil/contracts';
import type { Role } from '@vigil/contracts';
import { apiKeyAbilities, apiKeyState } from './api-keys.policy.ts';
import type { ListedApiKey } from './api-keys.repository.ts';

const personRef = (id: string | null, firstName: string | null, lastName: string | null, email: string | null) =>
  id && email !== null ? { id, name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email } : null;

/** One key for the admin's list: never the secret nor its hash, only the hint people recognise it by. */
export const presentApiKey = (row: ListedApiKey, role: Role, now = new Date()): ApiKey => {
  const { key } = row;
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes as ApiKeyScope[],
    hint: `${key.prefix}…${key.lastFour}`,
    state: apiKeyState(key, now),
    createdAt: key.createdAt.toISOString(),
    createdBy: personRef(key.createdByPersonId, row.creatorFirstName, row.creatorLastName, row.creatorEmail),
    expiresAt: key.expiresAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    revokedBy: personRef(key.revokedByPersonId, row.revokerFirstName, row.revokerLastName, row.revokerEmail),
    can: apiKeyAbilities(role, key, now),
  };
};
