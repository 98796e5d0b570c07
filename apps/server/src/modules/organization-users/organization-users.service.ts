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
import { directoryManagedFields } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { findCurrentOrganization } from '../organizations/organizations.service.ts';
import { type LoginSync, createLoginSync } from './organization-logins.ts';
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
import { type InvitationSettings, sendAddressInUseNotice } from './people-mail.ts';

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
 * The email must be free in the organisation. Whether it signs in as someone else (an email is one
 * login across Vigil, so that is someone of another organisation) must not show in any answer: the
 * person is then kept without a login, the answer is the one any address gets, and the address's
 * owner is told by mail (`mailAddressesInUse`).
 * @returns whether the address already signs in as someone else
 * @throws AppError CONFLICT naming body.email when another person of this organisation has it
 */
export const checkEmail = async (repository: OrganizationUsersRepository, logins: LoginSync, email: string, person?: { id: string; authUserId: string | null }) => {
  if (await repository.isEmailTaken(email, person?.id)) {
    throw fieldError('CONFLICT', 'body.email', 'Another person in this organization already has this email address.');
  }
  return (await logins.findEmailsTakenByOthers([{ email, authUserId: person?.authUserId ?? null }])).size > 0;
};

/**
 * Once the change has committed, tells the owners of these addresses, which have an account in
 * another organisation, that this one tried to add them. Not awaited: the answer must take no
 * longer than for any other address.
 */
export const mailAddressesInUse = (db: Db, tenant: Tenant, settings: InvitationSettings, added: { email: string; firstName: string }[]) => {
  if (!added.length || !settings.mailer) return;
  void (async () => {
    const organizationName = (await findCurrentOrganization(db, tenant))?.name ?? 'an organization';
    for (const person of added) {
      await sendAddressInUseNotice(settings, { to: person.email, firstName: person.firstName, organizationName, invitedBy: tenant.email });
    }
  })().catch((error: unknown) => settings.log.error({ err: error }, 'could not mail the owners of addresses in use elsewhere'));
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
  const [people, total, facts, organization] = await Promise.all([
    repository.list(query, query.sort, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repository.count(query),
    readOrganizationFacts(repository),
    findCurrentOrganization(db, tenant),
  ]);
  const actor = actorOf(tenant);
  return {
    items: people.map((person) => presentUser(person, actor, facts)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    assignableRoles: assignableRoles(actor),
    organizationTimeZone: organization?.timeZone ?? 'UTC',
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
 * transaction. An address that signs in elsewhere gets no login; see `checkEmail`.
 * @throws AppError FORBIDDEN (not an admin, or granting Superadmin as an admin), CONFLICT (email of another person here),
 *   VALIDATION_FAILED (department or manager not of this organisation).
 */
export const createOrganizationUser = async (
  db: Db,
  tenant: Tenant,
  body: CreateOrganizationUserBody,
  settings: InvitationSettings,
  origin: RequestOrigin,
): Promise<OrganizationUser> => {
  requirePeopleManager(tenant);
  const refusal = refuseNewPersonRole(actorOf(tenant), body.role);
  if (refusal) throw refusalError(refusal, 'body.role');
  const id = randomUUID();
  const inUseElsewhere = await db.transaction(async (tx) => {
    const repository = organizationUsersRepository(tx, tenant);
    const logins = createLoginSync(tx, tenant);
    const signsInElsewhere = await checkEmail(repository, logins, body.email);
    await ensureDepartment(repository, body.departmentId);
    await ensureManager(repository, body.managerId);
    await repository.insert([{ id, authUserId: signsInElsewhere ? null : id, ...body }]);
    await recordAudit(tx, tenant, {
      action: 'organization.user.create',
      targetType: 'person',
      targetId: id,
      details: { email: body.email, role: body.role },
      ...origin,
    });
    const login = { authUserId: id, email: body.email, firstName: body.firstName, lastName: body.lastName, role: body.role };
    await logins.syncLogins(signsInElsewhere ? [] : [login]);
    return signsInElsewhere;
  });
  if (inUseElsewhere) mailAddressesInUse(db, tenant, settings, [body]);
  return presentOne(db, tenant, id);
};

/**
 * Changes a person's details; their login follows (name, email login id, tenant roles) in the same
 * transaction. The person is read again under the superadmin lock, so the policy sees what
 * concurrent changes committed.
 * @throws AppError NOT_FOUND (not a person of this organization), FORBIDDEN / CONFLICT (the policy),
 *   CONFLICT (email of another person here), VALIDATION_FAILED (department or manager).
 */
export const updateOrganizationUser = async (
  db: Db,
  tenant: Tenant,
  id: string,
  body: UpdateOrganizationUserBody,
  settings: InvitationSettings,
  origin: RequestOrigin,
): Promise<OrganizationUser> => {
  requirePeopleManager(tenant);
  const mailTo = await db.transaction(async (tx) => {
    const repository = organizationUsersRepository(tx, tenant);
    const facts = await lockOrganizationFacts(repository);
    const person = await repository.findById(id);
    if (!person) throw notFound('Person');
    const actor = actorOf(tenant);
    const editRefusal = refuseEdit(actor, person);
    if (editRefusal) throw refusalError(editRefusal);
    // A person a directory provisions keeps its details there: an edit here would be undone at its next sync.
    const kept = directoryManagedFields(person.source).find((field) => body[field] !== undefined && body[field] !== person[field]);
    if (kept) throw fieldError('CONFLICT', `body.${kept}`, person.source === 'google' ? 'is kept by your Google Workspace directory: change it there' : 'is kept by your identity provider over SCIM: change it there');
    if (body.role !== undefined) {
      const refusal = refuseRoleChange(actor, person, body.role, facts);
      if (refusal) throw refusalError(refusal, 'body.role');
    }
    const logins = createLoginSync(tx, tenant);
    const emailChanged = body.email !== undefined && body.email !== person.email;
    const signsInElsewhere = emailChanged && (await checkEmail(repository, logins, body.email!, person));
    if (body.departmentId !== undefined) await ensureDepartment(repository, body.departmentId);
    if (body.managerId !== undefined) await ensureManager(repository, body.managerId, person.id);

    const changed = Object.fromEntries(
      Object.entries(body).filter(([key, value]) => value !== undefined && value !== person[key as keyof typeof person]),
    ) as UpdateOrganizationUserBody;
    if (!Object.keys(changed).length) return undefined;
    // The login cannot follow to an address that signs in as someone else: the person parts from it.
    await repository.update(id, signsInElsewhere ? { ...changed, authUserId: null } : changed);
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
    if (signsInElsewhere) {
      if (person.authUserId) await logins.detachLogin(person.authUserId);
      return { email: changed.email!, firstName: changed.firstName ?? person.firstName };
    }
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
    return undefined;
  });
  if (mailTo) mailAddressesInUse(db, tenant, settings, [mailTo]);
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
