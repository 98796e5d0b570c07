import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiKeys, auditLog } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { buildApiKey } from '../../test/api-key-factories.ts';
import { hashApiKeySecret } from './api-key-secret.ts';
import { authenticateApiKey } from './api-keys.service.ts';

const t = useTestApp();
const url = '/api/integrations/api-keys/';

const buildOrg = async () => {
  const org = await buildOrganization(t.db, { name: 'Keys Inc' });
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', firstName: 'Ada', lastName: 'Admin' });
  const manager = await buildPerson(t.db, org.id, { role: 'Manager' });
  return { org, admin, manager, headers: await t.authAs(admin) };
};

const create = async (headers: { authorization: string }, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('POST /api/integrations/api-keys/', () => {
  it('makes a key, answers its secret once, and keeps only its hash (audited)', async () => {
    const { org, admin, headers } = await buildOrg();
    const before = Date.now();
    const response = await create(headers, { name: 'SIEM export', scopes: ['read'], expiresInDays: 90 });
    expect(response.statusCode).toBe(201);
    const { key, secret } = response.json();
    expect(secret).toMatch(/^vgl_[0-9A-Za-z]{49}$/);
    expect(key).toMatchObject({
      name: 'SIEM export',
      scopes: ['read'],
      state: 'active',
      hint: `${secret.slice(0, 8)}…${secret.slice(-4)}`,
      createdBy: { id: admin.id, name: 'Ada Admin', email: admin.email },
      lastUsedAt: null,
      revokedAt: null,
      can: { revoke: true },
    });
    const expiresIn = new Date(key.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
    expect(expiresIn).toBeLessThan(90 * 86_400_000 + 60_000);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row).toMatchObject({ organizationId: org.id, secretHash: hashApiKeySecret(secret), createdByPersonId: admin.id });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(8, -4));

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'api-key.create')));
    expect(entry).toMatchObject({ actorPersonId: admin.id, targetId: key.id, details: expect.objectContaining({ name: 'SIEM export', scopes: ['read'] }) });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('never shows the secret again: the list holds only the hint', async () => {
    const { headers } = await buildOrg();
    const { secret } = (await create(headers, { name: 'Once', scopes: ['read', 'write'], expiresInDays: 30 })).json();
    const list = await t.app.inject({ url, headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(hashApiKeySecret(secret));
    expect(list.json().items).toEqual([expect.objectContaining({ name: 'Once', scopes: ['read', 'write'], hint: `${secret.slice(0, 8)}…${secret.slice(-4)}` })]);
    expect(list.json().items[0]).not.toHaveProperty('secret');
  });

  it('answers 400 naming each bad field', async () => {
    const { headers } = await buildOrg();
    const response = await create(headers, { name: ' ', scopes: ['admin'], expiresInDays: 400 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual(['body.expiresInDays', 'body.name', 'body.scopes.0']);
    const none = await create(headers, { name: 'No scopes', scopes: [], expiresInDays: 30 });
    expect(none.json().error.details).toEqual([{ field: 'body.scopes', problem: 'must name at least one scope' }]);
    const twice = await create(headers, { name: 'Twice', scopes: ['read', 'read'], expiresInDays: 30 });
    expect(twice.json().error.details).toEqual([{ field: 'body.scopes', problem: 'must name each scope once' }]);
    const noExpiry = await create(headers, { name: 'Forever', scopes: ['read'] });
    expect(noExpiry.statusCode).toBe(400);
    expect(noExpiry.json().error.details.map((d: { field: string }) => d.field)).toEqual(['body.expiresInDays']);
  });

  it('answers 401 without a session and 403 for someone who is not an admin, making nothing', async () => {
    const { org, manager } = await buildOrg();
    expect((await t.app.inject({ method: 'POST', url, payload: { name: 'x', scopes: ['read'], expiresInDays: 1 } })).statusCode).toBe(401);
    const refused = await create(await t.authAs(manager), { name: 'x', scopes: ['read'], expiresInDays: 1 });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: await t.authAs(manager) })).statusCode).toBe(403);
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.organizationId, org.id))).toEqual([]);
  });

  it('refuses a 26th active key with 409, while revoked and expired keys do not count', async () => {
    const { org, headers } = await buildOrg();
    await t.db.insert(apiKeys).values(
      Array.from({ length: 25 }, (_, n) => ({ organizationId: org.id, name: `k${n}`, scopes: ['read'], prefix: 'vgl_test', lastFour: 'abcd', secretHash: `${org.id}-${n}`, expiresAt: new Date(Date.now() + 86_400_000) })),
    );
    expect((await create(headers, { name: 'One too many', scopes: ['read'], expiresInDays: 30 })).statusCode).toBe(409);
    await t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.secretHash, `${org.id}-0`));
    expect((await create(headers, { name: 'Room again', scopes: ['read'], expiresInDays: 30 })).statusCode).toBe(201);
  });
});

