import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations } from '@vigil/db';
import { buildDepartment, buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const buildManagedService = async () => {
  const msp = await buildOrganization(t.db, { name: 'Managed Service' });
  const admin = await buildPerson(t.db, msp.id, { role: 'Admin' });
  const zulu = await buildOrganization(t.db, { name: 'Zulu Corp', managedByOrganizationId: msp.id });
  const alpha = await buildOrganization(t.db, { name: 'Alpha Ltd', managedByOrganizationId: msp.id, hasPaidAccess: true });
  const alphaAdmin = await buildPerson(t.db, alpha.id, { role: 'Superadmin', email: 'boss@alpha.example' });
  await t.db.update(organizations).set({ primaryAdminPersonId: alphaAdmin.id }).where(eq(organizations.id, alpha.id));
  return { msp, admin, zulu, alpha, alphaAdmin };
};

describe('GET /api/mssp_company_list/', () => {
  it("lists the caller's client companies sorted by name, with the primary admin's email", async () => {
    const { admin, zulu, alpha } = await buildManagedService();
    const response = await t.app.inject({ url: '/api/mssp_company_list/', headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mssp_company_names: [
        { company_id: alpha.id, company_name: 'Alpha Ltd', subordinate_email: 'boss@alpha.example' },
        { company_id: zulu.id, company_name: 'Zulu Corp', subordinate_email: '' },
      ],
    });
  });

  it('is empty for a person of an organisation that manages nobody, and for a non-admin of one that does', async () => {
    const { msp } = await buildManagedService();
    const plain = await buildPerson(t.db, msp.id, { role: 'User' });
    const lone = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role: 'Superadmin' });
    for (const person of [plain, lone]) {
      const response = await t.app.inject({ url: '/api/mssp_company_list/', headers: await t.authAs(person) });
      expect(response.json()).toEqual({ mssp_company_names: [] });
    }
  });

  it('keeps listing the same clients while the operator acts inside one of them', async () => {
    const { admin, alpha, msp } = await buildManagedService();
    const headers = await t.authAs(admin, { dct: alpha.id, tenants: { [msp.id]: { roles: ['Admin'] }, [alpha.id]: { roles: ['Admin'] } } });
    const response = await t.app.inject({ url: '/api/mssp_company_list/', headers });
    expect(response.json().mssp_company_names).toHaveLength(2);
  });
});

describe('GET /api/mssp_company_list/{id}/', () => {
  it('describes one client company', async () => {
    const { admin, alpha } = await buildManagedService();
    await buildDepartment(t.db, alpha.id);
    await buildPerson(t.db, alpha.id);
    await buildPerson(t.db, alpha.id, { isActive: false });
    const response = await t.app.inject({ url: `/api/mssp_company_list/${alpha.id}/`, headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company_id: alpha.id,
      company_name: 'Alpha Ltd',
      subordinate_email: 'boss@alpha.example',
      has_paid_access: true,
      people_count: 2,
      department_count: 1,
    });
  });

  it("answers 404 for a company managed by another provider, or the caller's own organisation", async () => {
    const { admin, msp } = await buildManagedService();
    const other = await buildManagedService();
    for (const id of [other.alpha.id, msp.id]) {
      const response = await t.app.inject({ url: `/api/mssp_company_list/${id}/`, headers: await t.authAs(admin) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 400 naming the field for an id that is not a UUID', async () => {
    const { admin } = await buildManagedService();
    const response = await t.app.inject({ url: '/api/mssp_company_list/not-an-id/', headers: await t.authAs(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'params.id' }] });
  });
});
