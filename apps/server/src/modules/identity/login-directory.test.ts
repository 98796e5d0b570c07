/**
 * The login directory's behaviour, one suite run against both implementations: the embedded
 * provider (its tables, in process) and the remote one, speaking the management API over HTTP to a
 * real provider served on a loopback port with its own database.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@vigil/auth-provider';
import { loginIds, userTenants, users } from '@vigil/auth-provider/schema';
import type { Db } from '@vigil/db';
import { useServedAuthProvider } from '../../test/served-auth-provider.ts';
import { providerCall, testProjectId, useTestApp } from '../../test/test-app.ts';
import { embeddedLoginDirectory } from './embedded-login-directory.ts';
import { type LoginDirectory, LoginAddressTaken } from './login-directory.ts';
import { remoteLoginDirectory } from './remote-login-directory.ts';

const managementKey = 'login-directory-test-management-key-0123456789';
const served = useServedAuthProvider(managementKey);
const t = useTestApp({ PUBLIC_URL: 'http://vigil.test' }, { embeddedAuth: true });
const password = 'a long enough passphrase';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(password);
});

type Answer = { status: number; body: { refreshJwt?: string } };
/** One side: a directory, and the provider behind it as a person's browser (and its database) sees it. */
type Side = { directory: () => LoginDirectory; db: () => Db; auth: (path: string, body: unknown, token?: string) => Promise<Answer> };

