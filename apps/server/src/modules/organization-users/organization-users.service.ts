import { randomUUID } from 'node:crypto';
import type {
  CreateOrganizationUserBody,
  FieldIssue,
  OrganizationDepartments,
  OrganizationUser,
  OrganizationUsers,
  OrganizationUsersQuery,
  UpdateOrganizationUserBody,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { type LoginSync, createLoginSync, emailSignsInElsewhere } from './organization-logins.ts';
import {
  type Actor,
  type OrganizationFacts,
  type Refusal,
  assignableRoles,
  refuseDeactivation,
  refuseEdit,
  refuseNewPersonRole,
  refuseRoleChange,
} from './organization-users.policy.ts';
import { presentUser, usersAsCsv } from './organization-users.presenter.ts';
import { type OrganizationUsersRepository, organizationUsersRepository } from './organization-users.repository.ts';

const csvExportLimit = 50_000;

export const actorOf = (tenant: Tenant): Actor => ({ personId: tenant.personId, role: tenant.role });

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin of the organisation. */
export const requirePeopleManager = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage the organization’s people');

export const refusalError = (refusal: Refusal, field?: string) =>
  new AppError(refusal.code, refusal.problem, field ? [{ field, problem: refusal.problem } satisfies FieldIssue] : undefined);

/** What the policy needs to know about the organisation as it is now. */
export const readOrganizationFacts = async (repository: OrganizationUsersRepository): Promise<OrganizationFacts> => ({
  activeSuperadmins: await repository.countActiveSuperadmins(),
});

/**
 * Inside the transaction of a change to roles or status: takes the organisation's superadmin lock,
 * then reads the facts, so two changes at the same moment cannot both count on the other superadmin.
 */
export const lockOrganizationFacts = async (repository: OrganizationUsersRepository) => {
  await repository.lockActiveSuperadmins();
  return readOrganizationFacts(repository);
};

/**
 * The email must be free in the organisation and, since an email is one login across Vigil, not
 * signed in with by anyone else.
 * @throws AppError CONFLICT naming body.email
 */
export const ensureEmailFree = async (repository: OrganizationUsersRepository, logins: LoginSync, email: string, person?: { id: string; authUserId: string | null }) => {
  if (await repository.isEmailTaken(email, person?.id)) {
    throw fieldError('CONFLICT', 'body.email', 'Another person in this organization already has this email address.');
  }
  const taken = await logins.findEmailsTakenByOthers([{ email, authUserId: person?.authUserId ?? null }]);
  if (taken.size) throw emailSignsInElsewhere();
};

const ensureDepartment = async (repository: OrganizationUsersRepository, departmentId: string | null | undefined) => {
  if (departmentId && !(await repository.findDepartment(departmentId))) {
    throw fieldError('VALIDATION_FAILED', 'body.departmentId', 'is not a department of this organization');
  }
};

/** The manager must be a person of the organisation, and the reporting line must not loop back. */
const ensureManager = async (repository: OrganizationUsersRepository, managerId: string | null | undefined, personId?: string) => {
  if (!managerId) return;
  if (managerId === personId) throw fieldError('VALIDATION_FAILED', 'body.managerId', 'A person cannot be their own manager.');
  const [manager] = await repository.listManagerIds([managerId]);
  if (!manager) throw fieldError('VALIDATION_FAILED', 'body.managerId', 'is not a person of this organization');
  if (!personId) return;
  const seen = new Set<string>([managerId]);
  for (let next = manager.managerId; next && !seen.has(next); ) {
    if (next === personId) {
      throw fieldError('VALIDATION_FAILED', 'body.managerId', 'Would make a reporting loop: this person manages that manager, directly or through others.');
    }
    seen.add(next);
    next = (await repository.listManagerIds([next]))[0]?.managerId ?? null;
  }
};

/** One person as the list shows them, with what the caller may do. */
const presentOne = async (db: Db, tenant: Tenant, id: string): Promise<OrganizationUser> => {
  const repository = organizationUsersRepository(db, tenant);
  const [person, facts] = await Promise.all([repository.findById(id), readOrganizationFacts(repository)]);
  if (!person) throw notFound('Person');
  return presentUser(person, actorOf(tenant), facts);
};

/**
 * A page of the organisation's people, filtered and sorted.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const listOrganizationUsers = async (db: Db, tenant: Tenant, query: OrganizationUsersQuery): Promise<OrganizationUsers> => {
  requirePeopleManager(tenant);
  const repository = organizationUsersRepository(db, tenant);
  const [people, total, facts] = await Promise.all([
    repository.list(query, query.sort, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repository.count(query),
    readOrganizationFacts(repository),
  ]);
  const actor = actorOf(tenant);
  return {
    items: people.map((person) => presentUser(person, actor, facts)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    assignableRoles: assignableRoles(actor),
  };
};

/**
 * Every person matching the filters (up to 50,000), as CSV in the import's format.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const exportOrganizationUsersCsv = async (db: Db, tenant: Tenant, query: OrganizationUsersQuery) => {
  requirePeopleManager(tenant);
  return usersAsCsv(await organizationUsersRepository(db, tenant).list(query, query.sort, { limit: csvExportLimit, offset: 0 }));
};

/** @throws AppError FORBIDDEN for anyone but an admin. */
export const listOrganizationDepartments = async (db: Db, tenant: Tenant): Promise<OrganizationDepartments> => {
  requirePeopleManager(tenant);
  return { departments: await organizationUsersRepository(db, tenant).listDepartments() };
};

/**
 * Adds a person with a login (no password: they sign in with an emailed code or link), both in one
 * transaction.
 * @throws AppError FORBIDDEN (not an admin, or granting Superadmin as an admin), CONFLICT (email in use),
 *   VALIDATION_FAILED (department or manager not of this organisation).
 */
export const createOrganizationUser = async (
  db: Db,
  tenant: Tenant,
  body: CreateOrganizationUserBody,
  origin: RequestOrigin,
): Promise<OrganizationUser> => {
  requirePeopleManager(tenant);
  const refusal = refuseNewPersonRole(actorOf(tenant), body.role);
  if (refusal) throw refusalError(refusal, 'body.role');
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const repository = organizationUsersRepository(tx, tenant);
    const logins = createLoginSync(tx, tenant);
    await ensureEmailFree(repository, logins, body.email);
    await ensureDepartment(repository, body.departmentId);
    await ensureManager(repository, body.managerId);
    await repository.insert([{ id, authUserId: id, ...body }]);
    await recordAudit(tx, tenant, {
      action: 'organization.user.create',
      targetType: 'person',
      targetId: id,
      details: { email: body.email, role: body.role },
      ...origin,
    });
    await logins.syncLogins([{ authUserId: id, email: body.email, firstName: body.firstName, lastName: body.lastName, role: body.role }]);
  });
  return presentOne(db, tenant, id);
};

