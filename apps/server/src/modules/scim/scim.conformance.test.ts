import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthManagement, hashPassword } from '@vigil/auth-provider';
import { users } from '@vigil/auth-provider/schema';
import { auditLog, events, people, scimTokens } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { providerCall, useTestApp } from '../../test/test-app.ts';
import { generateScimToken } from '../onboarding/scim-token.ts';

/**
 * The SCIM 2.0 server over HTTP against the started app (with the embedded provider, so logins and
 * sessions are real): RFC 7644 cases, then the traffic Entra ID (default and compliant modes) and
 * Okta (wizard PUT and OIN PATCH apps) send, replayed from their published documentation.
 */
const t = useTestApp({ PUBLIC_URL: 'http://vigil.test' }, { embeddedAuth: true });
const core = 'urn:ietf:params:scim:schemas:core:2.0:User';
const enterprise = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const groupSchema = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const patchOp = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
let origin: string;
let cases = 0;

type Org = { id: string; token: string; url: string };
let alpha: Org;
let bravo: Org;

const organizationWithToken = async (name: string): Promise<Org> => {
  const org = await buildOrganization(t.db, { name });
  const { token, tokenHash, lastFour } = generateScimToken();
  await t.db.insert(scimTokens).values({ organizationId: org.id, tokenHash, lastFour });
  return { id: org.id, token, url: `${origin}/scim/v2/${org.id}` };
};

beforeAll(async () => {
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  alpha = await organizationWithToken('Alpha Provisioned');
  bravo = await organizationWithToken('Bravo Provisioned');
});
afterAll(() => console.log(`SCIM conformance: ${cases} cases`));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- SCIM answers are read freely in assertions
type Answer = { status: number; body: Record<string, any>; headers: Headers };
const scim = async (org: Org, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
  const response = await fetch(`${org.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${org.token}`, ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
};
const filter = (expression: string) => `?filter=${encodeURIComponent(expression)}`;
const expectScimError = (answer: Answer, status: number, scimType?: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/scim+json');
  expect(answer.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), ...(scimType ? { scimType } : {}) });
  expect(typeof answer.body.detail).toBe('string');
};
const rfc = (name: string, test: () => Promise<void>) =>
  it(name, async () => {
    await test();
    cases++;
  });

