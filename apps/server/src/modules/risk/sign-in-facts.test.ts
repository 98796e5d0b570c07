import { and, asc, eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createAuthManagement, hashPassword } from '@vigil/auth-provider';
import { events } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';
import { runConsumer } from '../events/consumers.ts';
import { riskScoresConsumer } from './risk-scores.consumer.ts';
import { selectPersonRisk } from './risk.repository.ts';
import { deviceKindOf, signInEventTypes } from './sign-in-facts.ts';

const t = useTestApp({}, { embeddedAuth: true });

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('sign-in facts in the event log', () => {
  it.each([
    [firefoxOnWindows, { os: 'Windows', browser: 'Firefox' }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', { os: 'macOS', browser: 'Safari' }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', { os: 'iOS', browser: 'Safari' }],
    ['Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', { os: 'Android', browser: 'Chrome' }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0', { os: 'Windows', browser: 'Edge' }],
    [undefined, { os: 'Other', browser: 'Other' }],
  ])('knows the kind of device of %s', (agent, kind) => {
    expect(deviceKindOf(agent)).toEqual(kind);
  });

  it("writes a person's failed and successful password sign-ins with method and kind of device, never the address or raw user agent", async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    await createAuthManagement(t.db).upsertUsers([
      { userId: person.authUserId!, email: person.email, givenName: 'Test', familyName: 'Person', tenants: {}, passwordHash: await hashPassword('a long enough passphrase') },
    ]);
    const signIn = (password: string) =>
      t.app.inject({
        remoteAddress: '127.0.0.1',
        method: 'POST',
        url: '/v1/auth/password/signin',
        headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json', 'user-agent': firefoxOnWindows },
        payload: JSON.stringify({ loginId: person.email, password }),
      });
    expect((await signIn('not the passphrase')).statusCode).toBe(401);
    expect((await signIn('a long enough passphrase')).statusCode).toBe(200);

    const written = await t.db
      .select({ type: events.type, data: events.data, organizationId: events.organizationId })
      .from(events)
      .where(and(eq(events.personId, person.id), inArray(events.type, [...signInEventTypes])))
      .orderBy(asc(events.id));
    expect(written).toEqual([
      { type: 'sign_in_failed', organizationId: org.id, data: { method: 'password', os: 'Windows', browser: 'Firefox' } },
      { type: 'sign_in', organizationId: org.id, data: { method: 'password', os: 'Windows', browser: 'Firefox', secondFactor: false } },
    ]);
  });

  it('notices a new country, impossible travel and a burst of failures, and the person’s score counts them', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    await createAuthManagement(t.db).upsertUsers([
      { userId: person.authUserId!, email: person.email, givenName: 'Test', familyName: 'Person', tenants: {}, passwordHash: await hashPassword('a long enough passphrase') },
    ]);
    const signIn = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/password/signin',
        remoteAddress,
        headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json', 'user-agent': firefoxOnWindows },
        payload: JSON.stringify({ loginId: person.email, password }),
      });
    // Three sign-ins from an address registered in Germany make a pattern; then one from Brazil.
    for (let i = 0; i < 3; i++) expect((await signIn('a long enough passphrase', '217.160.0.1')).statusCode).toBe(200);
    expect((await signIn('a long enough passphrase', '200.160.2.3')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn('not the passphrase', '200.160.2.3')).statusCode).toBe(401);

    const written = await t.db
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.personId, person.id), inArray(events.type, [...signInEventTypes, 'sign_in_anomaly'])))
      .orderBy(asc(events.id));
    expect(written.filter((e) => e.type === 'sign_in').map((e) => e.data.country)).toEqual(['DE', 'DE', 'DE', 'BR']);
    const anomalies = written.filter((e) => e.type === 'sign_in_anomaly').map((e) => e.data);
    expect(anomalies.map((a) => a.rule)).toEqual(['new_country', 'impossible_travel', 'lockout_burst']);
    expect(anomalies[1]).toMatchObject({ country: 'BR', previousCountry: 'DE' });

    // The provider's own record keeps the country too (the login log and the person's history show it).
    const logged = await createAuthManagement(t.db).listAuthEvents({ userIds: [person.authUserId!], limit: 20, offset: 0 });
    expect(logged.events.filter((e) => e.success).map((e) => e.country)).toEqual(['BR', 'DE', 'DE', 'DE']);

    await runConsumer(t.db, riskScoresConsumer);
    const [stored] = await selectPersonRisk(t.db, { organizationId: org.id }, [person.id]);
    const line = stored?.breakdown.factors.find((factor) => factor.factor === 'sign_in_anomaly');
    expect(line?.count).toBe(3);
    // 10 + 4 + 4 raw points today, and 5 for signing in without a second factor, through the saturation curve.
    expect(stored?.score).toBeCloseTo(100 * (1 - Math.exp(-23 / 40)), 1);
  });

  it('keeps the device id the sign-in page sent (hashed by the provider) and finds another device of the same kind new', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    await createAuthManagement(t.db).upsertUsers([
      { userId: person.authUserId!, email: person.email, givenName: 'Test', familyName: 'Person', tenants: {}, passwordHash: await hashPassword('a long enough passphrase') },
    ]);
    const signIn = (vsid: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/password/signin',
        remoteAddress: '217.160.0.1',
        headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json', 'user-agent': firefoxOnWindows },
        payload: JSON.stringify({ loginId: person.email, password: 'a long enough passphrase', fpData: { vsid, vrid: `request-${vsid}` } }),
      });
    for (let i = 0; i < 3; i++) expect((await signIn('0f3d2a9c8b7e6d5c4b3a29180f1e2d3c')).statusCode).toBe(200);
    expect((await signIn('0f3d2a9c8b7e6d5c4b3a29180f1e2d3c')).statusCode).toBe(200);
    expect((await signIn('9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b')).statusCode).toBe(200);

    const written = await t.db
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.personId, person.id), inArray(events.type, ['sign_in', 'sign_in_anomaly'])))
      .orderBy(asc(events.id));
    const deviceIds = written.filter((e) => e.type === 'sign_in').map((e) => e.data.deviceId as string);
    expect(new Set(deviceIds.slice(0, 4)).size).toBe(1);
    expect(deviceIds[4]).not.toBe(deviceIds[0]);
    // Only the provider's keyed hash reaches the app, never the browser's own id.
    expect(JSON.stringify(written)).not.toContain('0f3d2a9c');
    expect(written.filter((e) => e.type === 'sign_in_anomaly').map((e) => e.data)).toEqual([{ rule: 'new_device', method: 'password', device: 'Windows · Firefox' }]);
  });

  it('counts signing in without a second factor until the person sets up an authenticator app', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    await createAuthManagement(t.db).upsertUsers([
      { userId: person.authUserId!, email: person.email, givenName: 'Test', familyName: 'Person', tenants: {}, passwordHash: await hashPassword('a long enough passphrase') },
    ]);
    const call = async (url: string, payload: object, token?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${testProjectId}${token ? `:${token}` : ''}`, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      return response.json<Record<string, string>>();
    };
    const lines = async () => {
      await runConsumer(t.db, riskScoresConsumer);
      const [stored] = await selectPersonRisk(t.db, { organizationId: org.id }, [person.id]);
      return stored?.breakdown.factors.map((factor) => factor.factor);
    };
    const { refreshJwt } = await call('/v1/auth/password/signin', { loginId: person.email, password: 'a long enough passphrase' });
    expect(await lines()).toEqual(['no_second_factor']);

    const { key } = await call('/v1/auth/totp/update', { loginId: person.email }, refreshJwt);
    const code = new TOTP({ secret: Secret.fromBase32(key!), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    expect((await call('/v1/auth/totp/verify', { loginId: person.email, code }, refreshJwt)).sessionJwt).toBeTruthy();
    const changed = await t.db.select({ data: events.data }).from(events).where(and(eq(events.personId, person.id), eq(events.type, 'second_factor_changed')));
    expect(changed.map((row) => row.data)).toEqual([{ method: 'totp', change: 'added', enrolled: true }]);
    expect(await lines()).toEqual([]);
  });
});
