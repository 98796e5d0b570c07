import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createAuthManagement } from '@vigil/auth-provider';
import { refreshTokens, users as providerUsers } from '@vigil/auth-provider/schema';
import { auditLog, departments, events, googleDirectoryConnections, people } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { type FakeGoogleUser, makeServiceAccount, startFakeGoogleWorkspace } from '../../../test/fake-google-workspace.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { googleDirectorySyncJob } from './google-directory.jobs.ts';
import { googleDirectoryRepository } from './google-directory.repository.ts';

const serviceAccount = makeServiceAccount();
const domain = 'acme.test';
const googleAdmin = `it-admin@${domain}`;
let fake: Awaited<ReturnType<typeof startFakeGoogleWorkspace>>;
beforeAll(async () => {
  fake = await startFakeGoogleWorkspace({ serviceAccount, admins: [googleAdmin], domain });
});
afterAll(() => fake?.close());
const t = useTestApp(() => fake.env);

const orgUnits = ['/Engineering/Platform', '/Engineering/Apps', '/Sales/EMEA', '/Sales/Americas', '/Finance'];
/** 1,000 users: 10 heads at the root, each managing a tree of 99 people spread over the org units. */
const thousandUsers = (prefix = ''): FakeGoogleUser[] =>
  Array.from({ length: 1000 }, (_, index) => {
    const head = index % 100 === 0;
    return {
      id: String(100_000_000_000_000_000_000n + BigInt(index)),
      primaryEmail: `${prefix}user${index}@${domain}`,
      name: { givenName: `Given${index}`, familyName: `Family${index}` },
      orgUnitPath: head ? '/' : orgUnits[index % orgUnits.length]!,
      isEnrolledIn2Sv: index % 3 === 0,
      relations: head ? [] : [{ type: 'manager', value: `${prefix}user${index - (index % 100)}@${domain}` }],
      organizations: [{ title: head ? 'Head of unit' : `Engineer ${index % 7}`, primary: true, ...(index % 250 === 1 ? { department: 'Special Projects' } : {}) }],
      phones: [{ value: `+1 415 555 ${String(1000 + index).slice(-4)}`, type: 'work' }],
      externalIds: [{ value: `E${index}`, type: 'organization' }],
      languages: [{ languageCode: index % 2 ? 'fr' : 'en-GB', preference: 'preferred' }],
    };
  });

const setUp = async () => {
  const org = await buildOrganization(t.db);
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', email: `vigil-admin@${org.id.slice(0, 8)}.example` });
  const headers = await t.authAs(admin);
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url: `/api/integrations/google-workspace${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const connect = (overrides: Record<string, unknown> = {}) => call('PUT', '/', { serviceAccountKey: serviceAccount.json, subject: googleAdmin, customer: 'my_customer', schedule: 'daily', deactivateMissing: true, ...overrides });
  /** Starts a run over the API and runs its job, as a worker would. */
  const sync = async (dryRun = false) => {
    const started = await call('POST', '/runs/', { dryRun });
    expect(started.statusCode).toBe(202);
    const runId = started.json().id as string;
    await googleDirectorySyncJob.handler({ organizationId: org.id, runId }, t.jobContext);
    const run = await call('GET', `/runs/${runId}/`);
    return run.json();
  };
  const changesOf = async (runId: string) => {
    const all: { email: string; kind: string; fields: { field: string; before: unknown; after: unknown }[]; reason: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const page = await call('GET', `/runs/${runId}/changes/?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      all.push(...page.json().items);
      cursor = page.json().nextCursor;
    } while (cursor);
    return all;
  };
  const peopleOf = () => t.db.select().from(people).where(eq(people.organizationId, org.id));
  return { org, admin, call, connect, sync, changesOf, peopleOf };
};