describe('POST /api/integrations/api-keys/:id/revoke/', () => {
  it('revokes a key at once (audited): it stays listed as revoked, by whom, and cannot be revoked twice', async () => {
    const { org, admin, headers } = await buildOrg();
    const { key } = (await create(headers, { name: 'Old script', scopes: ['write'], expiresInDays: 30 })).json();
    const response = await t.app.inject({ method: 'POST', url: `${url}${key.id}/revoke/`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: key.id, state: 'revoked', revokedBy: { id: admin.id }, can: { revoke: false } });
    expect((await t.app.inject({ url, headers })).json().items).toEqual([expect.objectContaining({ id: key.id, state: 'revoked' })]);
    expect((await t.app.inject({ method: 'POST', url: `${url}${key.id}/revoke/`, headers })).statusCode).toBe(409);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'api-key.revoke')));
    expect(entries).toEqual([expect.objectContaining({ actorPersonId: admin.id, targetId: key.id })]);
  });

  it("answers 404 for another organisation's key and 400 for an id that is not one, leaving it working", async () => {
    const { headers } = await buildOrg();
    const other = await buildOrg();
    const { key } = (await create(other.headers, { name: 'Theirs', scopes: ['read'], expiresInDays: 30 })).json();
    expect((await t.app.inject({ method: 'POST', url: `${url}${key.id}/revoke/`, headers })).statusCode).toBe(404);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.revokedAt).toBeNull();
    const bad = await t.app.inject({ method: 'POST', url: `${url}not-an-id/revoke/`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('params.id');
  });
});

describe('GET /api/integrations/api-keys/', () => {
  it('tells active, expired and revoked keys apart, newest first, with the last use', async () => {
    const { org, headers } = await buildOrg();
    const day = 86_400_000;
    const row = (name: string, createdDaysAgo: number, values: Partial<typeof apiKeys.$inferInsert>) => ({
      organizationId: org.id, name, scopes: ['read'], prefix: 'vgl_abcd', lastFour: name.slice(0, 4).padEnd(4, 'x'), secretHash: `${org.id}-${name}`,
      createdAt: new Date(Date.now() - createdDaysAgo * day), expiresAt: new Date(Date.now() + day), ...values,
    });
    const usedAt = new Date(Date.now() - 3 * 3_600_000);
    await t.db.insert(apiKeys).values([
      row('active', 1, { lastUsedAt: usedAt }),
      row('expired', 2, { expiresAt: new Date(Date.now() - day) }),
      row('revoked', 3, { revokedAt: new Date(Date.now() - day) }),
      row('long gone', 400, { revokedAt: new Date(Date.now() - 200 * day) }),
    ]);
    const body = (await t.app.inject({ url, headers })).json();
    expect(body.can).toEqual({ create: true });
    expect(body.items.map((key: { name: string; state: string }) => [key.name, key.state])).toEqual([['active', 'active'], ['expired', 'expired'], ['revoked', 'revoked']]);
    expect(body.items[0]).toMatchObject({ lastUsedAt: usedAt.toISOString(), createdBy: null, hint: 'vgl_abcd…acti' });
  });
});

describe('authenticating an API key', () => {
  it('notes its use at most once a minute, and within the minute writes nothing at all', async () => {
    const { org } = await buildOrg();
    const { key, headers } = await buildApiKey(t.db, org.id);
    // Counts the UPDATE statements the lookup makes (every request of a busy integration makes one).
    let updates = 0;
    const counting = new Proxy(t.db, {
      get: (target, property, receiver) => {
        if (property === 'update') updates += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    await authenticateApiKey(counting, headers.authorization);
    expect(updates).toBe(1);
    await authenticateApiKey(counting, headers.authorization);
    await authenticateApiKey(counting, headers.authorization);
    expect(updates).toBe(1);
    await t.db.update(apiKeys).set({ lastUsedAt: new Date(Date.now() - 61_000) }).where(eq(apiKeys.id, key.id));
    await authenticateApiKey(counting, headers.authorization);
    expect(updates).toBe(2);
  });
});