const newUser = (userName: string, more: Record<string, unknown> = {}) => ({
  schemas: [core, enterprise],
  userName,
  name: { givenName: 'Noor', familyName: 'Haddad' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...more,
});

describe('SCIM 2.0 (RFC 7644)', () => {
  rfc('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const config = await scim(alpha, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, etag: { supported: true }, bulk: { supported: false } });
    const types = await scim(alpha, 'GET', '/ResourceTypes');
    expect(types.body.Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const schemas = await scim(alpha, 'GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([core, enterprise, groupSchema]);
    expect((await scim(alpha, 'GET', `/Schemas/${enterprise}`)).body.attributes.map((attribute: { name: string }) => attribute.name)).toEqual(['employeeNumber', 'department', 'manager']);
  });

  rfc('answers 401 without the organisation’s token, with another’s, and with a revoked one', async () => {
    expectScimError(await scim({ ...alpha, token: 'vigil_scim_not-a-token' }, 'GET', '/Users'), 401);
    expectScimError(await scim({ ...bravo, token: alpha.token }, 'GET', '/Users'), 401);
    const response = await fetch(`${alpha.url}/Users`);
    expect(response.status).toBe(401);
    const revoked = await organizationWithToken('Revoked Provisioned');
    await t.db.update(scimTokens).set({ revokedAt: new Date() }).where(eq(scimTokens.organizationId, revoked.id));
    expectScimError(await scim(revoked, 'GET', '/Users'), 401);
  });

  rfc('keeps a replaced token working for a day, so the identity provider can be given the new one without a gap', async () => {
    const rotated = await organizationWithToken('Rotated Provisioned');
    await t.db.update(scimTokens).set({ revokedAt: new Date(), graceUntil: new Date(Date.now() + 3_600_000) }).where(eq(scimTokens.organizationId, rotated.id));
    expect((await scim(rotated, 'GET', '/Users')).status).toBe(200);
    await t.db.update(scimTokens).set({ graceUntil: new Date(Date.now() - 1000) }).where(eq(scimTokens.organizationId, rotated.id));
    expectScimError(await scim(rotated, 'GET', '/Users'), 401);
  });

  rfc('creates a User (201, Location, ETag) with a login, reads it back, and refuses a second with the same userName (409 uniqueness)', async () => {
    const created = await scim(alpha, 'POST', '/Users', newUser('noor.haddad@alpha.example', { externalId: 'ext-noor', title: 'Analyst', timezone: 'Europe/Paris', preferredLanguage: 'fr-FR', phoneNumbers: [{ value: '+33 1 23 45 67 89', type: 'work' }] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('location')).toBe(`http://vigil.test/scim/v2/${alpha.id}/Users/${created.body.id}`);
    expect(created.headers.get('etag')).toBe(created.body.meta.version);
    expect(created.body).toMatchObject({ userName: 'noor.haddad@alpha.example', externalId: 'ext-noor', active: true, title: 'Analyst', timezone: 'Europe/Paris', preferredLanguage: 'fr-FR', phoneNumbers: [{ value: '+33123456789' }] });
    const [person] = await t.db.select().from(people).where(eq(people.id, created.body.id));
    expect(person).toMatchObject({ organizationId: alpha.id, email: 'noor.haddad@alpha.example', role: 'User', source: 'scim', preferredLanguage: 'fr_fr', isActive: true });
    expect(await createAuthManagement(t.db).findUsersByEmail(['noor.haddad@alpha.example'])).toEqual(new Map([['noor.haddad@alpha.example', person!.authUserId]]));
    expect((await scim(alpha, 'GET', `/Users/${created.body.id}`)).body).toEqual(created.body);
    expectScimError(await scim(alpha, 'POST', '/Users', newUser('Noor.Haddad@alpha.example')), 409, 'uniqueness');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, alpha.id), eq(auditLog.targetId, created.body.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'scim.user.create', actorKind: 'scim' })]);
  });

  rfc('filters by userName, externalId and work email, pages with startIndex and count, and projects attributes', async () => {
    for (const name of ['ines', 'omar', 'lea']) await scim(alpha, 'POST', '/Users', newUser(`${name}.page@alpha.example`, { externalId: `ext-${name}` }));
    const byUserName = await scim(alpha, 'GET', `/Users${filter('userName eq "OMAR.page@alpha.example"')}`);
    expect(byUserName.body).toMatchObject({ totalResults: 1, Resources: [{ userName: 'omar.page@alpha.example' }] });
    expect((await scim(alpha, 'GET', `/Users${filter('externalId eq "ext-lea"')}`)).body.Resources.map((user: { userName: string }) => user.userName)).toEqual(['lea.page@alpha.example']);
    expect((await scim(alpha, 'GET', `/Users${filter('emails[type eq "work"].value eq "ines.page@alpha.example"')}`)).body.totalResults).toBe(1);
    expect((await scim(alpha, 'GET', `/Users${filter('userName eq "nobody@alpha.example"')}`)).body).toMatchObject({ totalResults: 0, Resources: [] });
    const all = (await scim(alpha, 'GET', '/Users')).body.totalResults;
    const page = await scim(alpha, 'GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: all, startIndex: 2, itemsPerPage: 2 });
    // Pages follow one another: the first three, read as 1–1 and 2–3, are the first three read at once.
    const ids = (answer: Answer) => answer.body.Resources.map((user: { id: string }) => user.id);
    const firstThree = ids(await scim(alpha, 'GET', '/Users?startIndex=1&count=3'));
    expect([...ids(await scim(alpha, 'GET', '/Users?startIndex=1&count=1')), ...ids(page)]).toEqual(firstThree);
    expectScimError(await scim(alpha, 'GET', `/Users${filter('userName eq "a@b.c"')}&filter=x`), 400, 'invalidFilter');
    const projected = await scim(alpha, 'GET', `/Users${filter('externalId eq "ext-lea"')}&attributes=userName`);
    expect(Object.keys(projected.body.Resources[0]).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);
    const excluded = await scim(alpha, 'GET', `/Users${filter('externalId eq "ext-lea"')}&excludedAttributes=emails,name`);
    expect(excluded.body.Resources[0]).not.toHaveProperty('emails');
    expect(excluded.body.Resources[0]).toHaveProperty('userName');
  });

  rfc('refuses malformed and unsupported filters (400 invalidFilter), naming what it could not use', async () => {
    expectScimError(await scim(alpha, 'GET', `/Users${filter('userName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim(alpha, 'GET', `/Users${filter('title co "Anal"')}`), 400, 'invalidFilter');
    const unsupported = await scim(alpha, 'GET', `/Users${filter('nickName eq "x"')}`);
    expectScimError(unsupported, 400, 'invalidFilter');
    expect(unsupported.body.detail).toContain('nickName');
  });

  rfc('replaces with PUT and patches with PATCH; ETags guard both (412) and answer If-None-Match with 304', async () => {
    const user = (await scim(alpha, 'POST', '/Users', newUser('sami.etag@alpha.example'))).body;
    const notModified = await scim(alpha, 'GET', `/Users/${user.id}`, undefined, { 'if-none-match': user.meta.version });
    expect(notModified.status).toBe(304);
    const replaced = await scim(alpha, 'PUT', `/Users/${user.id}`, { ...newUser('sami.etag@alpha.example'), name: { givenName: 'Sami', familyName: 'Etag' }, title: 'Engineer' }, { 'if-match': user.meta.version });
    expect(replaced.body).toMatchObject({ name: { givenName: 'Sami', familyName: 'Etag' }, title: 'Engineer' });
    expect(replaced.body.meta.version).not.toBe(user.meta.version);
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', path: 'title', value: 'Lead' }] }, { 'if-match': user.meta.version }), 412);
    expectScimError(await scim(alpha, 'PUT', `/Users/${user.id}`, newUser('sami.etag@alpha.example'), { 'if-match': user.meta.version }), 412);
    const patched = await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', path: 'title', value: 'Lead' }] }, { 'if-match': replaced.body.meta.version });
    expect(patched.body.title).toBe('Lead');
  });

  rfc('refuses bad PATCH requests with their scimType, and ids it does not hold with 404 (another organisation’s included)', async () => {
    const user = (await scim(alpha, 'POST', '/Users', newUser('dana.patch@alpha.example'))).body;
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', path: 'emails[type eq "work"', value: 'x' }] }), 400, 'invalidSyntax');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'move', path: 'title' }] }), 400, 'invalidSyntax');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp] }), 400, 'invalidSyntax');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, '{ not json'), 400, 'invalidSyntax');
    expectScimError(await scim(alpha, 'POST', '/Users', { schemas: [core], name: { givenName: 'No' } }), 400, 'invalidValue');
    expectScimError(await scim(alpha, 'GET', '/Users/not-an-id'), 404);
    const bravoUser = (await scim(bravo, 'POST', '/Users', newUser('kept.apart@bravo.example'))).body;
    expectScimError(await scim(alpha, 'GET', `/Users/${bravoUser.id}`), 404);
    expectScimError(await scim(alpha, 'PATCH', `/Users/${bravoUser.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', path: 'active', value: false }] }), 404);
    expectScimError(await scim(alpha, 'DELETE', `/Users/${bravoUser.id}`), 404);
    expect((await scim(alpha, 'GET', `/Users${filter('userName eq "kept.apart@bravo.example"')}`)).body.totalResults).toBe(0);
    expect((await scim(bravo, 'GET', `/Users/${bravoUser.id}`)).body.active).toBe(true);
  });

  rfc('refuses PATCH names that reach JavaScript’s object machinery (__proto__, constructor), leaving every object as it was', async () => {
    const user = (await scim(alpha, 'POST', '/Users', newUser('proto.probe@alpha.example'))).body;
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'add', path: '__proto__.polluted', value: true }] }), 400, 'invalidPath');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', value: { '__proto__.polluted': true } }] }), 400, 'invalidPath');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'add', path: 'constructor.prototype.polluted', value: true }] }), 400, 'invalidPath');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, '{"schemas":[],"Operations":[{"op":"replace","value":{"name":{"__proto__":{"polluted":true}}}}]}'), 400, 'invalidPath');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [null] }), 400, 'invalidSyntax');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'add', path: 'userName.x', value: 'y' }] }), 400);
    expectScimError(await scim(alpha, 'POST', '/Users', newUser('nul.byte@alpha.example', { title: 'A\u0000B' })), 400, 'invalidValue');
    expectScimError(await scim(alpha, 'POST', '/Users', newUser('long.id@alpha.example', { externalId: 'x'.repeat(300) })), 400, 'invalidValue');
  });

  rfc('adopts a plain user added before provisioning (same address), and refuses to take over someone with a role (409)', async () => {
    const imported = await buildPerson(t.db, alpha.id, { email: 'imported.before@alpha.example', firstName: 'Ima', lastName: 'Ported' });
    const adopted = await scim(alpha, 'POST', '/Users', newUser('Imported.Before@alpha.example', { externalId: 'ext-imported' }));
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(201);
    expect(adopted.body).toMatchObject({ id: imported.id, externalId: 'ext-imported' });
    expect((await t.db.select().from(people).where(eq(people.id, imported.id)))[0]).toMatchObject({ source: 'scim' });
    await buildPerson(t.db, alpha.id, { role: 'Admin', email: 'an.admin@alpha.example' });
    expectScimError(await scim(alpha, 'POST', '/Users', newUser('an.admin@alpha.example')), 409, 'uniqueness');
  });

  rfc('changes only plain users: an admin, manager or superadmin is changed in Vigil, not by a token (403)', async () => {
    const superadmin = await buildPerson(t.db, alpha.id, { role: 'Superadmin', email: 'chief@alpha.example' });
    expectScimError(await scim(alpha, 'PATCH', `/Users/${superadmin.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'attacker@alpha.example' }] }), 403);
    expectScimError(await scim(alpha, 'PUT', `/Users/${superadmin.id}`, newUser('attacker@alpha.example')), 403);
    expectScimError(await scim(alpha, 'DELETE', `/Users/${superadmin.id}`), 403);
    const [kept] = await t.db.select().from(people).where(eq(people.id, superadmin.id));
    expect(kept).toMatchObject({ email: 'chief@alpha.example', isActive: true });
  });

  rfc('keeps reporting lines from looping: nobody manages themself, directly or through their reports', async () => {
    const lead = (await scim(alpha, 'POST', '/Users', newUser('loop.lead@alpha.example'))).body;
    const report = (await scim(alpha, 'POST', '/Users', newUser('loop.report@alpha.example', { [enterprise]: { manager: { value: lead.id } } }))).body;
    expectScimError(await scim(alpha, 'PATCH', `/Users/${lead.id}`, { schemas: [patchOp], Operations: [{ op: 'add', path: `${enterprise}:manager`, value: lead.id.toUpperCase() }] }), 400, 'invalidValue');
    expectScimError(await scim(alpha, 'PATCH', `/Users/${lead.id}`, { schemas: [patchOp], Operations: [{ op: 'add', path: `${enterprise}:manager`, value: report.id }] }), 400, 'invalidValue');
  });

  rfc('maps the enterprise extension: department (made when new), manager (a User of the organisation) and employeeNumber', async () => {
    const manager = (await scim(alpha, 'POST', '/Users', newUser('maya.manager@alpha.example'))).body;
    const report = await scim(alpha, 'POST', '/Users', newUser('rui.report@alpha.example', { [enterprise]: { department: 'Treasury', employeeNumber: '4711', manager: { value: manager.id } } }));
    expect(report.body[enterprise]).toEqual({ department: 'Treasury', employeeNumber: '4711', manager: { value: manager.id, $ref: `http://vigil.test/scim/v2/${alpha.id}/Users/${manager.id}`, displayName: 'Noor Haddad' } });
    const stranger = await scim(alpha, 'POST', '/Users', newUser('no.manager@alpha.example', { [enterprise]: { manager: { value: '00000000-0000-4000-8000-000000000000' } } }));
    expectScimError(stranger, 400, 'invalidValue');
  });

  rfc('DELETE deactivates: the person keeps their history, is no longer a resource (404), and a new create brings them back', async () => {
    const user = (await scim(alpha, 'POST', '/Users', newUser('leaving.soon@alpha.example'))).body;
    expect((await scim(alpha, 'DELETE', `/Users/${user.id}`)).status).toBe(204);
    expectScimError(await scim(alpha, 'GET', `/Users/${user.id}`), 404);
    const [kept] = await t.db.select().from(people).where(eq(people.id, user.id));
    expect(kept).toMatchObject({ isActive: false });
    const loginStatus = async () => (await t.db.select({ status: users.status }).from(users).where(eq(users.id, kept!.authUserId!)))[0]?.status;
    expect(await loginStatus()).not.toBe('enabled');
    const back = await scim(alpha, 'POST', '/Users', newUser('leaving.soon@alpha.example'));
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: user.id, active: true });
    expect(await loginStatus()).toBe('enabled');
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, user.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['scim.user.delete', 'scim.user.restore']));
  });

  rfc('Groups are departments: create with members, filter by displayName, add and remove members, rename, delete', async () => {
    const [first, second] = [(await scim(alpha, 'POST', '/Users', newUser('g.first@alpha.example'))).body, (await scim(alpha, 'POST', '/Users', newUser('g.second@alpha.example'))).body];
    const group = await scim(alpha, 'POST', '/Groups', { schemas: [groupSchema], displayName: 'Payments', externalId: 'grp-payments', members: [{ value: first.id }] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    expect(group.body.members.map((member: { value: string }) => member.value)).toEqual([first.id]);
    expectScimError(await scim(alpha, 'POST', '/Groups', { schemas: [groupSchema], displayName: 'payments' }), 409, 'uniqueness');
    expect((await scim(alpha, 'GET', `/Groups${filter('displayName eq "Payments"')}&excludedAttributes=members`)).body.Resources).toEqual([expect.not.objectContaining({ members: expect.anything() })]);
    await scim(alpha, 'PATCH', `/Groups/${group.body.id}`, { schemas: [patchOp], Operations: [{ op: 'add', path: 'members', value: [{ value: second.id }] }] });
    expect((await scim(alpha, 'GET', `/Users/${second.id}`)).body[enterprise].department).toBe('Payments');
    expect((await scim(alpha, 'GET', `/Groups${filter(`id eq "${group.body.id}" and members[value eq "${second.id}"]`)}`)).body.totalResults).toBe(1);
    expectScimError(await scim(alpha, 'PATCH', `/Groups/${group.body.id}`, { schemas: [patchOp], Operations: [{ op: 'add', path: 'members', value: [{ value: '00000000-0000-4000-8000-000000000000' }] }] }), 400, 'invalidValue');
    await scim(alpha, 'POST', '/Groups', { schemas: [groupSchema], displayName: 'Audit' });
    expectScimError(await scim(alpha, 'PATCH', `/Groups/${group.body.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', path: 'displayName', value: 'AUDIT' }] }), 409, 'uniqueness');
    const renamed = await scim(alpha, 'PUT', `/Groups/${group.body.id}`, { schemas: [groupSchema], displayName: 'Payments & Treasury', members: [{ value: second.id }] });
    expect(renamed.body).toMatchObject({ displayName: 'Payments & Treasury', members: [{ value: second.id }] });
    expect((await scim(alpha, 'GET', `/Users/${first.id}`)).body[enterprise].department).toBeUndefined();
    expect((await scim(alpha, 'DELETE', `/Groups/${group.body.id}`)).status).toBe(204);
    expectScimError(await scim(alpha, 'GET', `/Groups/${group.body.id}`), 404);
    expect((await scim(alpha, 'GET', `/Users/${second.id}`)).body[enterprise].department).toBeUndefined();
  });
});

describe('Microsoft Entra ID', () => {
  rfc('default mode: looks the user up, creates them, then sends capitalised ops and "False" as a string to deactivate', async () => {
    // The provisioning service's documented sequence (Tutorial: develop a sample SCIM endpoint; known quirks).
    expect((await scim(alpha, 'GET', `/Users${filter('userName eq "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1"')}`)).body.totalResults).toBe(0);
    const created = await scim(alpha, 'POST', '/Users', {
      schemas: [core, enterprise],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@alpha.example' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      [enterprise]: { department: 'Engineering' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Entra keeps its UPN as userName; Vigil signs the person in with the work email.
    expect(created.body).toMatchObject({ userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1', emails: [{ value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@alpha.example' }] });
    const id = created.body.id;
    const patched = await scim(alpha, 'PATCH', `/Users/${id}`, {
      schemas: [patchOp],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@alpha.example' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: `${enterprise}:department`, value: 'Finance' },
      ],
    });
    expect(patched.body).toMatchObject({ emails: [{ value: 'updatedEmail@alpha.example' }], name: { familyName: 'updatedFamilyName' }, [enterprise]: { department: 'Finance' } });
    const deactivated = await scim(alpha, 'PATCH', `/Users/${id}`, { schemas: [patchOp], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(deactivated.body.active).toBe(false);
    const reactivated = await scim(alpha, 'PATCH', `/Users/${id}`, { schemas: [patchOp], Operations: [{ op: 'Replace', value: { active: 'True' } }] });
    expect(reactivated.body.active).toBe(true);
  });

  rfc('default mode: sets and clears the manager, and removes group members with a value list', async () => {
    const boss = (await scim(alpha, 'POST', '/Users', newUser('entra.boss@alpha.example'))).body;
    const worker = (await scim(alpha, 'POST', '/Users', newUser('entra.worker@alpha.example'))).body;
    await scim(alpha, 'PATCH', `/Users/${worker.id}`, { schemas: [patchOp], Operations: [{ op: 'Add', path: `${enterprise}:manager`, value: boss.id }] });
    expect((await scim(alpha, 'GET', `/Users/${worker.id}`)).body[enterprise].manager.value).toBe(boss.id);
    await scim(alpha, 'PATCH', `/Users/${worker.id}`, { schemas: [patchOp], Operations: [{ op: 'Remove', path: `${enterprise}:manager` }] });
    expect((await scim(alpha, 'GET', `/Users/${worker.id}`)).body[enterprise].manager).toBeUndefined();
    const group = (await scim(alpha, 'POST', '/Groups', { schemas: [groupSchema], displayName: 'Entra Group', externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', members: [{ value: boss.id }, { value: worker.id }] })).body;
    const removed = await scim(alpha, 'PATCH', `/Groups/${group.id}`, { schemas: [patchOp], Operations: [{ op: 'Remove', path: 'members', value: [{ value: worker.id }] }] });
    expect(removed.body.members.map((member: { value: string }) => member.value)).toEqual([boss.id]);
    const renamed = await scim(alpha, 'PATCH', `/Groups/${group.id}`, { schemas: [patchOp], Operations: [{ op: 'Replace', path: 'displayName', value: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName' }] });
    expect(renamed.body.displayName).toBe('1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName');
  });

  rfc('compliant mode (aadOptscim062020): lowercase ops, a boolean active, and members[value eq "…"] paths', async () => {
    const member = (await scim(alpha, 'POST', '/Users', newUser('entra.compliant@alpha.example'))).body;
    const group = (await scim(alpha, 'POST', '/Groups', { schemas: [groupSchema], displayName: 'Compliant Group', members: [{ value: member.id }] })).body;
    const removed = await scim(alpha, 'PATCH', `/Groups/${group.id}`, { schemas: [patchOp], Operations: [{ op: 'remove', path: `members[value eq "${member.id}"]` }] });
    expect(removed.body.members).toEqual([]);
    expect((await scim(alpha, 'PATCH', `/Users/${member.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', path: 'active', value: false }] })).body.active).toBe(false);
  });
});

describe('Okta', () => {
  rfc('tests the connection with GET /Users?startIndex=1&count=2, looks up by userName, then creates', async () => {
    const probe = await scim(alpha, 'GET', '/Users?startIndex=1&count=2');
    expect(probe.status).toBe(200);
    expect(probe.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], startIndex: 1, itemsPerPage: 2 });
    expect((await scim(alpha, 'GET', `/Users${filter('userName eq "isabella.ortiz@alpha.example"')}&startIndex=1&count=100`)).body.totalResults).toBe(0);
    const created = await scim(alpha, 'POST', '/Users', {
      schemas: [core],
      userName: 'isabella.ortiz@alpha.example',
      name: { givenName: 'Isabella', familyName: 'Ortiz' },
      emails: [{ primary: true, value: 'isabella.ortiz@alpha.example', type: 'work' }],
      displayName: 'Isabella Ortiz',
      locale: 'en-US',
      externalId: '00u1dhhb1fkIGP7RL1d8',
      groups: [],
      password: 'should-be-ignored-1!',
      active: true,
    });
    expect(created.status).toBe(201);
    // Vigil keeps no password a client sends (people sign in with the provider's own methods).
    expect(JSON.stringify(await t.db.select().from(people).where(eq(people.id, created.body.id)))).not.toContain('should-be-ignored');
  });

  rfc('App Integration Wizard apps update with a full PUT: one without active does not deactivate', async () => {
    const user = (await scim(alpha, 'POST', '/Users', newUser('okta.put@alpha.example', { externalId: '00u-okta-put' }))).body;
    const { active: _active, ...withoutActive } = newUser('okta.put@alpha.example', { externalId: '00u-okta-put', name: { givenName: 'Pat', familyName: 'Okta' } });
    const replaced = await scim(alpha, 'PUT', `/Users/${user.id}`, { ...withoutActive, id: user.id });
    expect(replaced.body).toMatchObject({ active: true, name: { givenName: 'Pat', familyName: 'Okta' } });
    expect((await scim(alpha, 'PUT', `/Users/${user.id}`, { ...withoutActive, active: false })).body.active).toBe(false);
  });

  rfc('OIN apps deactivate with PATCH active:false (not DELETE) and update with PATCH', async () => {
    const user = (await scim(alpha, 'POST', '/Users', newUser('okta.patch@alpha.example'))).body;
    const deactivated = await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(deactivated.body.active).toBe(false);
    const renamed = await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'replace', value: { 'name.givenName': 'Olu', active: true } }] });
    expect(renamed.body).toMatchObject({ active: true, name: { givenName: 'Olu' } });
  });
});