describe('Google Workspace directory sync', () => {
  it('keeps the key write-only and sealed, and refuses a file that is not a service account key', async () => {
    const { org, call, connect } = await setUp();
    const notJson = await connect({ serviceAccountKey: 'not json' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.details).toEqual([{ field: 'body.serviceAccountKey', problem: expect.stringContaining('not JSON') }]);
    const oauthClient = await connect({ serviceAccountKey: JSON.stringify({ type: 'authorized_user', client_id: '1' }) });
    expect(oauthClient.json().error.details[0]).toMatchObject({ field: 'body.serviceAccountKey', problem: expect.stringContaining('service_account') });
    const noKey = await call('PUT', '/', { subject: googleAdmin });
    expect(noKey.json().error.details[0]).toMatchObject({ field: 'body.serviceAccountKey', problem: expect.stringContaining('required') });

    const saved = await connect();
    expect(saved.statusCode).toBe(200);
    expect(saved.json().connection).toMatchObject({ hasKey: true, clientEmail: serviceAccount.clientEmail, clientId: serviceAccount.clientId, subject: googleAdmin, schedule: 'daily' });
    expect(saved.body).not.toContain('PRIVATE KEY');
    const [row] = await t.db.select().from(googleDirectoryConnections).where(eq(googleDirectoryConnections.organizationId, org.id));
    expect(row!.serviceAccountKeySealed).toMatch(/^v1\./);
    expect(row!.serviceAccountKeySealed).not.toContain('PRIVATE KEY');
    // Saving again without a key keeps the stored one.
    const kept = await call('PUT', '/', { subject: googleAdmin, schedule: 'off' });
    expect(kept.json().connection).toMatchObject({ hasKey: true, schedule: 'off' });
    expect((await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), sql`${auditLog.action} like 'google_directory.%'`))).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['google_directory.connect', 'google_directory.settings.update']),
    );
  });

  it('tests the connection: the user count, or what to fix when the subject or the key is wrong', async () => {
    fake.addOrgUnits(...orgUnits);
    fake.state.users = thousandUsers();
    const { call, connect } = await setUp();
    await connect();
    const ok = await call('POST', '/test/');
    expect(ok.json()).toEqual({ ok: true, userCount: 500, moreUsers: true, orgUnits: expect.arrayContaining(['/Engineering', '/Sales/EMEA']) });

    await connect({ subject: `nobody@${domain}` });
    const wrongSubject = (await call('POST', '/test/')).json();
    expect(wrongSubject).toMatchObject({ ok: false, googleError: 'invalid_grant', problem: expect.stringContaining(`Google does not know nobody@${domain}`) });

    await connect({ serviceAccountKey: makeServiceAccount().json });
    const badKey = (await call('POST', '/test/')).json();
    expect(badKey).toMatchObject({ ok: false, googleError: 'invalid_grant', problem: expect.stringContaining('Create a new JSON key') });

    await connect();
    fake.state.grantedScopes.delete('https://www.googleapis.com/auth/admin.directory.orgunit.readonly');
    try {
      const noDelegation = (await call('POST', '/test/')).json();
      expect(noDelegation).toMatchObject({ ok: false, googleError: 'unauthorized_client', problem: expect.stringContaining(`client ID ${serviceAccount.clientId}`) });
    } finally {
      fake.state.grantedScopes.add('https://www.googleapis.com/auth/admin.directory.orgunit.readonly');
    }
  });

  it('brings 1,000 users in with departments and managers, then changes only what changed', async () => {
    fake.addOrgUnits(...orgUnits);
    fake.state.users = thousandUsers();
    const { org, connect, sync, changesOf, peopleOf } = await setUp();
    // A plain imported user with a Google address is adopted; one SCIM manages is left alone.
    const imported = await buildPerson(t.db, org.id, { email: `user5@${domain}`, source: 'csv', firstName: 'Old', lastName: 'Name' });
    const scimManaged = await buildPerson(t.db, org.id, { email: `user6@${domain}`, source: 'scim', externalId: 'entra-6', firstName: 'Scim', lastName: 'Kept' });
    await connect();

    const startedAt = Date.now();
    const first = await sync();
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    expect(first).toMatchObject({ state: 'succeeded', error: null, counts: { usersSeen: 1000, created: 998, updated: 1, skipped: 1, unchanged: 0, enrolledIn2Sv: 334 } });

    const everyone = await peopleOf();
    const synced = everyone.filter((person) => person.source === 'google');
    expect(synced).toHaveLength(999);
    const byEmail = new Map(everyone.map((person) => [person.email, person]));
    const names = new Map((await t.db.select().from(departments).where(eq(departments.organizationId, org.id))).map((department) => [department.id, department.name]));
    const user = (index: number) => byEmail.get(`user${index}@${domain}`)!;
    // user7: /Sales/EMEA's last segment; user1: the department Google's organizations entry names.
    expect(user(7)).toMatchObject({ firstName: 'Given7', lastName: 'Family7', jobTitle: 'Engineer 0', phone: '+14155551007', preferredLanguage: 'fr_fr', employeeNumber: 'E7', managerId: user(0).id, isActive: true });
    expect(names.get(user(7).departmentId!)).toBe('EMEA');
    expect(names.get(user(1).departmentId!)).toBe('Special Projects');
    expect(user(0)).toMatchObject({ departmentId: null, managerId: null, preferredLanguage: 'en_us' });
    expect(user(5)).toMatchObject({ id: imported.id, source: 'google', firstName: 'Given5', managerId: user(0).id });
    expect(user(6)).toMatchObject({ id: scimManaged.id, source: 'scim', firstName: 'Scim' });
    expect(synced.filter((person) => person.managerId).length).toBe(989);
    // New people have logins the provider knows.
    expect((await createAuthManagement(t.db).countUsers([user(7).authUserId!]))).toBe(1);
    const provisioned = await t.db.select({ n: sql<number>`count(*)::int` }).from(events).where(and(eq(events.organizationId, org.id), eq(events.type, 'person_provisioned')));
    expect(provisioned[0]!.n).toBe(998);
    const firstLog = await changesOf(first.id);
    expect(firstLog.find((change) => change.email === `user6@${domain}`)).toMatchObject({ kind: 'skipped', reason: expect.stringContaining('SCIM') });
    expect(firstLog.find((change) => change.email === `user5@${domain}`)).toMatchObject({ kind: 'updated', fields: expect.arrayContaining([{ field: 'firstName', before: 'Old', after: 'Given5' }, { field: 'source', before: 'csv', after: 'google' }]) });

    // Google changes three people; the next run touches exactly them.
    const before = new Map((await peopleOf()).map((person) => [person.id, person.updatedAt.getTime()]));
    const google = (index: number) => fake.state.users.find((entry) => entry.primaryEmail === `user${index}@${domain}`)!;
    google(11).organizations = [{ title: 'Staff Engineer', primary: true }];
    google(12).orgUnitPath = '/Finance';
    google(13).relations = [{ type: 'manager', value: `user100@${domain}` }];
    const second = await sync();
    expect(second.counts).toMatchObject({ usersSeen: 1000, created: 0, updated: 3, deactivated: 0, unchanged: 996, skipped: 1 });
    const secondLog = (await changesOf(second.id)).filter((change) => change.kind !== 'skipped');
    expect(secondLog.map((change) => [change.email, change.fields])).toEqual([
      [`user11@${domain}`, [{ field: 'jobTitle', before: 'Engineer 4', after: 'Staff Engineer' }]],
      [`user12@${domain}`, [{ field: 'department', before: 'EMEA', after: 'Finance' }]],
      [`user13@${domain}`, [{ field: 'manager', before: `user0@${domain}`, after: `user100@${domain}` }]],
    ]);
    const changedIds = new Set([user(11).id, user(12).id, user(13).id]);
    for (const person of await peopleOf()) {
      if (changedIds.has(person.id)) expect(person.updatedAt.getTime()).toBeGreaterThan(before.get(person.id)!);
      else expect(person.updatedAt.getTime()).toBe(before.get(person.id));
    }
    const updatedEvents = await t.db.select().from(events).where(and(eq(events.organizationId, org.id), eq(events.type, 'person_updated')));
    expect(updatedEvents.filter((event) => changedIds.has(event.personId!)).map((event) => event.data)).toEqual(
      expect.arrayContaining([{ source: 'google', fields: ['jobTitle'] }, { source: 'google', fields: ['department'] }, { source: 'google', fields: ['manager'] }]),
    );
  }, 120_000);

  it('deactivates a suspended user and ends their sessions; a dry run previews without writing people', async () => {
    fake.state.users = thousandUsers('s.').slice(0, 20);
    const { org, connect, sync, changesOf, peopleOf } = await setUp();
    await connect();
    const preview = await sync(true);
    expect(preview).toMatchObject({ dryRun: true, state: 'succeeded', counts: { created: 20 } });
    expect(await peopleOf()).toHaveLength(1);
    expect((await changesOf(preview.id)).filter((change) => change.kind === 'created')).toHaveLength(20);

    await sync();
    const target = (await peopleOf()).find((person) => person.email === `s.user3@${domain}`)!;
    // A signed-in browser of theirs.
    const inAnHour = new Date(Date.now() + 3_600_000);
    await t.db.insert(refreshTokens).values({ tokenHash: `H${target.id}`, familyId: `F${target.id}`, userId: target.authUserId!, familyExpiresAt: inAnHour, expiresAt: inAnHour });
    fake.state.users.find((entry) => entry.primaryEmail === `s.user3@${domain}`)!.suspended = true;
    // Gone from Google: deactivated because the settings say so.
    fake.state.users = fake.state.users.filter((entry) => entry.primaryEmail !== `s.user4@${domain}`);

    const dry = await sync(true);
    expect(dry.counts).toMatchObject({ deactivated: 2 });
    expect((await peopleOf()).find((person) => person.id === target.id)!.isActive).toBe(true);

    const run = await sync();
    expect(run.counts).toMatchObject({ deactivated: 2, updated: 0, created: 0 });
    const after = await peopleOf();
    expect(after.find((person) => person.id === target.id)!.isActive).toBe(false);
    expect(after.find((person) => person.email === `s.user4@${domain}`)!.isActive).toBe(false);
    const [session] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, `H${target.id}`));
    expect(session!.status).toBe('revoked');
    const [login] = await t.db.select().from(providerUsers).where(eq(providerUsers.id, target.authUserId!));
    expect(login!.status).toBe('disabled');
    expect((await changesOf(run.id)).map((change) => [change.email, change.kind])).toEqual([
      [`s.user3@${domain}`, 'deactivated'],
      [`s.user4@${domain}`, 'deactivated'],
    ]);
    const deprovisioned = await t.db.select().from(events).where(and(eq(events.organizationId, org.id), eq(events.type, 'person_deprovisioned'), inArray(events.personId, [target.id])));
    expect(deprovisioned).toHaveLength(1);
  }, 60_000);

  it('holds back a sync that would deactivate more than a tenth of the people, says why, and runs it once the admin confirms', async () => {
    fake.state.users = thousandUsers('h.').slice(0, 40);
    const { org, call, connect, sync, changesOf, peopleOf } = await setUp();
    await connect();
    expect((await sync()).counts).toMatchObject({ created: 40 });
    // The subject's role now covers only some org units: Google lists 10 of the 40.
    const everyone = fake.state.users;
    fake.state.users = everyone.slice(0, 10);
    const active = async () => (await peopleOf()).filter((person) => person.source === 'google' && person.isActive).length;

    const held = await sync();
    expect(held).toMatchObject({ state: 'failed', heldBack: { deactivations: 30, limit: 4 }, counts: { deactivated: 0, usersSeen: 10 } });
    expect(held.error).toContain('would deactivate 30 people, more than the 4 one sync may deactivate without your confirmation');
    expect(held.error).toContain('Nobody was changed');
    expect(await active()).toBe(40);
    // Its change log lists who it would have deactivated.
    expect((await changesOf(held.id)).filter((change) => change.kind === 'deactivated')).toHaveLength(30);
    // The next run is not blocked by it.
    const preview = await sync(true);
    expect(preview).toMatchObject({ state: 'succeeded', heldBack: { deactivations: 30, limit: 4 }, counts: { deactivated: 30 } });

    // Confirming fewer than it would deactivate does not let it through; a confirmation is for syncs, not previews.
    expect((await call('POST', '/runs/', { dryRun: true, confirmDeactivations: 30 })).json().error.details).toEqual([{ field: 'body.confirmDeactivations', problem: 'is for a sync, not a preview' }]);
    const started = await call('POST', '/runs/', { dryRun: false, confirmDeactivations: 29 });
    expect(started.json()).toMatchObject({ confirmedDeactivations: 29 });
    await googleDirectorySyncJob.handler({ organizationId: org.id, runId: started.json().id }, t.jobContext);
    expect((await call('GET', `/runs/${started.json().id}/`)).json()).toMatchObject({ state: 'failed', heldBack: { deactivations: 30 } });
    expect(await active()).toBe(40);

    const confirmed = await call('POST', '/runs/', { dryRun: false, confirmDeactivations: 30 });
    await googleDirectorySyncJob.handler({ organizationId: org.id, runId: confirmed.json().id }, t.jobContext);
    expect((await call('GET', `/runs/${confirmed.json().id}/`)).json()).toMatchObject({ state: 'succeeded', heldBack: null, error: null, confirmedDeactivations: 30, counts: { deactivated: 30 } });
    expect(await active()).toBe(10);
    fake.state.users = everyone;
  });

  it('answers 409 while a sync is under way, and 404 for another organisation’s run', async () => {
    fake.state.users = thousandUsers('t.').slice(0, 3);
    const mine = await setUp();
    const theirs = await setUp();
    await mine.connect();
    await theirs.connect();
    const started = await theirs.call('POST', '/runs/', {});
    expect(started.statusCode).toBe(202);
    expect((await theirs.call('POST', '/runs/', {})).statusCode).toBe(409);
    expect((await mine.call('GET', `/runs/${started.json().id}/`)).statusCode).toBe(404);
    expect((await mine.call('GET', `/runs/${started.json().id}/changes/`)).statusCode).toBe(404);
    expect((await mine.call('GET', '/runs/')).json().items).toEqual([]);
  });

  it('numbers a resumed run’s change log after what its earlier attempt wrote, without reading that log', async () => {
    const { org } = await setUp();
    const repository = googleDirectoryRepository(t.db, { organizationId: org.id });
    const run = (await repository.insertRun({ dryRun: true, trigger: 'manual', requestedByPersonId: null }))!;
    expect(await repository.nextChangeSeq(run.id)).toBe(0);
    await repository.insertChanges(run.id, [0, 1, 2].map((seq) => ({ seq, personId: null, googleUserId: `g${seq}`, email: `g${seq}@${domain}`, kind: 'created' as const, fields: [], reason: null })));
    expect(await repository.nextChangeSeq(run.id)).toBe(3);
    await repository.updateRun(run.id, { state: 'failed' });
  });

  it('refuses people who are not admins', async () => {
    const org = await buildOrganization(t.db);
    const user = await buildPerson(t.db, org.id, { role: 'User' });
    const response = await t.app.inject({ method: 'GET', url: '/api/integrations/google-workspace/', headers: await t.authAs(user) });
    expect(response.statusCode).toBe(403);
  });
});
