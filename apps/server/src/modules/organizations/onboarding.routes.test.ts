import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const patch = async (person: { authUserId: string | null }, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/organization/onboarding/', headers: await t.authAs(person), payload: payload as object });

describe('PATCH /api/organization/onboarding/', () => {
  it('records steps; onboarding is complete only when all five are done; each change is audited', async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, org.id, { role: 'Admin' });
    const first = await patch(admin, { is_dmi_completed: true, is_sso_completed: true, is_scim_completed: true, is_watchtower_completed: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ is_onboarded: false, onboarding_status: { is_dmi_completed: true, is_initial_testing_completed: false } });
    const last = await patch(admin, { is_initial_testing_completed: true });
    expect(last.json().is_onboarded).toBe(true);
    const personal = await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(admin) });
    expect(Object.values(personal.json().onboarding_status)).toEqual([true, true, true, true, true]);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'organization.onboarding')));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actorPersonId: admin.id });
  });

  it.each(['Manager', 'User'] as const)('refuses a %s with 403 and changes nothing', async (role) => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id, { role });
    const response = await patch(person, { is_bra_completed: true });
    expect(response.statusCode).toBe(403);
    const admin = await buildPerson(t.db, org.id, { role: 'Admin' });
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(admin) })).json().is_bra_completed).toBe(false);
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['an unknown step', { is_coffee_completed: true }, 'body'],
    ['a step that is not true or false', { is_sso_completed: 'yes' }, 'body.is_sso_completed'],
  ])('answers 400 for %s', async (_case, payload, field) => {
    const admin = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role: 'Superadmin' });
    const response = await patch(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe(field);
  });
});
