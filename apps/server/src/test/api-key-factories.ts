import { type Db, apiKeys } from '@vigil/db';
import { generateApiKeySecret } from '../modules/api-keys/api-key-secret.ts';

/**
 * An organisation API key as the admin screen makes one (a hashed secret), written straight to the
 * database: active for a month with both scopes unless told otherwise.
 * @returns the key's row and the secret to send as `Authorization: Bearer <secret>`.
 */
export const buildApiKey = async (
  db: Db,
  organizationId: string,
  overrides: { scopes?: ('read' | 'write')[]; expiresAt?: Date; revokedAt?: Date | null; name?: string } = {},
) => {
  const { secret, secretHash, prefix, lastFour } = generateApiKeySecret();
  const [key] = await db
    .insert(apiKeys)
    .values({
      organizationId,
      name: overrides.name ?? 'Test key',
      scopes: overrides.scopes ?? ['read', 'write'],
      prefix,
      lastFour,
      secretHash,
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 30 * 86_400_000),
      revokedAt: overrides.revokedAt ?? null,
    })
    .returning();
  return { key: key!, secret, headers: { authorization: `Bearer ${secret}` } };
};
