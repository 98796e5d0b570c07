import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, phishMailboxes, reportedMessages } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'imap.internal.example' });

const url = '/api/integrations/phish-mailbox/';
const passwordSettings = { host: 'imap.corp.example', port: 993, tlsMode: 'tls', username: 'reports@corp.example', auth: { method: 'password', password: 'mailbox password 1' } };

const adminOfNewOrganization = async () => {
  const org = await buildOrganization(t.db);
  return { org, admin: await buildPerson(t.db, org.id, { role: 'Admin' }) };
};

const storeMessage = async (organizationId: string, values: Partial<typeof reportedMessages.$inferInsert> = {}) =>
  (
    await t.db
      .insert(reportedMessages)
      .values({ organizationId, mailboxUidValidity: '7', mailboxUid: Math.floor(Math.random() * 1e9), kind: 'suspicious', reporterEmail: 'ada@corp.example', subject: 'Overdue invoice', receivedAt: new Date('2026-03-01T10:00:00Z'), reportedAt: new Date('2026-03-01T10:05:00Z'), verdict: 'pending', ...values })
      .returning()
  )[0]!;

describe('reported-phish mailbox settings', () => {
  it('needs a session, and an admin', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const { org } = await adminOfNewOrganization();
    const learner = await buildPerson(t.db, org.id);
    const response = await t.app.inject({ method: 'GET', url, headers: await t.authAs(learner) });
    expect(response.statusCode).toBe(403);
  });

  it('saves the settings with the password write-only and sealed, and audits without it', async () => {
    const { org, admin } = await adminOfNewOrganization();
    const headers = await t.authAs(admin);
    expect((await t.app.inject({ method: 'GET', url, headers })).json()).toEqual({ settings: null, pendingCount: 0, can: { edit: true, test: false, delete: false } });

    const saved = await t.app.inject({ method: 'PUT', url, headers, payload: passwordSettings });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ host: 'imap.corp.example', folder: 'INBOX', auth: { method: 'password', hasPassword: true }, processedAction: 'move', processedFolder: 'Vigil processed', thankReporters: true, enabled: true, lastError: null });
    expect(saved.body).not.toContain('mailbox password 1');
    const [row] = await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, org.id));
    expect(row!.passwordSealed).not.toContain('mailbox password 1');
    expect(t.app.secrets.open(row!.passwordSealed!)).toBe('mailbox password 1');

    // Left out, the password is kept; the audit log names what changed, never the secret.
    const { auth: _auth, ...withoutSecret } = passwordSettings;
    const again = await t.app.inject({ method: 'PUT', url, headers, payload: { ...withoutSecret, auth: { method: 'password' }, thankReporters: false } });
    expect(again.json().settings).toMatchObject({ auth: { hasPassword: true }, thankReporters: false });
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id)));
    expect(entries.map((entry) => entry.action)).toEqual(['phish-mailbox.create', 'phish-mailbox.update']);
    expect(JSON.stringify(entries)).not.toContain('mailbox password 1');
    expect(entries[0]!.details).toMatchObject({ secretsChanged: ['password'] });
  });

  it('asks for the secret again when the server, account or app changes: a saved secret never goes anywhere else', async () => {
    const { org, admin } = await adminOfNewOrganization();
    const headers = await t.authAs(admin);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url, headers, payload });
    const problems = async (payload: object) => (await put(payload)).json().error.details;
    expect((await put(passwordSettings)).statusCode).toBe(200);
    const keepingPassword = { ...passwordSettings, auth: { method: 'password' } };
    const again = (changed: string, secret = 'password') =>
      `is required again: the ${changed} changed, and the saved ${secret} is only ever used for the server and account it was saved for`;

    expect(await problems({ ...keepingPassword, host: 'imap.attacker.example' })).toEqual([{ field: 'body.auth.password', problem: again('host') }]);
    expect(await problems({ ...keepingPassword, username: 'ceo@corp.example' })).toEqual([{ field: 'body.auth.password', problem: again('mailbox address') }]);
    expect(await problems({ ...keepingPassword, port: 143, tlsMode: 'starttls' })).toEqual([{ field: 'body.auth.password', problem: again('port and TLS mode') }]);
    const [row] = await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, org.id));
    expect(row).toMatchObject({ host: 'imap.corp.example', username: 'reports@corp.example' });
    // The same server and account (its folder or what happens to read mail may change) keeps the password.
    expect((await put({ ...keepingPassword, host: 'IMAP.corp.example', folder: 'Reports' })).statusCode).toBe(200);
    // With the password typed again, the new server is saved.
    expect((await put({ ...passwordSettings, host: 'imap2.corp.example', auth: { method: 'password', password: 'mailbox password 2' } })).statusCode).toBe(200);

    const entra = { tenantId: 'corp.onmicrosoft.com', clientId: '6731de76-14a6-49ae-97bc-6eba6914391e' };
    expect((await put({ ...passwordSettings, auth: { method: 'microsoft', ...entra, clientSecret: 'entra secret' } })).statusCode).toBe(200);
    expect((await put({ ...passwordSettings, auth: { method: 'microsoft', ...entra } })).statusCode).toBe(200);
    expect(await problems({ ...passwordSettings, auth: { method: 'microsoft', ...entra, tenantId: 'attacker.onmicrosoft.com' } })).toEqual([
      { field: 'body.auth.clientSecret', problem: again('tenant', 'client secret') },
    ]);

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = JSON.stringify({ type: 'service_account', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), client_email: 'reader@corp-project.iam.gserviceaccount.com' });
    const google = { ...passwordSettings, host: 'imap.gmail.com', username: 'report-phish@corp.example' };
    expect((await put({ ...google, auth: { method: 'google', serviceAccountKey: key } })).statusCode).toBe(200);
    // Domain-wide delegation acts as whoever it is told: another mailbox needs the key again.
    expect(await problems({ ...google, username: 'ceo@corp.example', auth: { method: 'google' } })).toEqual([
      { field: 'body.auth.serviceAccountKey', problem: again('mailbox address', 'service account key') },
    ]);
    expect((await put({ ...google, auth: { method: 'google' } })).json().settings.auth).toEqual({ method: 'google', clientEmail: 'reader@corp-project.iam.gserviceaccount.com', hasServiceAccountKey: true });
  });

  it('refuses bad settings, naming the field and the problem', async () => {
    const { admin } = await adminOfNewOrganization();
    const headers = await t.authAs(admin);
    const problems = async (payload: object) => (await t.app.inject({ method: 'PUT', url, headers, payload })).json().error.details;
    expect(await problems({ ...passwordSettings, host: '169.254.169.254' })).toEqual([{ field: 'body.host', problem: 'is a cloud metadata address, which outbound connections may never reach' }]);
    expect(await problems({ ...passwordSettings, auth: { method: 'password' } })).toEqual([{ field: 'body.auth.password', problem: 'is required: enter the password' }]);
    expect(await problems({ ...passwordSettings, tlsMode: 'none' })).toEqual([{ field: 'body.tlsMode', problem: expect.stringContaining('OUTBOUND_ALLOWED_HOSTS') }]);
    expect(await problems({ ...passwordSettings, auth: { method: 'google', serviceAccountKey: '{"type":"authorized_user"}' } })).toEqual([
      { field: 'body.auth.serviceAccountKey', problem: 'is not a service account key (its "type" must be "service_account")' },
    ]);
    expect(await problems({ ...passwordSettings, port: 0, auth: { method: 'fax' } })).toEqual(
      [
      { field: 'body.port', problem: 'must be a whole number from 1 to 65535' },
      { field: 'body.auth.method', problem: 'must name a method: one of password, microsoft, google' },
    ],
    );
    // Clear text is fine to a host the operator allowed.
    expect((await t.app.inject({ method: 'PUT', url, headers, payload: { ...passwordSettings, host: 'imap.internal.example', port: 143, tlsMode: 'none' } })).statusCode).toBe(200);
  });

  it('refuses a host only the server could reach, and deletes the settings', async () => {
    const { admin } = await adminOfNewOrganization();
    const headers = await t.authAs(admin);
    expect((await t.app.inject({ method: 'POST', url: `${url}test/`, headers })).statusCode).toBe(404);
    // 127.0.0.1 is not in OUTBOUND_ALLOWED_HOSTS here: the outbound guard refuses it.
    const refused = (await t.app.inject({ method: 'PUT', url, headers, payload: { ...passwordSettings, host: '127.0.0.1' } })).json();
    expect(refused.error.details).toEqual([{ field: 'body.host', problem: expect.stringContaining('loopback') }]);

    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
    await t.app.inject({ method: 'PUT', url, headers, payload: passwordSettings });
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers })).json().settings).toBeNull();
  });
});

