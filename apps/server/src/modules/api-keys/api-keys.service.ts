import { type ApiKey, type ApiKeyList, type ApiKeyScope, type CreateApiKeyBody, type CreatedApiKey, apiKeyActiveLimit } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { Actor, OrgScope } from '../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { generateApiKeySecret, hashApiKeySecret, isWellFormedApiKeySecret, looksLikeApiKeySecret } from './api-key-secret.ts';
import { apiKeyState, mayManageApiKeys, refuseRevoke } from './api-keys.policy.ts';
import { presentApiKey } from './api-keys.presenter.ts';
import { apiKeysRepository, findApiKeyBySecretHash, isLastUseWorthNoting, touchApiKeyLastUsed } from './api-keys.repository.ts';

const dayMs = 86_400_000;

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin of the organisation. */
const requireKeyManager = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage the organization’s API keys');

const presentOne = async (db: Db, tenant: Tenant, id: string): Promise<ApiKey> => {
  const row = await apiKeysRepository(db, tenant).findListed(id);
  if (!row) throw notFound('The API key');
  return presentApiKey(row, tenant.role);
};

/**
 * The organisation's keys, newest first: every one not revoked, and those revoked in the last 90 days.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const listApiKeys = async (db: Db, tenant: Tenant): Promise<ApiKeyList> => {
  requireKeyManager(tenant);
  const now = new Date();
  const rows = await apiKeysRepository(db, tenant).list();
  return { items: rows.map((row) => presentApiKey(row, tenant.role, now)), can: { create: mayManageApiKeys(tenant.role) } };
};

/**
 * Makes a key (audited) and answers its secret, this once: only its hash is kept.
 * @throws AppError FORBIDDEN for anyone but an admin; CONFLICT when the organisation already holds
 * the most active keys it may.
 */
export const createApiKey = async (db: Db, tenant: Tenant, body: CreateApiKeyBody, origin: RequestOrigin): Promise<CreatedApiKey> => {
  requireKeyManager(tenant);
  const { secret, secretHash, prefix, lastFour } = generateApiKeySecret();
  const id = await db.transaction(async (tx) => {
    const repository = apiKeysRepository(tx, tenant);
    await repository.lockOrganizationKeys();
    if ((await repository.countActive()) >= apiKeyActiveLimit) {
      throw new AppError('CONFLICT', `This organization already has ${apiKeyActiveLimit} active API keys; revoke one it no longer uses first.`);
    }
    const scopes = [...body.scopes].sort();
    const key = await repository.insert({
      name: body.name,
      scopes,
      prefix,
      lastFour,
      secretHash,
      createdByPersonId: tenant.personId,
      expiresAt: new Date(Date.now() + body.expiresInDays * dayMs),
    });
    await recordAudit(tx, tenant, {
      action: 'api-key.create',
      targetType: 'api-key',
      targetId: key.id,
      details: { name: body.name, scopes, expiresAt: key.expiresAt.toISOString(), hint: `${prefix}…${lastFour}` },
      ...origin,
    });
    return key.id;
  });
  return { key: await presentOne(db, tenant, id), secret };
};

/**
 * Revokes a key at once (audited): the next request with it is refused.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a key not of the organisation;
 * CONFLICT when it is already revoked.
 */
export const revokeApiKey = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin): Promise<ApiKey> => {
  requireKeyManager(tenant);
  await db.transaction(async (tx) => {
    const repository = apiKeysRepository(tx, tenant);
    const key = await repository.find(id, { lock: true });
    if (!key) throw notFound('The API key');
    const refusal = refuseRevoke(key);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await repository.revoke(id, tenant.personId);
    await recordAudit(tx, tenant, { action: 'api-key.revoke', targetType: 'api-key', targetId: id, details: { name: key.name, hint: `${key.prefix}…${key.lastFour}` }, ...origin });
  });
  return presentOne(db, tenant, id);
};

/** A request made with an API key: the organisation it acts in, the key as the actor, and what the key may do. */
export type ApiKeyCaller = Readonly<{ scope: OrgScope; actor: Actor & { kind: 'apiKey' }; scopes: readonly ApiKeyScope[] }>;

const sessionTokenRefusal =
  'The public API (/api/v1) takes an organization API key (vgl_…), not a session token: an admin makes one in Configure → Integrations → API keys';

/**
 * Finds the organisation and key a bearer secret belongs to, and notes its use (at most once a minute).
 * @throws AppError UNAUTHENTICATED when the header holds no API key, or a key that is unknown, revoked or expired.
 */
export const authenticateApiKey = async (db: Db, authorization: string | undefined): Promise<ApiKeyCaller> => {
  if (!authorization) throw new AppError('UNAUTHENTICATED', 'This API needs an API key: send "Authorization: Bearer vgl_…"');
  const [, token] = /^Bearer\s+(\S+)$/i.exec(authorization) ?? [];
  if (!token) throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <API key>"');
  if (!looksLikeApiKeySecret(token)) throw new AppError('UNAUTHENTICATED', sessionTokenRefusal);
  const key = isWellFormedApiKeySecret(token) ? await findApiKeyBySecretHash(db, hashApiKeySecret(token)) : undefined;
  if (!key) throw new AppError('UNAUTHENTICATED', 'This API key is not valid');
  const state = apiKeyState(key);
  if (state === 'revoked') throw new AppError('UNAUTHENTICATED', 'This API key was revoked');
  if (state === 'expired') throw new AppError('UNAUTHENTICATED', `This API key expired at ${key.expiresAt.toISOString()}; an admin can make a new one`);
  // Most requests of a busy integration come within the minute: they need no write at all.
  if (isLastUseWorthNoting(key.lastUsedAt, new Date())) await touchApiKeyLastUsed(db, key.id);
  return {
    scope: { organizationId: key.organizationId },
    actor: { kind: 'apiKey', id: key.id, organizationId: key.organizationId },
    scopes: key.scopes as ApiKeyScope[],
  };
};
