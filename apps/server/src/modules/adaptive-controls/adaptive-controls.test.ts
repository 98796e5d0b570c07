import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAuthManagement, hashPassword } from '@vigil/auth-provider';
import { outboxMessages } from '@vigil/auth-provider/schema';
import { auditLog, trainingAssignments } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { testProjectId, useTestApp } from '../../test/test-app.ts';
import { consumeEventsJob } from '../events/events.jobs.ts';
import { notifyManagersJob } from './adaptive-controls.jobs.ts';
import { appendEvents } from '../events/events.repository.ts';
import { builtinModuleId, syncBuiltinLessons } from '../training/library/builtin-lessons.ts';

// The embedded provider, as with `npm start`: the rule's identity actions are its sign-in policy.
const t = useTestApp({}, { embeddedAuth: true });
const passphrase = 'a long enough passphrase';

const signIn = async (email: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/password/signin',
    headers: { authorization: `Bearer ${testProjectId}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ loginId: email, password: passphrase }),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { sessionJwt: string; refreshJwt: string };
};

const withLogin = async (person: { authUserId: string | null; email: string }) =>
  createAuthManagement(t.db).upsertUsers([{ userId: person.authUserId!, email: person.email, givenName: 'Test', familyName: 'Person', tenants: {}, passwordHash: await hashPassword(passphrase) }]);

const failLure = (organizationId: string, personId: string, type = 'clicked') =>
  appendEvents(t.db, [{ organizationId, personId, recipientId: randomUUID(), type, occurredAt: new Date(), data: {} }]);

describe('adaptive controls', () => {
  it('fire when a person fails two simulations: a lesson, their manager told, MFA asked at their next sign-in and a shorter session; an admin lifts them', async () => {
    await syncBuiltinLessons(t.db);
    const org = await buildOrganization(t.db, { name: 'Adaptive Works' });
    const sales = await buildDepartment(t.db, org.id, 'Sales');
    const admin = await buildPerson(t.db, org.id, { role: 'Admin', departmentId: sales.id });
    const manager = await buildPerson(t.db, org.id, { departmentId: sales.id });
    const seller = await buildPerson(t.db, org.id, { departmentId: sales.id, managerId: manager.id });
    await withLogin(admin);
    await withLogin(seller);
    const headers = { authorization: `Bearer ${(await signIn(admin.email)).sessionJwt}` };
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    // Bad rules are refused with the field named.
    const unknownModule = await api('POST', '/api/adaptive-controls/rules/', { name: 'x', trigger: { kind: 'failures_within', count: 2, days: 30 }, actions: { assignModuleId: randomUUID() } });
    expect(unknownModule.statusCode).toBe(400);
    expect(unknownModule.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'body.actions.assignModuleId' })]));
    expect((await api('POST', '/api/adaptive-controls/rules/', { name: 'does nothing', trigger: { kind: 'score_at_least', threshold: 50 }, actions: {} })).statusCode).toBe(400);

    const created = await api('POST', '/api/adaptive-controls/rules/', {
      name: 'Two failures in a month',
      trigger: { kind: 'failures_within', count: 2, days: 30 },
      actions: { assignModuleId: builtinModuleId('phishing-basics'), notifyManager: true, requireMfa: true, sessionMaxMinutes: 60 },
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json();

    const scoresBefore = {
      person: (await api('GET', `/api/insights/people/${seller.id}/`)).json().person.score,
      department: (await api('GET', `/api/insights/people/summary/?departmentId=${sales.id}`)).json().aggregate.score,
      organization: (await api('GET', '/api/insights/organization/risk/')).json().organization.score,
    };

    // One failure: nothing fires. A second: the rule fires (events.consume runs the risk and adaptive consumers).
    await failLure(org.id, seller.id);
    await consumeEventsJob.handler({}, t.jobContext);
    expect((await api('GET', '/api/adaptive-controls/firings/')).json().items).toEqual([]);
    await failLure(org.id, seller.id, 'submitted');
    await consumeEventsJob.handler({}, t.jobContext);

    const detail = (await api('GET', `/api/insights/people/${seller.id}/`)).json();
    expect(detail.person.score).toBeGreaterThan(scoresBefore.person);
    expect(detail.breakdown.factors.map((line: { factor: string }) => line.factor)).toEqual(expect.arrayContaining(['simulation_submit', 'simulation_click', 'repeat_failure']));
    expect((await api('GET', `/api/insights/people/summary/?departmentId=${sales.id}`)).json().aggregate.score).toBeGreaterThan(scoresBefore.department);
    expect((await api('GET', '/api/insights/organization/risk/')).json().organization.score).toBeGreaterThan(scoresBefore.organization);

    const [firing] = (await api('GET', '/api/adaptive-controls/firings/')).json().items;
    expect(firing).toMatchObject({ ruleId: rule.id, person: { id: seller.id }, applied: { requireMfa: true, sessionMaxMinutes: 60, failures: 2 }, liftedAt: null });
    expect(firing.applied.assignmentId).toEqual(expect.any(String));
    const [assignment] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.id, firing.applied.assignmentId));
    expect(assignment).toMatchObject({ personId: seller.id, moduleId: builtinModuleId('phishing-basics'), status: 'assigned' });
    expect((await api('GET', '/api/adaptive-controls/rules/')).json().items[0]).toMatchObject({ id: rule.id, active: 1 });

    // The manager is told once, by the notification job (to the outbox here: no SMTP_URL).
    await notifyManagersJob.handler({}, t.jobContext);
    await notifyManagersJob.handler({}, t.jobContext);
    const told = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, manager.email));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain('could use a word from you');
    expect((await api('GET', '/api/adaptive-controls/firings/')).json().items[0].applied.managerNotified).toBe(true);

    // The provider enforces it: the next sign-in is one factor short, and its session lasts an hour.
    const policy = await createAuthManagement(t.db).getSignInPolicy(seller.authUserId!);
    expect(policy).toMatchObject({ requireMfa: true, sessionMaxSeconds: 3600 });
    const next = await signIn(seller.email);
    expect(decodeJwt(next.sessionJwt)).toMatchObject({ mfa_required: true });
    const refused = await t.app.inject({ url: '/api/my-trainings/?tab=learning', headers: { authorization: `Bearer ${next.sessionJwt}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MFA_REQUIRED');

    // Further failures do not fire the same rule twice.
    await failLure(org.id, seller.id);
    await consumeEventsJob.handler({}, t.jobContext);
    expect((await api('GET', '/api/adaptive-controls/firings/?status=all')).json().items).toHaveLength(1);

    // An admin lifts it: the policy goes, the next sign-in is enough on its own, and it is all audited.
    const lifted = await api('POST', `/api/adaptive-controls/firings/${firing.id}/lift/`);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ liftedReason: 'admin', liftedAt: expect.any(String) });
    expect(await createAuthManagement(t.db).getSignInPolicy(seller.authUserId!)).toBeNull();
    expect(decodeJwt((await signIn(seller.email)).sessionJwt).mfa_required).toBeUndefined();
    expect((await api('POST', `/api/adaptive-controls/firings/${firing.id}/lift/`)).statusCode).toBe(409);
    const audited = await t.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.organizationId, org.id)));
    expect(audited.map((row) => row.action)).toEqual(expect.arrayContaining(['adaptive-control.rule.create', 'adaptive-control.fire', 'adaptive-control.lift', 'adaptive-control.lift-by-hand']));
  });

  it('lift by themselves when the score falls back under the line, and when the rule is turned off', async () => {
    const org = await buildOrganization(t.db, { name: 'Recovering Ltd' });
    const admin = await buildPerson(t.db, org.id, { role: 'Admin' });
    const person = await buildPerson(t.db, org.id);
    await withLogin(admin);
    await withLogin(person);
    const headers = { authorization: `Bearer ${(await signIn(admin.email)).sessionJwt}` };
    const rule = (
      await t.app.inject({ method: 'POST', url: '/api/adaptive-controls/rules/', headers, payload: { name: 'High score', trigger: { kind: 'score_at_least', threshold: 20 }, actions: { requireMfa: true } } })
    ).json();
    await failLure(org.id, person.id, 'submitted');
    await consumeEventsJob.handler({}, t.jobContext);
    expect((await createAuthManagement(t.db).getSignInPolicy(person.authUserId!))?.requireMfa).toBe(true);

    // Reports bring the score back under 20: the next batch lifts it as recovered.
    for (let i = 0; i < 3; i++) await appendEvents(t.db, [{ organizationId: org.id, personId: person.id, recipientId: randomUUID(), type: 'reported', occurredAt: new Date(), data: {} }]);
    await consumeEventsJob.handler({}, t.jobContext);
    const all = (await t.app.inject({ url: '/api/adaptive-controls/firings/?status=all', headers })).json().items;
    expect(all[0]).toMatchObject({ liftedReason: 'recovered' });
    expect(await createAuthManagement(t.db).getSignInPolicy(person.authUserId!)).toBeNull();

    // Fired again, then the rule is turned off: lifted as `rule`.
    await failLure(org.id, person.id, 'submitted');
    await failLure(org.id, person.id, 'submitted');
    await consumeEventsJob.handler({}, t.jobContext);
    expect((await t.app.inject({ url: '/api/adaptive-controls/firings/', headers })).json().items).toHaveLength(1);
    const off = await t.app.inject({ method: 'PUT', url: `/api/adaptive-controls/rules/${rule.id}/`, headers, payload: { name: 'High score', trigger: { kind: 'score_at_least', threshold: 20 }, actions: { requireMfa: true }, enabled: false } });
    expect(off.json()).toMatchObject({ enabled: false, active: 0 });
    expect(await createAuthManagement(t.db).getSignInPolicy(person.authUserId!)).toBeNull();
  });
});