describe('reported mail triage', () => {
  it('lists reported mail newest first, by kind and verdict, page by page', async () => {
    const { org, admin } = await adminOfNewOrganization();
    const headers = await t.authAs(admin);
    const older = await storeMessage(org.id, { subject: 'older', reportedAt: new Date('2026-03-01T09:00:00Z') });
    const newer = await storeMessage(org.id, { subject: 'newer', reportedAt: new Date('2026-03-02T09:00:00Z'), links: [{ url: 'https://x.example/a', host: 'x.example' }] });
    const simulation = await storeMessage(org.id, { kind: 'simulation', verdict: null, subject: 'lure', countedAsReport: true });

    const first = (await t.app.inject({ method: 'GET', url: `${url}messages/?kind=suspicious&limit=1`, headers })).json();
    expect(first.items.map((m: { id: string }) => m.id)).toEqual([newer.id]);
    expect(first.items[0]).toMatchObject({ kind: 'suspicious', verdict: 'pending', links: [{ host: 'x.example' }], can: { setVerdict: true } });
    const second = (await t.app.inject({ method: 'GET', url: `${url}messages/?kind=suspicious&limit=1&cursor=${first.nextCursor}`, headers })).json();
    expect(second).toMatchObject({ items: [{ id: older.id }], nextCursor: null });
    const simulations = (await t.app.inject({ method: 'GET', url: `${url}messages/?kind=simulation`, headers })).json();
    expect(simulations.items).toEqual([expect.objectContaining({ id: simulation.id, verdict: null, countedAsReport: true, can: { setVerdict: false } })]);
    expect((await t.app.inject({ method: 'GET', url: `${url}messages/?cursor=bm9wZQ`, headers })).json().error.details).toEqual([{ field: 'query.cursor', problem: 'is not a cursor this list gave out' }]);
  });

  it('records the admin’s verdict with who and when, audited; a simulation needs none', async () => {
    const { org, admin } = await adminOfNewOrganization();
    const headers = await t.authAs(admin);
    const message = await storeMessage(org.id);
    const judged = await t.app.inject({ method: 'PATCH', url: `${url}messages/${message.id}/`, headers, payload: { verdict: 'phishing' } });
    expect(judged.statusCode, judged.body).toBe(200);
    expect(judged.json()).toMatchObject({ verdict: 'phishing', verdictBy: { personId: admin.id, name: `${admin.firstName} ${admin.lastName}` }, verdictAt: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url, headers })).json().pendingCount).toBe(0);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'reported-message.verdict')));
    expect(entry).toMatchObject({ targetId: message.id, details: { verdict: 'phishing', previous: 'pending' } });

    const simulation = await storeMessage(org.id, { kind: 'simulation', verdict: null });
    expect((await t.app.inject({ method: 'PATCH', url: `${url}messages/${simulation.id}/`, headers, payload: { verdict: 'safe' } })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PATCH', url: `${url}messages/${message.id}/`, headers, payload: { verdict: 'maybe' } })).json().error.details).toEqual([
      { field: 'body.verdict', problem: 'must be one of pending, safe, spam, phishing' },
    ]);
  });
});
