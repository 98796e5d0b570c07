import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiKeys, auditLog, campaignRecipients, campaigns, rateLimitWindows, trainingAssignments } from '@vigil/db';
import { builtinModuleId } from '../training/library/builtin-lessons.ts';
import { appendEvents } from '../events/events.repository.ts';
import { buildApiKey } from '../../test/api-key-factories.ts';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../test/phishing-factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { syncLessons } from '../../test/training-factories.ts';
import { apiKeyRateLimit, apiKeyRateLimitKey } from './api-key-auth.ts';

const t = useTestApp();
const day = 86_400_000;

/** An organisation with a department, three people (one deactivated), a launched campaign and events of every kind. */
const buildWorld = async (name = 'Alpha') => {
  const org = await buildOrganization(t.db, { name: `${name} Corp` });
  const finance = await buildDepartment(t.db, org.id, `${name} Finance`);
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', email: `admin@${name.toLowerCase()}.example` });
  const ann = await buildPerson(t.db, org.id, { firstName: 'Ann', email: `Ann@${name.toLowerCase()}.example`, departmentId: finance.id, jobTitle: 'Accountant' });
  const leaver = await buildPerson(t.db, org.id, { firstName: 'Leo', email: `leo@${name.toLowerCase()}.example`, isActive: false });
  const profile = await buildSendingProfile(t.db, t.app.secrets, org.id, { host: '127.0.0.1', port: 25 });
  const template = await buildPhishingTemplate(t.db, org.id);
  const campaignId = randomUUID();
  await t.db.insert(campaigns).values({ id: campaignId, organizationId: org.id, name: `${name} campaign`, status: 'sending', sendingProfileId: profile.id, templateIds: [template.id], audience: { kind: 'organization' }, launchedAt: new Date() });
  const [recipient] = await t.db
    .insert(campaignRecipients)
    .values({ organizationId: org.id, campaignId, personId: ann.id, templateId: template.id, language: 'en_us', sendAt: new Date(), tokenHash: `${name}-${campaignId}`, state: 'sent', sentAt: new Date() })
    .returning();
  const at = new Date();
  await appendEvents(t.db, [
    { organizationId: org.id, personId: ann.id, campaignId, recipientId: recipient!.id, type: 'clicked', occurredAt: at, data: { link: 'email' } },
    { organizationId: org.id, personId: ann.id, type: 'sign_in', occurredAt: at, data: { method: 'password' } },
    { organizationId: org.id, personId: ann.id, type: 'training_completed', occurredAt: at, data: { moduleId: builtinModuleId('passwords') } },
    { organizationId: org.id, personId: leaver.id, type: 'person_deprovisioned', occurredAt: at, data: { source: 'scim' } },
  ]);
  return { org, finance, admin, ann, leaver, campaignId };
};

const get = (url: string, headers: { authorization: string } | Record<string, never> = {}) => t.app.inject({ url, headers });

