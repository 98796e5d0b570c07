import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adaptiveControlFirings, adaptiveControlRules } from '@vigil/db';
import { buildOrganization, buildPerson } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe('a session that still owes a second factor', () => {
  it('opens no /api route until the person confirms it (adaptive controls), and says why', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    for (const url of ['/api/personal_user_data/', '/api/my-risk/', '/api/my-trainings/?tab=learning']) {
      const refused = await t.app.inject({ url, headers: await t.authAs(person, { mfaRequired: true }) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'MFA_REQUIRED', message: expect.stringContaining('confirm it is you') });
    }
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(person) })).statusCode).toBe(200);
  });
});

describe('with a provider elsewhere, Vigil holds sessions to adaptive controls itself', () => {
  // This app's sessions come from an outside provider (the loopback JWKS), whose management API takes no sign-in policy.
  const fire = async (organizationId: string, personId: string, actions: { requireMfa: boolean; sessionMaxMinutes: number | null }) => {
    const [rule] = await t.db
      .insert(adaptiveControlRules)
      .values({ organizationId, name: `Rule ${randomUUID().slice(0, 6)}`, trigger: { kind: 'score_at_least', threshold: 50 }, actions: { assignModuleId: null, notifyManager: false, ...actions } })
      .returning();
    const [firing] = await t.db.insert(adaptiveControlFirings).values({ organizationId, ruleId: rule!.id, personId, firedAt: new Date(), applied: actions }).returning();
    return firing!;
  };
  const lift = (id: string) => t.db.update(adaptiveControlFirings).set({ liftedAt: new Date(), liftedReason: 'admin' }).where(eq(adaptiveControlFirings.id, id));
  const profile = async (person: { authUserId: string | null }, session: { amr?: string[]; authTime?: number } = {}) =>
    t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(person, session) });

  it('refuses a one-factor session while a rule asks for MFA, and lets a two-factor one in', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    const firing = await fire(org.id, person.id, { requireMfa: true, sessionMaxMinutes: null });
    const refused = await profile(person, { amr: ['pwd'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MFA_REQUIRED');
    expect((await profile(person, { amr: ['pwd', 'totp'] })).statusCode).toBe(200);
    expect((await profile(person, { amr: ['email', 'mfa'] })).statusCode).toBe(200);
    // Someone else of the organisation is not held to it.
    expect((await profile(await buildPerson(t.db, org.id), { amr: ['pwd'] })).statusCode).toBe(200);
    await lift(firing.id);
    expect((await profile(person, { amr: ['pwd'] })).statusCode).toBe(200);
  });

  it('refuses a session signed in longer ago than the shortest session a rule allows, when the token says when', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    await fire(org.id, person.id, { requireMfa: false, sessionMaxMinutes: 60 });
    await fire(org.id, person.id, { requireMfa: false, sessionMaxMinutes: 240 });
    const now = Math.floor(Date.now() / 1000);
    const old = await profile(person, { authTime: now - 2 * 3600 });
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toContain('shorter sessions');
    expect((await profile(person, { authTime: now - 30 * 60 })).statusCode).toBe(200);
  });
});
