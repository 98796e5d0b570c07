import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuthManagement } from '@vigil/auth-provider';
import { outboxMessages } from '@vigil/auth-provider/schema';
import { providerCall, useTestApp } from '../../test/test-app.ts';
import { demoCompanies, demoEmail } from '../demo/demo-companies.ts';
import { demoLoginsPresent, seedDemoLogins } from '../demo/demo-logins.ts';
import { seedDemo } from '../demo/demo-seed.ts';

const t = useTestApp({}, { embeddedAuth: true });
const demoPassword = 'vigil-demo-password';

const provider = (path: string, body: unknown, token?: string) => providerCall(t.app)(path, body, token);

/** Without SMTP the reset mail waits in the operator outbox; it leaves after the answer. */
const resetLinkTokenFor = async (email: string) => {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await t.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, 'Reset your Vigil password')))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      token = /[?&]t=([\w-]+)/.exec(mail?.body ?? '')?.[1];
      return token;
    })
    .toBeTruthy();
  return token!;
};

describe('a password reset through the embedded provider (the issue journey)', () => {
  it("ends the session signed in before it: its refresh token no longer gets a session that reads /api/personal_user_data/", async () => {
    await seedDemo(t.db);
    const management = createAuthManagement(t.db);
    if (!(await demoLoginsPresent(management, t.db))) await seedDemoLogins(t.db, management, demoPassword);
    const company = demoCompanies[2]!;
    const seat = company.seats.endUser;
    const email = demoEmail(seat.firstName, seat.lastName, company.domain);

    const first = (await provider('/password/signin', { loginId: email, password: demoPassword })).json();
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${first.sessionJwt}` } })).statusCode).toBe(200);

    // Another client resets the password with the emailed link.
    expect((await provider('/password/reset', { loginId: email })).statusCode).toBe(200);
    const verified = await provider('/magiclink/verify', { token: await resetLinkTokenFor(email) });
    expect(verified.statusCode).toBe(200);
    const reset = verified.json();
    expect((await provider('/password/update', { loginId: email, newPassword: 'a new passphrase after the reset' }, reset.refreshJwt)).statusCode).toBe(200);

    // The first session is closed at once: its session token, still unexpired, no longer reads the API…
    const stale = await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${first.sessionJwt}` } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.message).toBe('This session has ended: sign in again');
    // …and it cannot renew.
    const renewal = await provider('/refresh', {}, first.refreshJwt);
    expect(renewal.statusCode).toBe(401);
    expect(renewal.json()).toMatchObject({ errorCode: 'E064001' });
    // The session that did the reset goes on.
    const renewed = await provider('/refresh', {}, reset.refreshJwt);
    expect(renewed.statusCode).toBe(200);
    const reading = await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${renewed.json().sessionJwt}` } });
    expect(reading.json()).toMatchObject({ email });
  });
});