describe('authentication of the public API', () => {
  it('answers 401 without a key, with a session token, with a look-alike, a revoked or an expired key', async () => {
    const { org, admin } = await buildWorld();
    const missing = await get('/api/v1/people');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('UNAUTHENTICATED');

    const session = await get('/api/v1/people', await t.authAs(admin));
    expect(session.statusCode).toBe(401);
    expect(session.json().error.message).toMatch(/API key/);

    expect((await get('/api/v1/people', { authorization: `Bearer vgl_${'A'.repeat(49)}` })).statusCode).toBe(401);
    const revoked = await buildApiKey(t.db, org.id, { revokedAt: new Date() });
    const revokedAnswer = await get('/api/v1/people', revoked.headers);
    expect(revokedAnswer.statusCode).toBe(401);
    expect(revokedAnswer.json().error.message).toMatch(/revoked/);
    const expired = await buildApiKey(t.db, org.id, { expiresAt: new Date(Date.now() - 1000) });
    const expiredAnswer = await get('/api/v1/people', expired.headers);
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.json().error.message).toMatch(/expired/);
    expect(expiredAnswer.body).not.toContain(admin.email);
  });

  it('refuses an API key on the session routes of the web app', async () => {
    const { org } = await buildWorld();
    const { headers } = await buildApiKey(t.db, org.id);
    for (const url of ['/api/organization/users/', '/api/integrations/api-keys/', '/api/campaigns/']) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.message).toMatch(/\/api\/v1/);
    }
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const { org } = await buildWorld();
    const { key, headers } = await buildApiKey(t.db, org.id);
    expect((await get('/api/v1/people', headers)).statusCode).toBe(200);
    const [first] = await t.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(first?.lastUsedAt).toBeInstanceOf(Date);
    await get('/api/v1/campaigns', headers);
    const [second] = await t.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(second?.lastUsedAt).toEqual(first?.lastUsedAt);
  });

  it('answers 429 with Retry-After once a key has used up its minute, and counts each key on its own', async () => {
    const { org } = await buildWorld();
    const busy = await buildApiKey(t.db, org.id);
    const quiet = await buildApiKey(t.db, org.id);
    // The window as several servers' hits left it: exactly at the limit.
    await t.db.insert(rateLimitWindows).values({ key: apiKeyRateLimitKey(busy.key.id), count: apiKeyRateLimit.max, resetsAt: new Date(Date.now() + 30_000) });
    const limited = await get('/api/v1/people', busy.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(31);
    expect((await get('/api/v1/people', quiet.headers)).statusCode).toBe(200);
  });

  it('answers 404 in the API shape for a path the API does not have', async () => {
    const { org } = await buildWorld();
    const response = await get('/api/v1/nothing-here', (await buildApiKey(t.db, org.id)).headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('scopes', () => {
  it('a read key reads but cannot write (403, nothing assigned); a write key cannot read', async () => {
    await syncLessons(t.db);
    const { org, ann } = await buildWorld();
    const reader = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const writer = await buildApiKey(t.db, org.id, { scopes: ['write'] });
    const payload = { moduleId: builtinModuleId('passwords'), audience: { kind: 'people', ids: [ann.id] }, dueAt: new Date(Date.now() + 7 * day).toISOString() };
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/training-assignments', headers: reader.headers, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/write scope/);
    expect(await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.personId, ann.id))).toEqual([]);
    expect((await get('/api/v1/people', writer.headers)).statusCode).toBe(403);
    expect((await get('/api/v1/people', reader.headers)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/people', () => {
  it('pages the organisation’s people by key and filters by email, department and active', async () => {
    const { org, finance, admin, ann, leaver } = await buildWorld();
    await buildWorld('Bravo');
    const { headers } = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const first = (await get('/api/v1/people?limit=2', headers)).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(`/api/v1/people?limit=2&cursor=${first.nextCursor}`, headers)).json();
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((person: { id: string }) => person.id).sort()).toEqual([admin.id, ann.id, leaver.id].sort());

    const byEmail = (await get(`/api/v1/people?email=${encodeURIComponent(ann.email.toLowerCase())}`, headers)).json();
    expect(byEmail.items).toEqual([
      {
        id: ann.id, email: ann.email, firstName: 'Ann', lastName: ann.lastName, role: 'User', department: { id: finance.id, name: 'Alpha Finance' },
        managerId: null, jobTitle: 'Accountant', employeeNumber: null, active: true, source: 'manual', createdAt: expect.any(String), updatedAt: expect.any(String),
      },
    ]);
    expect((await get(`/api/v1/people?departmentId=${finance.id}`, headers)).json().items.map((p: { id: string }) => p.id)).toEqual([ann.id]);
    expect((await get('/api/v1/people?active=false', headers)).json().items.map((p: { id: string }) => p.id)).toEqual([leaver.id]);
  });

  it('answers 400 naming the field for a bad filter, limit or cursor', async () => {
    const { org } = await buildWorld();
    const { headers } = await buildApiKey(t.db, org.id);
    for (const [query, field] of [['departmentId=x', 'querystring.departmentId'], ['active=yes', 'querystring.active'], ['limit=0', 'querystring.limit'], ['limit=501', 'querystring.limit'], ['cursor=bm90LWEta2V5', 'querystring.cursor']]) {
      const response = await get(`/api/v1/people?${query}`, headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.details.map((d: { field: string }) => d.field), query).toEqual([field]);
    }
  });
});

describe('GET /api/v1/campaigns and /api/v1/campaigns/{id}/results', () => {
  it('lists the organisation’s campaigns with counts, and none of another’s', async () => {
    const { org, campaignId } = await buildWorld();
    const bravo = await buildWorld('Bravo');
    const { headers } = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const response = await get('/api/v1/campaigns', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [expect.objectContaining({ id: campaignId, name: 'Alpha campaign', status: 'sending', counts: expect.objectContaining({ recipients: 1, sent: 1 }) })],
      nextCursor: null,
    });
    expect(response.json().items[0]).not.toHaveProperty('can');
    expect(response.json().items[0]).not.toHaveProperty('sendingProfileId');
    expect(response.body).not.toContain(bravo.campaignId);
    expect((await get('/api/v1/campaigns?status=draft', headers)).json().items).toEqual([]);
  });

  it('answers the results of its own campaign, and 404 for another organisation’s', async () => {
    const { org, campaignId } = await buildWorld();
    const bravo = await buildWorld('Bravo');
    const { headers } = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const own = await get(`/api/v1/campaigns/${campaignId}/results`, headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ campaignId, counts: { recipients: 1, sent: 1 } });
    const other = await get(`/api/v1/campaigns/${bravo.campaignId}/results`, headers);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Bravo');
    expect((await get('/api/v1/campaigns/not-an-id/results', headers)).json().error.details[0].field).toBe('params.id');
  });
});

type FeedPage = { items: { id: number; type: string; data: Record<string, unknown> }[]; nextAfter: number; hasMore: boolean };

/**
 * The feed once it holds `count` events: a server reuses the readable bound for up to a second
 * (consumers.ts), so events written a moment ago may show on the next poll rather than this one.
 */
const feedOnceItHolds = async (url: string, headers: { authorization: string }, count: number): Promise<FeedPage> => {
  let page: FeedPage | undefined;
  await expect.poll(async () => (page = (await get(url, headers)).json<FeedPage>()).items.length, { timeout: 5_000, interval: 200 }).toBe(count);
  return page!;
};

describe('GET /api/v1/events', () => {
  it('feeds the organisation’s simulation, training and provisioning events after an id, never sign-ins or another’s', async () => {
    const { org, ann, leaver, campaignId } = await buildWorld();
    await buildWorld('Bravo');
    const { headers } = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const feed = await feedOnceItHolds('/api/v1/events', headers, 3);
    expect(feed.items.map((event) => [event.type, (event as { category?: string }).category])).toEqual([
      ['clicked', 'simulation'],
      ['training_completed', 'training'],
      ['person_deprovisioned', 'provisioning'],
    ]);
    expect(feed.items[0]).toMatchObject({ person: { id: ann.id, email: ann.email }, campaignId, data: { link: 'email' } });
    expect(feed.items[2]).toMatchObject({ person: { id: leaver.id }, data: { source: 'scim' } });
    // Read to the end: the next poll starts after everything the server looked at (Bravo's events included).
    expect(feed.hasMore).toBe(false);
    expect(feed.nextAfter).toBeGreaterThanOrEqual(feed.items[2]!.id);
    expect(JSON.stringify(feed)).not.toContain('Bravo');

    const paged = (await get('/api/v1/events?limit=1', headers)).json();
    expect(paged).toMatchObject({ items: [{ type: 'clicked' }], hasMore: true, nextAfter: feed.items[0]!.id });
    const next = (await get(`/api/v1/events?after=${paged.nextAfter}&types=person_deprovisioned,clicked`, headers)).json();
    expect(next.items.map((event: { type: string }) => event.type)).toEqual(['person_deprovisioned']);
    const caughtUp = (await get(`/api/v1/events?after=${feed.nextAfter}`, headers)).json();
    expect(caughtUp).toEqual({ items: [], nextAfter: feed.nextAfter, hasMore: false });
  });

  it('moves nextAfter past the events it read even when none was of the types asked for, so the next poll does not read them again', async () => {
    const { org } = await buildWorld();
    const { headers } = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const all = await feedOnceItHolds('/api/v1/events', headers, 3);
    const rare = (await get('/api/v1/events?types=person_reactivated', headers)).json();
    expect(rare.items).toEqual([]);
    expect(rare.hasMore).toBe(false);
    expect(rare.nextAfter).toBeGreaterThanOrEqual(all.items[2]!.id);
    // A client that is ahead of the server (it kept an id from a newer answer) is never sent back.
    const ahead = all.nextAfter + 1_000;
    expect((await get(`/api/v1/events?after=${ahead}&types=person_reactivated`, headers)).json()).toEqual({ items: [], nextAfter: ahead, hasMore: false });
  });

  it('answers only the facts webhooks send too: no reported subject or message id, call id, SMTP answer, IP address or browser', async () => {
    const { org, ann, campaignId } = await buildWorld();
    const { headers } = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const at = new Date();
    await appendEvents(t.db, [
      { organizationId: org.id, personId: ann.id, type: 'reported', occurredAt: at, data: { simulation: false, subject: 'Your salary review', messageId: '<review-77@mail.example>' } },
      { organizationId: org.id, personId: ann.id, campaignId, type: 'called', occurredAt: at, data: { callSid: 'CA0123456789abcdef' } },
      {
        organizationId: org.id, personId: ann.id, campaignId, type: 'delivery_failed', occurredAt: at,
        data: { reason: `550 5.1.1 <${ann.email}>: Recipient address rejected`, temporary: false, failure: { reason: 'rejected', smtpResponse: `550 5.1.1 <${ann.email}>` } },
      },
      { organizationId: org.id, personId: ann.id, campaignId, type: 'opened', occurredAt: at, data: { link: 'open', ip: '198.51.100.7', userAgent: 'Mozilla/5.0 (Macintosh)' } },
    ]);
    const feed = await feedOnceItHolds('/api/v1/events?types=reported,called,delivery_failed,opened', headers, 4);
    expect(Object.fromEntries(feed.items.map((event) => [event.type, event.data]))).toEqual({
      reported: { simulation: false },
      called: {},
      delivery_failed: { reason: 'rejected' },
      opened: { link: 'open' },
    });
    for (const secret of ['salary', 'review-77', 'CA0123456789abcdef', ann.email, '550', '198.51.100.7', 'Mozilla']) expect(JSON.stringify(feed.items.map((event) => event.data))).not.toContain(secret);
  });

  it('answers 400 naming querystring.types for a type the feed does not carry', async () => {
    const { org } = await buildWorld();
    const { headers } = await buildApiKey(t.db, org.id);
    const response = await get('/api/v1/events?types=clicked,sign_in', headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ field: 'querystring.types', problem: expect.stringContaining('sign_in is not an event type') }]);
    expect((await get('/api/v1/events?after=-1', headers)).json().error.details[0].field).toBe('querystring.after');
  });
});

