import { describe, expect, it } from 'vitest';
import { buildDepartment, buildOrganization, buildPerson, grantDepartmentView } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/personal_user_data/', () => {
  it('answers 401 in the error shape without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/personal_user_data/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: expect.stringContaining('Authorization') },
    });
  });

  it('refuses a token signed by a key the provider does not publish, an expired one and a refresh token', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    const tokens = [
      await t.jwks.mintForgedToken({ sub: person.authUserId! }),
      await t.jwks.mintSessionToken({ sub: person.authUserId!, expiresInSeconds: -60 }),
      await t.jwks.mintSessionToken({ sub: person.authUserId!, drn: 'DSR' }),
      await t.jwks.mintSessionToken({ sub: person.authUserId!, issuer: 'P2someoneelse00000000000000' }),
    ];
    for (const token of tokens) {
      const response = await t.app.inject({ url: '/api/personal_user_data/', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it("returns the spec's record for the signed-in person, with department views and direct-manager flag", async () => {
    const org = await buildOrganization(t.db, {
      name: 'Acme Testing',
      hasPaidAccess: true,
      isDmiCompleted: true,
      isSsoCompleted: true,
      pictureFileName: 'acme-0123456789ab.svg',
    });
    const finance = await buildDepartment(t.db, org.id, 'Finance');
    const person = await buildPerson(t.db, org.id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@acme.example',
      role: 'Manager',
      startDate: '2024-03-01',
    });
    await buildPerson(t.db, org.id, { managerId: person.id });
    await grantDepartmentView(t.db, org.id, person.id, finance.id);

    const response = await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(person) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@acme.example',
      role: 'Manager',
      company: 'Acme Testing',
      has_paid_access: true,
      onboarding_status: {
        is_dmi_completed: true,
        is_initial_testing_completed: false,
        is_scim_completed: false,
        is_sso_completed: true,
        is_watchtower_completed: false,
      },
      is_bra_completed: false,
      start_timestamp: '2024-03-01T00:00:00.000Z',
      picture_file_name: 'acme-0123456789ab.svg',
      department_views: [{ id: finance.id, name: 'Finance' }],
      is_direct_manager: true,
    });
  });

  it('counts only active reports for the direct-manager flag', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    await buildPerson(t.db, org.id, { managerId: person.id, isActive: false });
    const response = await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(person) });
    expect(response.json().is_direct_manager).toBe(false);
  });

  it('refuses a deactivated person', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id, { isActive: false });
    const response = await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(person) });
    expect(response.statusCode).toBe(401);
  });

  it("lets a managed-service admin act in a client organisation the provider selected, with the client's company data", async () => {
    const msp = await buildOrganization(t.db, { name: 'MSP' });
    const client = await buildOrganization(t.db, { name: 'Client Co', managedByOrganizationId: msp.id, isBraCompleted: true });
    const operator = await buildPerson(t.db, msp.id, { role: 'Superadmin', firstName: 'Olive' });
    const headers = await t.authAs(operator, { dct: client.id, tenants: { [msp.id]: { roles: ['Superadmin'] }, [client.id]: { roles: ['Superadmin'] } } });
    const response = await t.app.inject({ url: '/api/personal_user_data/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Olive', company: 'Client Co', is_bra_completed: true, role: 'Superadmin', department_views: [] });
  });

  it('refuses a selected organisation the caller does not manage, or one the provider did not grant', async () => {
    const msp = await buildOrganization(t.db);
    const client = await buildOrganization(t.db, { managedByOrganizationId: msp.id });
    const stranger = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, msp.id, { role: 'Admin' });
    const plainUser = await buildPerson(t.db, msp.id, { role: 'User' });
    const cases = [
      await t.authAs(admin, { dct: stranger.id }),
      await t.authAs(admin, { dct: client.id, tenants: { [msp.id]: { roles: ['Admin'] } } }),
      await t.authAs(plainUser, { dct: client.id }),
    ];
    for (const headers of cases) {
      const response = await t.app.inject({ url: '/api/personal_user_data/', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });
});
