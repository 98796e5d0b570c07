/** Session management and profile changes, as the application calls them in process. */
import { decodeJwt } from 'jose';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants, users } from '../schema/index.ts';
import { projectId, useProvider } from '../test/provider-harness.ts';

const provider = useProvider();

const signIn = async (user: { email: string; password: string }, userAgent: string) => {
  const response = await fetch(`${provider.baseUrl}/v1/auth/password/signin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ loginId: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionJwt: string; refreshJwt: string };
};

const refresh = (refreshJwt: string, userAgent = 'a browser') =>
  fetch(`${provider.baseUrl}/v1/auth/refresh`, {
    method: 'POST',
    headers: { authorization: `Bearer ${projectId}:${refreshJwt}`, 'content-type': 'application/json', 'user-agent': userAgent },
    body: '{}',
  });

const sessionIdOf = (sessionJwt: string) => decodeJwt(sessionJwt).sid as string;

describe('listSessions', () => {
  it("lists each sign-in once, newest activity first, with the device it came from; the session token names its own", async () => {
    const user = await provider.buildUser();
    const laptop = await signIn(user, 'Laptop browser');
    const phone = await signIn(user, 'Phone browser');
    // A refresh keeps the session (same family) and moves its last activity on.
    const refreshed = await refresh(laptop.refreshJwt, 'Laptop browser');
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { sessionJwt: string };
    expect(sessionIdOf(renewed.sessionJwt)).toBe(sessionIdOf(laptop.sessionJwt));

    const sessions = await provider.management.listSessions(user.userId);
    expect(sessions.map((s) => [s.familyId, s.userAgent])).toEqual([
      [sessionIdOf(laptop.sessionJwt), 'Laptop browser'],
      [sessionIdOf(phone.sessionJwt), 'Phone browser'],
    ]);
    expect(sessions[0]!.lastActiveAt.getTime()).toBeGreaterThan(sessions[0]!.signedInAt.getTime());
    expect(sessions[0]!.ip).toBe('127.0.0.1');
  });

  it('leaves out ended sessions and other users', async () => {
    const user = await provider.buildUser();
    const other = await provider.buildUser();
    const kept = await signIn(user, 'kept');
    const ended = await signIn(user, 'ended');
    await signIn(other, 'someone else');
    await fetch(`${provider.baseUrl}/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${projectId}:${ended.refreshJwt}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await provider.management.listSessions(user.userId)).map((s) => s.familyId)).toEqual([sessionIdOf(kept.sessionJwt)]);
  });
});

describe('revokeSession', () => {
  it('ends that session only: its refresh token stops working, the other one goes on', async () => {
    const user = await provider.buildUser();
    const laptop = await signIn(user, 'laptop');
    const phone = await signIn(user, 'phone');
    expect(await provider.management.revokeSession(user.userId, sessionIdOf(phone.sessionJwt))).toBe(true);
    expect((await refresh(phone.refreshJwt)).status).toBe(401);
    expect((await refresh(laptop.refreshJwt)).status).toBe(200);
    // Ending it again finds nothing open.
    expect(await provider.management.revokeSession(user.userId, sessionIdOf(phone.sessionJwt))).toBe(false);
  });

  it("cannot end another user's session", async () => {
    const user = await provider.buildUser();
    const victim = await provider.buildUser();
    const theirs = await signIn(victim, 'theirs');
    expect(await provider.management.revokeSession(user.userId, sessionIdOf(theirs.sessionJwt))).toBe(false);
    expect((await refresh(theirs.refreshJwt)).status).toBe(200);
  });
});

describe('revokeOtherSessions', () => {
  it("ends every session but the named one, and no other user's", async () => {
    const user = await provider.buildUser();
    const other = await provider.buildUser();
    const current = await signIn(user, 'this one');
    const second = await signIn(user, 'second');
    const third = await signIn(user, 'third');
    const theirs = await signIn(other, 'theirs');
    expect(await provider.management.revokeOtherSessions(user.userId, sessionIdOf(current.sessionJwt))).toBe(2);
    expect((await refresh(second.refreshJwt)).status).toBe(401);
    expect((await refresh(third.refreshJwt)).status).toBe(401);
    expect((await refresh(current.refreshJwt)).status).toBe(200);
    expect((await refresh(theirs.refreshJwt)).status).toBe(200);
    expect(await provider.management.revokeOtherSessions(user.userId, sessionIdOf(current.sessionJwt))).toBe(0);
  });
});

describe('updateUserNames and renameTenant', () => {
  it('change the names the provider shows and puts in mail', async () => {
    const user = await provider.buildUser();
    await provider.management.updateUserNames(user.userId, { givenName: 'Ida', familyName: 'Noor' });
    const [row] = await provider.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ givenName: 'Ida', familyName: 'Noor', name: 'Ida Noor' });

    await provider.management.renameTenant(user.tenantIds[0]!, 'Renamed Ltd');
    const [tenant] = await provider.database.db.select().from(tenants).where(and(eq(tenants.id, user.tenantIds[0]!)));
    expect(tenant?.name).toBe('Renamed Ltd');
  });
});
