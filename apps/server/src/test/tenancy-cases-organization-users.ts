import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { people } from '@vigil/db';
import { buildPerson } from './factories.ts';
import type { TestContext } from './test-app.ts';

type Side = {
  org: { id: string; name: string };
  department: { id: string; name: string };
  admin: { id: string; email: string };
};
type TenantPair = { a: Side; b: Side };
type OrganizationUsersCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of Organisation settings → Users and Admins: A's admin manages A's people;
 * B's people, departments and admins are never listed, matched, changed or used as managers.
 */
export const organizationUsersCases = (t: TestContext): Record<string, OrganizationUsersCase> => {
  const personOf = async (id: string) => (await t.db.select().from(people).where(eq(people.id, id)))[0]!;
  const peopleWithEmail = async (organizationId: string, email: string) =>
    t.db
      .select()
      .from(people)
      .where(and(eq(people.organizationId, organizationId), eq(sql`lower(${people.email})`, email.toLowerCase())));
  const expectAdminUntouched = async (b: Side) => expect(await personOf(b.admin.id)).toMatchObject({ role: 'Superadmin', isActive: true, email: b.admin.email });
  // A may add someone with B's admin's address, unaware of B; that person never gets B's login.
  const expectAddedWithoutLogin = async (a: Side, b: Side) =>
    expect(await peopleWithEmail(a.org.id, b.admin.email)).toEqual([expect.objectContaining({ authUserId: null })]);
  // Set by `arrange`, read by `request` of the same case.
  let bLeaverId = '';

  return {
    'GET /api/organization/users/': {
      request: ({ b }) => ({ method: 'GET', url: `/api/organization/users/?status=all&search=${encodeURIComponent(b.admin.email)}` }),
      expectIsolated: (response, { b }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body).total).toBe(0);
        expect(response.body).not.toContain(b.admin.email);
      },
    },
    'POST /api/organization/users/': {
      request: ({ a, b }) => ({
        method: 'POST',
        url: '/api/organization/users/',
        payload: { firstName: 'New', lastName: 'Person', email: `new.person@${a.org.id.slice(0, 8)}.example`, departmentId: b.department.id },
      }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(400);
        expect(await peopleWithEmail(a.org.id, `new.person@${a.org.id.slice(0, 8)}.example`)).toEqual([]);
        expect(await peopleWithEmail(b.org.id, `new.person@${a.org.id.slice(0, 8)}.example`)).toEqual([]);
      },
    },
    'PATCH /api/organization/users/:id/': {
      request: ({ b }) => ({ method: 'PATCH', url: `/api/organization/users/${b.admin.id}/`, payload: { lastName: 'Changed by A', role: 'User' } }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(404);
        await expectAdminUntouched(b);
        expect((await personOf(b.admin.id)).lastName).not.toBe('Changed by A');
      },
    },
    'POST /api/organization/users/:id/deactivate/': {
      request: ({ b }) => ({ method: 'POST', url: `/api/organization/users/${b.admin.id}/deactivate/` }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(404);
        await expectAdminUntouched(b);
      },
    },
    'POST /api/organization/users/:id/reactivate/': {
      arrange: async ({ b }) => {
        bLeaverId = (await buildPerson(t.db, b.org.id, { isActive: false })).id;
      },
      request: () => ({ method: 'POST', url: `/api/organization/users/${bLeaverId}/reactivate/` }),
      expectIsolated: async (response) => {
        expect(response.statusCode).toBe(404);
        expect((await personOf(bLeaverId)).isActive).toBe(false);
      },
    },
    'GET /api/organization/departments/': {
      request: () => ({ method: 'GET', url: '/api/organization/departments/' }),
      expectIsolated: (response, { a, b }) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(a.department.id);
        expect(response.body).not.toContain(b.department.id);
      },
    },
    'POST /api/organization/users/import/preview/': {
      request: ({ a, b }) => ({
        method: 'POST',
        url: '/api/organization/users/import/preview/',
        payload: { csv: `first_name,last_name,email,department,manager_email\nB,Admin,${b.admin.email},${b.department.name},\nN,P,n.p@${a.org.id.slice(0, 8)}.example,,${b.admin.email}` },
      }),
      expectIsolated: (response, { b }) => {
        expect(response.statusCode).toBe(200);
        const preview = JSON.parse(response.body);
        // B's admin is someone new to A (that their address signs in to B does not show), B's department
        // a new one; as a manager, B's admin is only the new person of line 2, never B's own person.
        expect(preview.rows[0]).toMatchObject({ action: 'create', newDepartment: true, errors: [] });
        expect(preview.rows[1]).toMatchObject({ action: 'create', errors: [] });
        expect(response.body).not.toContain(b.department.id);
        expect(response.body).not.toContain(b.admin.id);
      },
    },
    'POST /api/organization/users/import/': {
      request: ({ b }) => ({
        method: 'POST',
        url: '/api/organization/users/import/',
        payload: { csv: `first_name,last_name,email,role\nB,Imported by A,${b.admin.email},User`, skipInvalidRows: true },
      }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(response.body)).toMatchObject({ created: 1, updated: 0, skipped: 0 });
        await expectAdminUntouched(b);
        await expectAddedWithoutLogin(a, b);
      },
    },
    'GET /api/organization/admins/': {
      request: () => ({ method: 'GET', url: '/api/organization/admins/' }),
      expectIsolated: (response, { a, b }) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(a.admin.email);
        expect(response.body).not.toContain(b.admin.email);
      },
    },
    'POST /api/organization/admins/': {
      request: ({ b }) => ({ method: 'POST', url: '/api/organization/admins/', payload: { email: b.admin.email, firstName: 'B', lastName: 'Admin', role: 'Admin' } }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(201);
        expect(response.body).not.toContain(b.admin.id);
        await expectAdminUntouched(b);
        await expectAddedWithoutLogin(a, b);
      },
    },
    'PATCH /api/organization/admins/:id/': {
      request: ({ b }) => ({ method: 'PATCH', url: `/api/organization/admins/${b.admin.id}/`, payload: { role: 'Admin' } }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(404);
        await expectAdminUntouched(b);
      },
    },
    'DELETE /api/organization/admins/:id/': {
      request: ({ b }) => ({ method: 'DELETE', url: `/api/organization/admins/${b.admin.id}/` }),
      expectIsolated: async (response, { b }) => {
        expect(response.statusCode).toBe(404);
        await expectAdminUntouched(b);
      },
    },
  };
};