const sides: [string, Side][] = [
  [
    'embedded',
    {
      directory: () => embeddedLoginDirectory(t.db),
      db: () => t.db,
      auth: async (path, body, token) => {
        const response = await providerCall(t.app)(path, body, token);
        return { status: response.statusCode, body: response.json() };
      },
    },
  ],
  [
    'remote (management API over HTTP)',
    {
      directory: () => remoteLoginDirectory({ baseUrl: served.baseUrl, projectId: testProjectId, managementKey }),
      db: () => served.connection.db,
      auth: async (path, body, token) => {
        const response = await fetch(`${served.baseUrl}/v1/auth${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${testProjectId}${token ? `:${token}` : ''}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as Answer['body'] };
      },
    },
  ],
];

describe.each(sides)('the %s login directory', (_name, side) => {
  const tag = () => randomUUID().slice(0, 8);
  /** A tenant and a new login in it; answers the provider's user id for it. */
  const newLogin = async (roles: string[] = []) => {
    const id = tag();
    const tenantId = `org-${id}`;
    await side.directory().upsertTenants([{ id: tenantId, name: `Organisation ${id}` }]);
    const asked = randomUUID();
    const email = `person.${id}@example.test`;
    const made = await side.directory().upsertLogins([{ userId: asked, email, givenName: 'Noor', familyName: 'Haddad', tenants: { [tenantId]: roles }, organizationId: tenantId }]);
    return { userId: made.get(asked)!, email, tenantId };
  };
  const row = async (userId: string) => (await side.db().select().from(users).where(eq(users.id, userId)))[0];
  const membershipsOf = async (userId: string) =>
    Object.fromEntries((await side.db().select().from(userTenants).where(eq(userTenants.userId, userId))).map((m) => [m.tenantId, m.roleNames]));
  const withPassword = async (userId: string) => void (await side.db().update(users).set({ passwordHash }).where(eq(users.id, userId)));
  const signIn = (loginId: string) => side.auth('/password/signin', { loginId, password });
  const refresh = (refreshJwt: string) => side.auth('/refresh', {}, refreshJwt);

  it('creates a login with its tenant roles, found by its email in any case', async () => {
    const login = await newLogin(['Admin']);
    expect(await row(login.userId)).toMatchObject({ email: login.email, givenName: 'Noor', familyName: 'Haddad', status: 'enabled' });
    expect(await membershipsOf(login.userId)).toEqual({ [login.tenantId]: ['Admin'] });
    const owners = await side.directory().findUsersByEmail([login.email.toUpperCase(), `free.${login.email}`]);
    expect([...owners]).toEqual([[login.email, login.userId]]);
    expect(await side.directory().countUsers([login.userId, 'U-nobody'])).toBe(1);
    await withPassword(login.userId);
    expect((await signIn(login.email)).status).toBe(200);
  });

  it('creating again updates the same login: names and roles change, other memberships stay', async () => {
    const login = await newLogin();
    const other = `org-${tag()}`;
    await side.directory().upsertTenants([{ id: other, name: 'Another' }]);
    await side.directory().setLoginTenants(login.userId, { [login.tenantId]: [], [other]: ['Manager'] });
    const again = await side.directory().upsertLogins([{ userId: login.userId, email: login.email, givenName: 'Nora', familyName: 'Hadad', tenants: { [login.tenantId]: ['Admin'] }, organizationId: login.tenantId }]);
    expect(again.get(login.userId)).toBe(login.userId);
    expect(await row(login.userId)).toMatchObject({ givenName: 'Nora', familyName: 'Hadad', name: 'Nora Hadad' });
    expect(await membershipsOf(login.userId)).toEqual({ [login.tenantId]: ['Admin'], [other]: ['Manager'] });
  });

  it('replaces tenant memberships exactly, down to none', async () => {
    const login = await newLogin(['Admin']);
    const client = `org-${tag()}`;
    await side.directory().upsertTenants([{ id: client, name: 'Client' }]);
    await side.directory().setLoginTenants(login.userId, { [client]: ['Admin'] });
    expect(await membershipsOf(login.userId)).toEqual({ [client]: ['Admin'] });
    await side.directory().setLoginTenants(login.userId, {});
    expect(await membershipsOf(login.userId)).toEqual({});
  });

  it('changes the name, and moves the login to a new email: the new address signs in, the old one no longer does', async () => {
    const login = await newLogin();
    await withPassword(login.userId);
    await side.directory().updateLoginNames(login.userId, { givenName: 'Ida', familyName: 'Noor' });
    expect(await row(login.userId)).toMatchObject({ givenName: 'Ida', familyName: 'Noor', email: login.email });

    const moved = `moved.${login.email}`;
    expect(await side.directory().changeLoginEmail(login.userId, moved)).toBe(true);
    expect((await row(login.userId))?.email).toBe(moved);
    expect((await signIn(moved)).status).toBe(200);
    expect((await signIn(login.email)).status).toBe(401);
    expect([...(await side.directory().findUsersByEmail([moved, login.email]))]).toEqual([[moved, login.userId]]);
  });

  it('refuses an address another login signs in with, and a login it does not have', async () => {
    const first = await newLogin();
    const second = await newLogin();
    expect(await side.directory().changeLoginEmail(first.userId, second.email)).toBe(false);
    expect(await side.directory().changeLoginEmail('U-nobody', `x.${first.email}`)).toBe(false);
    expect((await row(first.userId))?.email).toBe(first.email);
  });

  it('disabling ends every session and refresh family at once; enabling lets the person sign in again', async () => {
    const login = await newLogin();
    await withPassword(login.userId);
    const laptop = await signIn(login.email);
    const phone = await signIn(login.email);
    expect((await refresh(laptop.body.refreshJwt!)).status).toBe(200);

    await side.directory().disableLogin(login.userId);
    expect((await row(login.userId))?.status).toBe('disabled');
    expect((await refresh(phone.body.refreshJwt!)).status).toBe(401);
    expect((await refresh(laptop.body.refreshJwt!)).status).toBe(401);
    expect((await signIn(login.email)).status).not.toBe(200);

    await side.directory().enableLogin(login.userId);
    expect((await row(login.userId))?.status).toBe('enabled');
    expect((await signIn(login.email)).status).toBe(200);
    // Neither is an error for a login the provider does not have.
    await side.directory().disableLogin('U-nobody');
    await side.directory().enableLogin('U-nobody');
  });

  it('ending the sessions stops every refresh; the person may sign in again', async () => {
    const login = await newLogin();
    await withPassword(login.userId);
    const session = await signIn(login.email);
    await side.directory().revokeSessions(login.userId);
    expect((await refresh(session.body.refreshJwt!)).status).toBe(401);
    expect((await signIn(login.email)).status).toBe(200);
  });

  it('creates tenants once and renames them after', async () => {
    const id = `org-${tag()}`;
    await side.directory().upsertTenants([{ id, name: 'First name' }]);
    await side.directory().upsertTenants([{ id, name: 'Second name' }]);
    const { tenants } = await import('@vigil/auth-provider/schema');
    expect((await side.db().select().from(tenants).where(and(eq(tenants.id, id))))[0]?.name).toBe('Second name');
  });
});

describe('the remote login directory', () => {
  const remote = () => remoteLoginDirectory({ baseUrl: served.baseUrl, projectId: testProjectId, managementKey });

  it('lets the provider choose the user id, and adopts a login an earlier attempt made (a retry after a local rollback)', async () => {
    const id = randomUUID().slice(0, 8);
    await remote().upsertTenants([{ id: `org-${id}`, name: 'Retry Ltd' }]);
    const email = `retry.${id}@example.test`;
    const first = await remote().upsertLogins([{ userId: randomUUID(), email, givenName: 'Ann', familyName: 'Lee', tenants: { [`org-${id}`]: [] }, organizationId: `org-${id}` }]);
    const providerId = [...first.values()][0]!;
    // The local change rolled back: the retry asks with a new id of its own.
    expect(await remote().findMadeFor([providerId], `org-${id}`)).toEqual(new Set([providerId]));
    const retried = await remote().upsertLogins([{ userId: randomUUID(), email, givenName: 'Anne', familyName: 'Lee', tenants: { [`org-${id}`]: [] }, organizationId: `org-${id}` }]);
    expect([...retried.values()]).toEqual([providerId]);
    expect((await served.connection.db.select().from(users).where(eq(users.id, providerId)))[0]?.givenName).toBe('Anne');
    // Made for one organisation, it is nobody else's to adopt.
    expect(await remote().findMadeFor([providerId], 'org-another')).toEqual(new Set());
    const elsewhere = remote().upsertLogins([{ userId: randomUUID(), email, givenName: 'Anne', familyName: 'Lee', tenants: {}, organizationId: 'org-another' }]);
    await expect(elsewhere).rejects.toBeInstanceOf(LoginAddressTaken);
  });

  it('never adopts a login someone registered at the provider with the address, nor vouches for its email', async () => {
    const id = randomUUID().slice(0, 8);
    const tenantId = `org-${id}`;
    await remote().upsertTenants([{ id: tenantId, name: 'Hiring Ltd' }]);
    // Before HR or SCIM makes the new hire, someone signs up at the provider as them, with a password of their own.
    const email = `new.hire.${id}@example.test`;
    const squatterId = `U${randomUUID().replaceAll('-', '')}`;
    await served.connection.db.insert(users).values({ id: squatterId, email, givenName: 'Mallory', verifiedEmail: false, passwordHash });
    await served.connection.db.insert(loginIds).values({ loginId: email, userId: squatterId });

    expect(await remote().findMadeFor([squatterId], tenantId)).toEqual(new Set());
    const made = remote().upsertLogins([{ userId: randomUUID(), email, givenName: 'Nia', familyName: 'Okafor', tenants: { [tenantId]: ['Admin'] }, organizationId: tenantId }]);
    await expect(made).rejects.toBeInstanceOf(LoginAddressTaken);
    expect((await served.connection.db.select().from(users).where(eq(users.id, squatterId)))[0]).toMatchObject({ verifiedEmail: false, givenName: 'Mallory' });
    expect(await served.connection.db.select().from(userTenants).where(eq(userTenants.userId, squatterId))).toEqual([]);
  });

  it('calls the provider for several logins at once, never more than eight', async () => {
    const id = randomUUID().slice(0, 8);
    await remote().upsertTenants([{ id: `org-${id}`, name: 'Many Ltd' }]);
    // A loopback proxy in front of the provider counts the calls in flight.
    let inFlight = 0;
    let most = 0;
    const proxy = createServer(async (request, response) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      // Long enough for the calls of a batch to overlap.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const answer = await fetch(`${served.baseUrl}${request.url}`, { method: request.method, headers: { authorization: request.headers.authorization ?? '', 'content-type': request.headers['content-type'] ?? 'application/json' }, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
      inFlight--;
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const viaProxy = remoteLoginDirectory({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, projectId: testProjectId, managementKey });
      const list = Array.from({ length: 24 }, (_, index) => ({ userId: randomUUID(), email: `many.${index}.${id}@example.test`, givenName: 'Many', familyName: String(index), tenants: { [`org-${id}`]: [] }, organizationId: `org-${id}` }));
      const made = await viaProxy.upsertLogins(list);
      expect(made.size).toBe(24);
      expect(await remote().countUsers([...made.values()])).toBe(24);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(8);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('signs the person out when the sign-in policy tightens, and only then', async () => {
    const id = randomUUID().slice(0, 8);
    await remote().upsertTenants([{ id: `org-${id}`, name: 'Policy Ltd' }]);
    const made = await remote().upsertLogins([{ userId: randomUUID(), email: `policy.${id}@example.test`, givenName: 'Pat', familyName: 'Lee', tenants: { [`org-${id}`]: [] }, organizationId: `org-${id}` }]);
    const userId = [...made.values()][0]!;
    await served.connection.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const side = sides[1]![1];
    const signedIn = async () => (await side.auth('/password/signin', { loginId: `policy.${id}@example.test`, password })).body.refreshJwt!;
    const mfa = { requireMfa: true, sessionMaxSeconds: null, reason: 'test' };
    const mfaAndHour = { requireMfa: true, sessionMaxSeconds: 3600, reason: 'test' };

    let session = await signedIn();
    await remote().setSignInPolicy(userId, mfaAndHour, mfa);
    expect((await side.auth('/refresh', {}, session)).status).toBe(401);

    session = await signedIn();
    // One of two rules lifts: what is left asks for less.
    await remote().setSignInPolicy(userId, mfa, mfaAndHour);
    const refreshed = await side.auth('/refresh', {}, session);
    expect(refreshed.status).toBe(200);
    await remote().setSignInPolicy(userId, null, mfa);
    expect((await side.auth('/refresh', {}, refreshed.body.refreshJwt!)).status).toBe(200);
  });

  it('says which call the provider refused, and never the key', async () => {
    const wrong = remoteLoginDirectory({ baseUrl: served.baseUrl, projectId: testProjectId, managementKey: 'a-wrong-management-key-0123456789' });
    const refused = await wrong.upsertTenants([{ id: 'org-x', name: 'X' }]).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain('/v1/mgmt/tenant/create (401');
    expect((refused as Error).message).not.toContain('a-wrong-management-key');
  });
});
