/**
 * Adaptive controls with an outside provider (AUTH_BASE_URL at a provider served on its own port
 * and database, AUTH_MANAGEMENT_KEY its management key): its management API takes no sign-in policy,
 * so a person is signed out there when their policy tightens, and only then, and Vigil refuses a
 * session the policy does not allow.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '@vigil/auth-provider';
import { users } from '@vigil/auth-provider/schema';
import { adaptiveControlFirings, adaptiveControlRules, people } from '@vigil/db';
import { jobActor } from '../../lib/scope.ts';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useServedAuthProvider } from '../../test/served-auth-provider.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';
import { remoteLoginDirectory } from '../identity/remote-login-directory.ts';
import { evaluateAdaptiveControls, liftFiring } from './adaptive-controls.engine.ts';

const managementKey = 'adaptive-controls-remote-management-key-0123456789';
const served = useServedAuthProvider(managementKey);
const t = useTestApp(() => ({ AUTH_BASE_URL: served.baseUrl, AUTH_MANAGEMENT_KEY: managementKey }));
const password = 'a long enough passphrase';

const auth = async (path: string, body: unknown, token?: string) => {
  const response = await fetch(`${served.baseUrl}/v1/auth${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testProjectId}${token ? `:${token}` : ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { sessionJwt?: string; refreshJwt?: string } };
};

describe('adaptive controls with an outside provider', () => {
  it('sign the person out when their policy tightens, not when one of two rules lifts; Vigil asks for the second factor itself', async () => {
    const org = await buildOrganization(t.db, { name: 'Remote Adaptive' });
    const scope = { organizationId: org.id };
    const person = await buildPerson(t.db, org.id);
    // Their login at the provider, which chose its id.
    const directory = remoteLoginDirectory({ baseUrl: served.baseUrl, projectId: testProjectId, managementKey });
    await directory.upsertTenants([{ id: org.id, name: org.name }]);
    const made = await directory.upsertLogins([{ userId: person.authUserId!, email: person.email, givenName: 'Rae', familyName: 'Mote', tenants: { [org.id]: [] }, organizationId: org.id }]);
    const userId = made.get(person.authUserId!)!;
    await t.db.update(people).set({ authUserId: userId }).where(eq(people.id, person.id));
    await served.connection.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, userId));
    const signIn = async () => {
      const session = await auth('/password/signin', { loginId: person.email, password });
      expect(session.status).toBe(200);
      return session.body;
    };
    const stillSignedIn = async (refreshJwt: string) => (await auth('/refresh', {}, refreshJwt)).status === 200;

    // Two rules that hold for everyone: one asks for MFA, the other for hour-long sessions.
    const rule = (name: string, actions: { requireMfa: boolean; sessionMaxMinutes: number | null }) =>
      t.db
        .insert(adaptiveControlRules)
        .values({ organizationId: org.id, name, trigger: { kind: 'score_at_least', threshold: 0 }, actions: { assignModuleId: null, notifyManager: false, ...actions } })
        .returning()
        .then(([row]) => row!);
    await rule('MFA for everyone', { requireMfa: true, sessionMaxMinutes: null });
    const hourly = await rule('Hour-long sessions', { requireMfa: false, sessionMaxMinutes: 60 });
    const evaluate = () => t.db.transaction((tx) => evaluateAdaptiveControls(tx, scope, [person.id]));

    // Both fire: the policy tightens, the sessions signed in before end.
    const before = await signIn();
    expect(await evaluate()).toEqual({ fired: 2, lifted: 0 });
    expect(await stillSignedIn(before.refreshJwt!)).toBe(false);

    // The provider knows no policy; Vigil refuses its one-factor session.
    const session = await signIn();
    const api = await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${session.sessionJwt}` } });
    expect(api.statusCode).toBe(403);
    expect(api.json().error.code).toBe('MFA_REQUIRED');

    // The hour-long rule lifts; MFA stays: nothing is stricter, nobody is signed out.
    const [open] = await t.db
      .select()
      .from(adaptiveControlFirings)
      .where(and(eq(adaptiveControlFirings.ruleId, hourly.id), eq(adaptiveControlFirings.personId, person.id), isNull(adaptiveControlFirings.liftedAt)));
    await t.db.transaction((tx) => liftFiring(tx, scope, open!, 'admin', jobActor('test', org.id)));
    expect(await stillSignedIn(session.refreshJwt!)).toBe(true);

    // It fires again: stricter once more, signed out.
    const again = await signIn();
    expect(await evaluate()).toEqual({ fired: 1, lifted: 0 });
    expect(await stillSignedIn(again.refreshJwt!)).toBe(false);
  });
});