describe('/api/v1/training-assignments', () => {
  it('a write key assigns a module, audited with the key as the actor; a read key lists the assignment', async () => {
    await syncLessons(t.db);
    const { org, ann } = await buildWorld();
    const writer = await buildApiKey(t.db, org.id, { scopes: ['write'] });
    const reader = await buildApiKey(t.db, org.id, { scopes: ['read'] });
    const payload = { moduleId: builtinModuleId('passwords'), audience: { kind: 'people', ids: [ann.id] }, dueAt: new Date(Date.now() + 7 * day).toISOString() };
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/training-assignments', headers: writer.headers, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ assigned: 1, alreadyAssigned: 0 });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/training-assignments', headers: writer.headers, payload });
    expect(again.json()).toEqual({ assigned: 0, alreadyAssigned: 1 });

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'training-assignment.create')));
    expect(entry).toMatchObject({ actorKind: 'apiKey', actorId: writer.key.id, actorPersonId: null, targetId: builtinModuleId('passwords') });
    const [assignment] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.personId, ann.id));
    expect(assignment).toMatchObject({ status: 'assigned', assignedByPersonId: null });

    const list = (await get(`/api/v1/training-assignments?personId=${ann.id}`, reader.headers)).json();
    expect(list).toEqual({ items: [expect.objectContaining({ id: assignment!.id, personId: ann.id, email: ann.email, status: 'assigned', overdue: false })], nextCursor: null });
    const feed = await feedOnceItHolds('/api/v1/events?types=training_assigned', reader.headers, 1);
    expect(feed.items).toEqual([expect.objectContaining({ type: 'training_assigned', person: { id: ann.id, email: ann.email } })]);
  });

  it('answers 400 naming the field for another organisation’s people or a past due date, assigning nobody', async () => {
    await syncLessons(t.db);
    const { org } = await buildWorld();
    const bravo = await buildWorld('Bravo');
    const { headers } = await buildApiKey(t.db, org.id, { scopes: ['write'] });
    const theirs = await t.app.inject({
      method: 'POST', url: '/api/v1/training-assignments', headers,
      payload: { moduleId: builtinModuleId('passwords'), audience: { kind: 'people', ids: [bravo.ann.id] }, dueAt: new Date(Date.now() + day).toISOString() },
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.details[0].field).toBe('body.audience.ids');
    const past = await t.app.inject({
      method: 'POST', url: '/api/v1/training-assignments', headers,
      payload: { moduleId: builtinModuleId('passwords'), audience: { kind: 'organization' }, dueAt: new Date(Date.now() - day).toISOString() },
    });
    expect(past.json().error.details).toEqual([{ field: 'body.dueAt', problem: 'must be in the future' }]);
    expect(await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.organizationId, bravo.org.id))).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('documents every /api/v1 route with the API key scheme and the scope it needs', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown; description?: string; responses: Record<string, unknown> }>>;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/v1/')).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
    expect(operations.map((operation) => operation.key).sort()).toEqual([
      'GET /api/v1/campaigns',
      'GET /api/v1/campaigns/{id}/results',
      'GET /api/v1/events',
      'GET /api/v1/people',
      'GET /api/v1/training-assignments',
      'POST /api/v1/training-assignments',
    ]);
    for (const { key, op } of operations) {
      expect(op.security, key).toEqual([{ apiKey: [] }]);
      expect(op.description, key).toContain(key.startsWith('GET') ? '`read` scope' : '`write` scope');
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
  });
});
