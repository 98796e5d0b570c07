import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, campaigns, sendingProfiles } from '@vigil/db';
import { loggerOptions } from '../../../lib/logger.ts';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { useTestApp } from '../../../test/test-app.ts';

const logs: string[] = [];
const t = useTestApp(
  { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
  { logger: (config) => ({ ...(loggerOptions(config) as object), level: 'trace', stream: { write: (line: string) => void logs.push(line) } }) },
);

const password = 'Tr0ub4dor&3-smtp-secret';
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  inbox = await startSmtpInbox({ users: { 'vigil-relay': password }, refuseRecipient: (address) => (address.startsWith('nobody@') ? { code: 550, message: 'No such user here' } : undefined) });
});
afterAll(async () => inbox?.close());

/** Every answer of this file, to check none of them ever carries the password. */
const answers: string[] = [];

const setup = async (role: 'Admin' | 'User' = 'Admin') => {
  const org = await buildOrganization(t.db);
  const admin = await buildPerson(t.db, org.id, { role });
  const headers = await t.authAs(admin);
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    answers.push(response.body);
    return { status: response.statusCode, body: response.json() };
  };
  return { org, admin, call };
};

const validProfile = () => ({
  name: 'Lookalike relay',
  host: inbox.host,
  port: inbox.port,
  security: 'none',
  username: 'vigil-relay',
  password,
  fromAddress: 'it-support@northwind-1ogistics.example',
  fromName: 'IT Support',
  replyTo: 'helpdesk@northwind-1ogistics.example',
  ratePerMinute: 120,
});

const sealedPasswordOf = async (id: string) => (await t.db.select({ sealed: sendingProfiles.passwordSealed }).from(sendingProfiles).where(eq(sendingProfiles.id, id)))[0]!.sealed;

