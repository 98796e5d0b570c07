// @vitest-environment jsdom
/**
 * The device id (contract §5.8): the published web SDK, unmodified, adds the local-storage entry
 * `fp` to every request body as `fpData`; the provider keeps a keyed hash of its `vsid` with the
 * attempt and hands the same hash to the host. Whatever else a body carries there is no id, and
 * never a refused sign-in.
 */
import createSdk from '@descope/web-js-sdk';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AuthEvent, deviceIdHash } from './http/auth-events.ts';
import { authEvents } from './schema/index.ts';
import type { ClientInfo } from './sessions/sessions.ts';
import { projectId, providerSecret, useProvider } from './test/provider-harness.ts';

const heard: { event: AuthEvent; client: ClientInfo }[] = [];
const provider = useProvider({
  onAuthEvent: async (event, client) => {
    heard.push({ event, client });
  },
});
const newSdk = () => createSdk({ projectId, baseUrl: provider.baseUrl, persistTokens: false, autoRefresh: false });

/** What the web app's loader writes: the SDK's own format, `{value: {vsid, vrid}, expiry}`. */
const storeDeviceIds = (vsid: string, expiry = Date.now() + 24 * 60 * 60 * 1000) =>
  localStorage.setItem('fp', JSON.stringify({ value: { vsid, vrid: `request-${vsid}` }, expiry }));

const recordedDeviceIds = async (userId: string) =>
  (await provider.database.db.select({ deviceId: authEvents.deviceId, success: authEvents.success }).from(authEvents).where(eq(authEvents.userId, userId)).orderBy(authEvents.createdAt)).map(
    (row) => row.deviceId,
  );

beforeEach(() => {
  localStorage.clear();
  heard.length = 0;
});

describe('the device id the SDK sends as fpData', () => {
  it('is recorded as a keyed hash with each attempt, equal for the same device and different for another', async () => {
    const user = await provider.buildUser();
    storeDeviceIds('7d1f3c0a9b2e4f6a8c0d1e2f3a4b5c6d');
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(true);
    expect((await newSdk().password.signIn(user.email, 'not the right password')).ok).toBe(false);
    storeDeviceIds('00000000000000000000000000000001');
    expect((await newSdk().password.signIn(user.email, user.password)).ok).toBe(true);

    const [first, failed, other] = await recordedDeviceIds(user.userId);
    expect(first).toBe(deviceIdHash(providerSecret, '7d1f3c0a9b2e4f6a8c0d1e2f3a4b5c6d'));
    // Never the raw id: that would match the same browser's id on every other site using the library.
    expect(first).not.toContain('7d1f3c0a');
    expect(failed).toBe(first);
    expect(other).toBe(deviceIdHash(providerSecret, '00000000000000000000000000000001'));
    expect(other).not.toBe(first);

    // The login logs mark each attempt from a device no earlier successful sign-in came from.
    const listed = await provider.management.listAuthEvents({ userIds: [user.userId], limit: 10, offset: 0 });
    expect(listed.events.map((event) => [event.success, event.newDevice]).reverse()).toEqual([
      [true, true],
      [false, false],
      [true, true],
    ]);
    const exported = await provider.management.listAuthEventsAfter({ userIds: [user.userId] }, undefined, 10);
    expect(exported.map(({ event }) => event.newDevice)).toEqual(listed.events.map((event) => event.newDevice));
  });

  it('reaches the host with the event, hashed as recorded', async () => {
    const user = await provider.buildUser();
    storeDeviceIds('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    await newSdk().password.signIn(user.email, user.password);
    const signIn = heard.find(({ event }) => event.event === 'signin' && event.userId === user.userId);
    expect(signIn?.client.deviceId).toBe(deviceIdHash(providerSecret, 'a1b2c3d4e5f60718293a4b5c6d7e8f90'));
  });

  it('is still sent once the 24-hour entry has expired (the SDK attaches it anyway), and absent without an entry', async () => {
    const user = await provider.buildUser();
    storeDeviceIds('expiredbutsent', Date.now() - 1000);
    await newSdk().password.signIn(user.email, user.password);
    localStorage.clear();
    await newSdk().password.signIn(user.email, user.password);
    expect(await recordedDeviceIds(user.userId)).toEqual([deviceIdHash(providerSecret, 'expiredbutsent'), null]);
  });

  it.each([
    ['a number', { vsid: 42, vrid: 'r' }],
    ['an object', { vsid: { id: 'x' }, vrid: 'r' }],
    ['an empty string', { vsid: '', vrid: 'r' }],
    ['longer than 128 characters', { vsid: 'a'.repeat(129), vrid: 'r' }],
    ['spaces and markup', { vsid: '<script>alert(1)</script> x', vrid: 'r' }],
    ['fpData as a string', 'vsid'],
    ['fpData as null', null],
    ['fpData as an array', ['vsid']],
  ])('is ignored when malformed (%s), and the sign-in goes on', async (_, fpData) => {
    const user = await provider.buildUser();
    const response = await fetch(`${provider.baseUrl}/v1/auth/password/signin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: user.email, password: user.password, fpData }),
    });
    expect(response.status).toBe(200);
    expect(await recordedDeviceIds(user.userId)).toEqual([null]);
  });
});
