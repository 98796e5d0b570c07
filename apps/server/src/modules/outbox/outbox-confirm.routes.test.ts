import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuthManagement, hashPassword } from '@vigil/auth-provider';
import { users, verifications } from '@vigil/auth-provider/schema';
import { auditLog } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';

// The embedded provider with no Twilio (the default): a WhatsApp sign-in cannot receive its
// message, so it waits in the operator outbox until a superadmin of the person's organisation
// confirms it. People sign in for real, and the waiting page polls the real provider.
const t = useTestApp({}, { embeddedAuth: true });
const password = 'a long enough test password 7';
let passwordHash: Promise<string> | undefined;

const providerCall = (url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

const buildOrg = async (name: string) => {
  const org = await buildOrganization(t.db, { name });
  const superadmin = await buildPerson(t.db, org.id, { role: 'Superadmin', email: `sam@${org.domain}` });
  const admin = await buildPerson(t.db, org.id, { role: 'Admin', email: `ada@${org.domain}` });
  const manager = await buildPerson(t.db, org.id, { role: 'Manager', email: `max@${org.domain}` });
  const user = await buildPerson(t.db, org.id, { role: 'User', email: `uma@${org.domain}` });
  const phone = `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const management = createAuthManagement(t.db);
  await management.upsertTenants([{ id: org.id, name }]);
  await management.upsertUsers(
    [superadmin, admin, manager, user].map((p) => ({
      userId: p.authUserId!,
      email: p.email,
      ...(p === user ? { phone, verifiedPhone: true } : {}),
      givenName: p.firstName,
      familyName: p.lastName,
      tenants: { [org.id]: p.role === 'User' ? [] : [p.role] },
    })),
  );
  return { org, superadmin, admin, manager, user, phone };
};

/** Signs the person in through the embedded provider, as the web app does. */
const signIn = async (person: { authUserId: string | null; email: string }) => {
  await t.db.update(users).set({ passwordHash: await (passwordHash ??= hashPassword(password)) }).where(eq(users.id, person.authUserId!));
  const response = await providerCall('/v1/auth/password/signin', { loginId: person.email, password });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().sessionJwt}` };
};

/** The person's sign-in page asks for a WhatsApp login with their phone, and starts polling. */
const askForWhatsAppLogin = async (phone: string) => {
  const response = await providerCall('/v1/auth/notp/whatsapp/signin', { loginId: phone, loginOptions: {} });
  expect(response.statusCode).toBe(200);
  return response.json().pendingRef as string;
};

const poll = (pendingRef: string) => providerCall('/v1/auth/notp/pending-session', { pendingRef });

/** The outbox row of the waiting request, as the superadmin reads it. */
const waitingMessage = async (headers: { authorization: string }, phone: string) => {
  const response = await t.app.inject({ url: '/api/outbox/', headers });
  expect(response.statusCode).toBe(200);
  const messages = (response.json() as { messages: { id: string; channel: string; recipient: string; subject: string }[] }).messages;
  return messages.find((message) => message.channel === 'whatsapp-inbound' && message.recipient === phone);
};

const confirm = (messageId: string, headers: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: `/api/outbox/${encodeURIComponent(messageId)}/confirm/`, headers });

describe('POST /api/outbox/:messageId/confirm/', () => {
  it('lets the superadmin of the person’s organisation confirm: the waiting page signs in with WhatsApp, and it is audited', async () => {
    const { org, superadmin, user, phone } = await buildOrg('Confirming Org');
    const pendingRef = await askForWhatsAppLogin(phone);
    const headers = await signIn(superadmin);
    const message = await waitingMessage(headers, phone);
    expect(message?.subject).toBe(`Waiting for WhatsApp from ${phone}`);
    expect((await poll(pendingRef)).json().errorCode).toBe('E066103');

    const confirmed = await confirm(message!.id, headers);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id: message!.id, confirmed_at: expect.any(String) });

    const session = await poll(pendingRef);
    expect(session.statusCode).toBe(200);
    expect(session.json().claims).toMatchObject({ sub: user.authUserId, amr: ['whatsapp'] });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'outbox.whatsapp-confirm')));
    expect(entry).toMatchObject({ actorPersonId: superadmin.id, targetType: 'person-login', targetId: user.authUserId, details: { messageId: message!.id, email: user.email } });

    // Confirmed: no longer waiting, so there is nothing more to confirm.
    expect(await waitingMessage(headers, phone)).toBeUndefined();
    expect((await confirm(message!.id, headers)).statusCode).toBe(404);
  });

  it.each(['admin', 'manager', 'user'] as const)('refuses the organisation’s %s with 403 and confirms nothing', async (role) => {
    const org = await buildOrg(`Refusing Org ${role}`);
    const pendingRef = await askForWhatsAppLogin(org.phone);
    const message = await waitingMessage(await signIn(org.superadmin), org.phone);

    const refused = await confirm(message!.id, await signIn(org[role]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await poll(pendingRef)).json().errorCode).toBe('E066103');
  });

  it('answers another organisation’s superadmin 404, not 500, and the request keeps waiting', async () => {
    const home = await buildOrg('Home Org');
    const other = await buildOrg('Other Org');
    const pendingRef = await askForWhatsAppLogin(home.phone);
    const message = await waitingMessage(await signIn(home.superadmin), home.phone);
    const otherHeaders = await signIn(other.superadmin);
    expect(await waitingMessage(otherHeaders, home.phone)).toBeUndefined();

    const refused = await confirm(message!.id, otherHeaders);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    expect((await poll(pendingRef)).json().errorCode).toBe('E066103');
  });

  it('answers 404 for a message that is no waiting WhatsApp sign-in', async () => {
    const { superadmin } = await buildOrg('Unknown Message Org');
    const headers = await signIn(superadmin);
    for (const id of ['notp:Vnothing', 'M00000000000000000000000000000000', 'lure-sms:00000000-0000-0000-0000-000000000000']) {
      const response = await confirm(id, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 409 when the request has expired, and nothing signs in', async () => {
    const { superadmin, phone } = await buildOrg('Expired Org');
    const pendingRef = await askForWhatsAppLogin(phone);
    const headers = await signIn(superadmin);
    const message = await waitingMessage(headers, phone);
    await t.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(verifications.kind, 'notp'), eq(verifications.loginId, phone)));

    const refused = await confirm(message!.id, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CONFLICT');
    expect((await poll(pendingRef)).statusCode).toBe(401);
  });
});