describe('deprovisioning over SCIM ends access at once', () => {
  const provider = (path: string, body: unknown, token?: string) => providerCall(t.app)(path, body, token);

  rfc('a signed-in person deactivated by the identity provider loses API access on the next call and cannot refresh; their history stays', async () => {
    const user = (await scim(alpha, 'POST', '/Users', newUser('deprovisioned@alpha.example'))).body;
    const [person] = await t.db.select().from(people).where(eq(people.id, user.id));
    // The person chose a password (as they would from the invitation), then signs in.
    await t.db.update(users).set({ passwordHash: await hashPassword('a long enough passphrase') }).where(eq(users.id, person!.authUserId!));
    const session = (await provider('/password/signin', { loginId: person!.email, password: 'a long enough passphrase' })).json();
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${session.sessionJwt}` } })).statusCode).toBe(200);
    const colleague = await buildPerson(t.db, alpha.id, { managerId: person!.id });

    const deactivated = await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(deactivated.body.active).toBe(false);

    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${session.sessionJwt}` } })).statusCode).toBe(401);
    expect((await provider('/refresh', {}, session.refreshJwt)).statusCode).toBe(401);
    expect((await provider('/password/signin', { loginId: person!.email, password: 'a long enough passphrase' })).statusCode).not.toBe(200);
    // Their record (and whoever reports to them) stays for reports.
    expect((await t.db.select().from(people).where(eq(people.id, colleague.id)))[0]?.managerId).toBe(person!.id);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'scim.user.patch')));
    expect(audit).toEqual([expect.objectContaining({ actorKind: 'scim', details: expect.objectContaining({ active: false }) })]);

    // Reactivated, they sign in again.
    await scim(alpha, 'PATCH', `/Users/${user.id}`, { schemas: [patchOp], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    const again = await provider('/password/signin', { loginId: person!.email, password: 'a long enough passphrase' });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('what SCIM changes is recorded in the event log', () => {
  it('a create, an update of the title, a no-op PUT, a deactivation, a reactivation and a DELETE each leave one provisioning event (none for the no-op)', async () => {
    const created = (await scim(alpha, 'POST', '/Users', newUser('logged@alpha.example'))).body;
    const patch = (Operations: unknown[]) => scim(alpha, 'PATCH', `/Users/${created.id}`, { schemas: [patchOp], Operations });
    await patch([{ op: 'replace', path: 'title', value: 'Payroll lead' }]);
    const current = (await scim(alpha, 'GET', `/Users/${created.id}`)).body;
    await scim(alpha, 'PUT', `/Users/${created.id}`, current);
    await patch([{ op: 'replace', path: 'active', value: false }]);
    await patch([{ op: 'replace', path: 'active', value: true }]);
    await scim(alpha, 'DELETE', `/Users/${created.id}`);

    const logged = await t.db.select({ type: events.type, data: events.data, organizationId: events.organizationId }).from(events).where(eq(events.personId, created.id)).orderBy(events.id);
    expect(logged).toEqual([
      { type: 'person_provisioned', data: { source: 'scim' }, organizationId: alpha.id },
      { type: 'person_updated', data: { source: 'scim', fields: ['jobTitle'] }, organizationId: alpha.id },
      { type: 'person_deprovisioned', data: { source: 'scim' }, organizationId: alpha.id },
      { type: 'person_reactivated', data: { source: 'scim' }, organizationId: alpha.id },
      { type: 'person_deprovisioned', data: { source: 'scim' }, organizationId: alpha.id },
    ]);
  });
});