/**
 * Changes a person's details; their login follows (name, email login id, tenant roles) in the same
 * transaction. The person is read again under the superadmin lock, so the policy sees what
 * concurrent changes committed.
 * @throws AppError NOT_FOUND (not a person of this organization), FORBIDDEN / CONFLICT (the policy),
 *   CONFLICT (email in use), VALIDATION_FAILED (department or manager).
 */
export const updateOrganizationUser = async (
  db: Db,
  tenant: Tenant,
  id: string,
  body: UpdateOrganizationUserBody,
  origin: RequestOrigin,
): Promise<OrganizationUser> => {
  requirePeopleManager(tenant);
  await db.transaction(async (tx) => {
    const repository = organizationUsersRepository(tx, tenant);
    const facts = await lockOrganizationFacts(repository);
    const person = await repository.findById(id);
    if (!person) throw notFound('Person');
    const actor = actorOf(tenant);
    const editRefusal = refuseEdit(actor, person);
    if (editRefusal) throw refusalError(editRefusal);
    if (body.role !== undefined) {
      const refusal = refuseRoleChange(actor, person, body.role, facts);
      if (refusal) throw refusalError(refusal, 'body.role');
    }
    const logins = createLoginSync(tx, tenant);
    const emailChanged = body.email !== undefined && body.email !== person.email;
    if (emailChanged) await ensureEmailFree(repository, logins, body.email!, person);
    if (body.departmentId !== undefined) await ensureDepartment(repository, body.departmentId);
    if (body.managerId !== undefined) await ensureManager(repository, body.managerId, person.id);

    const changed = Object.fromEntries(
      Object.entries(body).filter(([key, value]) => value !== undefined && value !== person[key as keyof typeof person]),
    ) as UpdateOrganizationUserBody;
    if (!Object.keys(changed).length) return;
    await repository.update(id, changed);
    await recordAudit(tx, tenant, {
      action: 'organization.user.update',
      targetType: 'person',
      targetId: id,
      details: {
        fields: Object.keys(changed),
        ...(changed.role ? { role: { from: person.role, to: changed.role } } : {}),
        ...(changed.email ? { email: { from: person.email, to: changed.email } } : {}),
      },
      ...origin,
    });
    if (person.authUserId && (changed.firstName || changed.lastName || changed.email || changed.role)) {
      await logins.syncLogins(
        [
          {
            authUserId: person.authUserId,
            email: changed.email ?? person.email,
            firstName: changed.firstName ?? person.firstName,
            lastName: changed.lastName ?? person.lastName,
            role: changed.role ?? person.role,
          },
        ],
        { emailChanged, rolesChanged: changed.role !== undefined },
      );
    }
  });
  return presentOne(db, tenant, id);
};

/**
 * Deactivates or reactivates a person. Deactivating ends their sessions and stops them signing in;
 * their history stays. Person and login change in one transaction, under the superadmin lock.
 * @throws AppError NOT_FOUND, FORBIDDEN / CONFLICT (the policy: not yourself, not the last superadmin).
 */
export const setOrganizationUserActive = async (
  db: Db,
  tenant: Tenant,
  id: string,
  isActive: boolean,
  origin: RequestOrigin,
): Promise<OrganizationUser> => {
  requirePeopleManager(tenant);
  await db.transaction(async (tx) => {
    const repository = organizationUsersRepository(tx, tenant);
    const facts = await lockOrganizationFacts(repository);
    const person = await repository.findById(id);
    if (!person) throw notFound('Person');
    const actor = actorOf(tenant);
    const refusal = isActive ? refuseEdit(actor, person) : refuseDeactivation(actor, person, facts);
    if (refusal) throw refusalError(refusal);
    if (person.isActive === isActive) return;
    await repository.update(id, { isActive });
    await recordAudit(tx, tenant, {
      action: isActive ? 'organization.user.reactivate' : 'organization.user.deactivate',
      targetType: 'person',
      targetId: id,
      details: { email: person.email },
      ...origin,
    });
    if (!person.authUserId) return;
    const logins = createLoginSync(tx, tenant);
    if (isActive) {
      await logins.syncLogins([{ ...person, authUserId: person.authUserId }]);
      await logins.enableLogin(person.authUserId);
    } else {
      await logins.disableLogin(person.authUserId);
    }
  });
  return presentOne(db, tenant, id);
};