describe('sending profiles', () => {
  it('asks for a session, and refuses people who are not admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sending-profiles/' })).statusCode).toBe(401);
    const { call } = await setup('User');
    expect((await call('GET', '/api/sending-profiles/')).status).toBe(403);
    expect((await call('POST', '/api/sending-profiles/', validProfile())).status).toBe(403);
    expect((await call('GET', '/api/phishing-settings/')).status).toBe(403);
  });

  it('saves a profile with its password sealed, and answers only that one is set', async () => {
    const { call } = await setup();
    const created = await call('POST', '/api/sending-profiles/', validProfile());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Lookalike relay', host: '127.0.0.1', hasPassword: true, username: 'vigil-relay', ratePerMinute: 120, can: { edit: true, archive: true, test: true } });
    expect(created.body).not.toHaveProperty('password');
    const sealed = await sealedPasswordOf(created.body.id);
    expect(sealed).not.toContain(password);
    expect(t.app.secrets.open(sealed!)).toBe(password);

    const list = await call('GET', '/api/sending-profiles/');
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.body.id, hasPassword: true })]);
  });

  it('keeps the password when a change leaves it out, and clears it with null', async () => {
    const { call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    const sealed = await sealedPasswordOf(profile.id);

    const renamed = await call('PATCH', `/api/sending-profiles/${profile.id}/`, { name: 'Renamed relay', ratePerMinute: 30 });
    expect(renamed.body).toMatchObject({ name: 'Renamed relay', ratePerMinute: 30, hasPassword: true });
    expect(await sealedPasswordOf(profile.id)).toBe(sealed);

    const cleared = await call('PATCH', `/api/sending-profiles/${profile.id}/`, { password: null });
    expect(cleared.body.hasPassword).toBe(false);
    expect(await sealedPasswordOf(profile.id)).toBeNull();
  });

  it.each([
    ['host', { host: 'smtp..example.com' }, 'body.host'],
    ['host', { host: 'smtp.example.com\r\nRCPT TO:<x@y.z>' }, 'body.host'],
    ['port', { port: 0 }, 'body.port'],
    ['port', { port: 65536 }, 'body.port'],
    ['fromAddress', { fromAddress: 'not-an-address' }, 'body.fromAddress'],
    ['fromName', { fromName: 'IT\r\nBcc: everyone@example.com' }, 'body.fromName'],
    ['replyTo', { replyTo: 'help@example.com\nBcc: x@example.com' }, 'body.replyTo'],
    ['security', { security: 'ssl' }, 'body.security'],
    ['ratePerMinute', { ratePerMinute: 0 }, 'body.ratePerMinute'],
    ['a cloud metadata address', { host: '169.254.169.254' }, 'body.host'],
    ['a cloud metadata name', { host: 'metadata.google.internal' }, 'body.host'],
    ['a private address the operator did not list', { host: '10.0.0.25' }, 'body.host'],
  ])('refuses a bad %s with a 400 naming the field', async (_what, change, field) => {
    const { call } = await setup();
    const response = await call('POST', '/api/sending-profiles/', { ...validProfile(), ...change });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('asks for the password again when the profile is pointed at another server or account, so the stored one never reaches a host it was not given for', async () => {
    const { call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    const sealed = await sealedPasswordOf(profile.id);
    for (const change of [{ host: 'smtp.elsewhere.example' }, { port: 2526 }, { security: 'tls' }, { username: 'someone-else' }]) {
      const refused = await call('PATCH', `/api/sending-profiles/${profile.id}/`, change);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.error.details[0].field).toBe('body.password');
    }
    expect(await sealedPasswordOf(profile.id)).toBe(sealed);
    const moved = await call('PATCH', `/api/sending-profiles/${profile.id}/`, { port: inbox.port, username: 'vigil-relay-2', password: 'another-long-secret-1' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ username: 'vigil-relay-2', hasPassword: true });
  });

  it('checks the host again when a change moves it', async () => {
    const { call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    const response = await call('PATCH', `/api/sending-profiles/${profile.id}/`, { host: '[fd00:ec2::254]' });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0]).toMatchObject({ field: 'body.host', problem: expect.stringMatching(/metadata/) });
  });

  it('archives a profile, but not while a campaign still sends through it', async () => {
    const { org, call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    const [campaign] = await t.db
      .insert(campaigns)
      .values({ organizationId: org.id, name: 'Quarterly test', status: 'sending', sendingProfileId: profile.id, templateIds: [], audience: { kind: 'organization' } })
      .returning();
    expect((await call('GET', `/api/sending-profiles/${profile.id}/`)).body).toMatchObject({ activeCampaigns: 1, can: { archive: false } });

    const refused = await call('DELETE', `/api/sending-profiles/${profile.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/campaign/);

    await t.db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, campaign!.id));
    const archived = await call('DELETE', `/api/sending-profiles/${profile.id}/`);
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).not.toBeNull();
    expect((await call('GET', '/api/sending-profiles/')).body.items).toEqual([]);
    expect((await call('GET', `/api/sending-profiles/${profile.id}/`)).body.can).toEqual({ edit: false, archive: false, test: false });
    expect((await call('PATCH', `/api/sending-profiles/${profile.id}/`, { name: 'Back' })).status).toBe(409);
  });
});

describe('the test email', () => {
  it('arrives through the profile, with the organisation’s filter header and the server’s answer', async () => {
    const { admin, call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    const result = await call('POST', `/api/sending-profiles/${profile.id}/test/`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ delivered: true, to: admin.email, smtpResponse: expect.stringMatching(/^250/) });

    const [mail] = inbox.mailTo(admin.email);
    expect(mail?.from?.value[0]).toEqual({ name: 'IT Support', address: 'it-support@northwind-1ogistics.example' });
    expect(mail?.messageId).toBe(result.body.messageId);
    const settings = await call('GET', '/api/phishing-settings/');
    expect(settings.body).toMatchObject({ filterHeaderName: 'X-Vigil-Simulation', filterHeaderValue: expect.stringMatching(/^[\w-]{32}$/) });
    expect(mail?.headers.get('x-vigil-simulation')).toBe(settings.body.filterHeaderValue);
  });

  it('goes to the address the admin gives', async () => {
    const { call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    const result = await call('POST', `/api/sending-profiles/${profile.id}/test/`, { to: 'deliverability@example.com' });
    expect(result.body).toMatchObject({ delivered: true, to: 'deliverability@example.com' });
    expect(inbox.mailTo('deliverability@example.com')).toHaveLength(1);
  });

  it('says the server refused the credentials, with its answer, when the password is wrong', async () => {
    const { call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', { ...validProfile(), password: 'not-the-password' });
    const result = await call('POST', `/api/sending-profiles/${profile.id}/test/`);
    expect(result.body).toMatchObject({ delivered: false, problem: 'auth', smtpResponse: expect.stringMatching(/^535/) });
  });

  it('says the server refused the recipient', async () => {
    const { call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    const result = await call('POST', `/api/sending-profiles/${profile.id}/test/`, { to: 'nobody@example.com' });
    expect(result.body).toMatchObject({ delivered: false, problem: 'rejected', smtpResponse: expect.stringMatching(/^550/) });
  });

  it('refuses to connect to a metadata address, whatever is stored', async () => {
    const { org, call } = await setup();
    // As if saved before the guard existed: the connection is checked again at connect time.
    const [profile] = await t.db
      .insert(sendingProfiles)
      .values({ organizationId: org.id, name: 'Sneaky', host: '169.254.169.254', port: 80, security: 'none', fromAddress: 'x@example.com' })
      .returning();
    const result = await call('POST', `/api/sending-profiles/${profile!.id}/test/`);
    expect(result.body).toMatchObject({ delivered: false, problem: 'refused-address', message: expect.stringMatching(/metadata/), smtpResponse: null });
  });

  it('says nobody answered when the port is closed', async () => {
    const { call } = await setup();
    const closed = await startSmtpInbox();
    await closed.close();
    const { body: profile } = await call('POST', '/api/sending-profiles/', { ...validProfile(), port: closed.port });
    const result = await call('POST', `/api/sending-profiles/${profile.id}/test/`);
    expect(result.body).toMatchObject({ delivered: false, problem: 'connection' });
  });
});

describe('the filter header secret', () => {
  it('is made once, and a rotation replaces it (audited without the value)', async () => {
    const { org, call } = await setup();
    const first = await call('GET', '/api/phishing-settings/');
    expect((await call('GET', '/api/phishing-settings/')).body.filterHeaderValue).toBe(first.body.filterHeaderValue);
    expect(first.body.allowListInstructions.map((entry: { platform: string }) => entry.platform)).toEqual(['exchange-online', 'google-workspace']);

    const rotated = await call('POST', '/api/phishing-settings/rotate-filter-secret/');
    expect(rotated.status).toBe(200);
    expect(rotated.body.filterHeaderValue).not.toBe(first.body.filterHeaderValue);
    expect((await call('GET', '/api/phishing-settings/')).body.filterHeaderValue).toBe(rotated.body.filterHeaderValue);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.organizationId, org.id));
    expect(entries.map((entry) => entry.action)).toContain('phishing-settings.rotate-filter-secret');
    expect(JSON.stringify(entries)).not.toContain(rotated.body.filterHeaderValue);
  });
});

describe('the password', () => {
  it('is in no answer, no audit entry and no log line', async () => {
    const { org, call } = await setup();
    const { body: profile } = await call('POST', '/api/sending-profiles/', validProfile());
    await call('PATCH', `/api/sending-profiles/${profile.id}/`, { password });
    await call('POST', `/api/sending-profiles/${profile.id}/test/`);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.organizationId, org.id));
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['sending-profile.create', 'sending-profile.update', 'sending-profile.test']));
    expect(entries.find((entry) => entry.action === 'sending-profile.update')?.details).toMatchObject({ password: 'set' });
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...answers, JSON.stringify(entries), ...logs]) expect(text).not.toContain(password);
  });
});
