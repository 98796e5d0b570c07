import { randomUUID } from 'node:crypto';
import {
  type AdminRole,
  type InviteOrganizationAdminBody,
  type InviteOrganizationAdminResult,
  type OrganizationAdmins,
  type OrganizationUser,
  isAdminRole,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { findCurrentOrganization } from '../organizations/organizations.service.ts';
import { createLoginSync } from './organization-logins.ts';
import { assignableRoles, refuseNewPersonRole, refuseRoleChange } from './organization-users.policy.ts';
import { presentAdmin, presentUser } from './organization-users.presenter.ts';
import { type ListedPerson, type OrganizationUsersRepository, organizationUsersRepository } from './organization-users.repository.ts';
import {
  actorOf,
  checkEmail,
  lockOrganizationFacts,
  readOrganizationFacts,
  refusalError,
  requirePeopleManager,
} from './organization-users.service.ts';
import { type InvitationSettings, roleWithArticle, sendAddressInUseNotice, sendInvitation } from './people-mail.ts';

const isAdmin = (person: ListedPerson): person is ListedPerson & { role: AdminRole } => isAdminRole(person.role);

const findAdmin = async (repository: OrganizationUsersRepository, id: string) => {
  const person = await repository.findById(id);
  if (!person || !isAdmin(person)) throw notFound('Admin');
  return person;
};

/** @throws AppError FORBIDDEN for anyone but an admin. */
export const listOrganizationAdmins = async (db: Db, tenant: Tenant): Promise<OrganizationAdmins> => {
  requirePeopleManager(tenant);
  const repository = organizationUsersRepository(db, tenant);
  const [people, facts] = await Promise.all([repository.listAdmins(), readOrganizationFacts(repository)]);
  const actor = actorOf(tenant);
  return {
    items: people.filter(isAdmin).map((person) => presentAdmin(person, actor, facts)),
    assignableRoles: assignableRoles(actor).filter((role): role is AdminRole => isAdminRole(role)),
  };
};

/**
 * Makes someone an admin: promotes the person with this email, or adds them when they are not a user
 * yet, giving them a login (no password) if they have none, then emails them how to sign in. The
 * person and their login change in one transaction; the email goes out only once it has committed.
 * An address that signs in elsewhere gets no login: the answer is the same, and the mail tells its
 * owner why they cannot sign in here (see `checkEmail`).
 * @throws AppError FORBIDDEN (not an admin; only a superadmin grants Superadmin), CONFLICT (already an
 *   admin, or deactivated), VALIDATION_FAILED (names missing for a new person).
 */
export const inviteOrganizationAdmin = async (
  db: Db,
  tenant: Tenant,
  body: InviteOrganizationAdminBody,
  settings: InvitationSettings,
  origin: RequestOrigin,
): Promise<InviteOrganizationAdminResult> => {
  requirePeopleManager(tenant);
  const actor = actorOf(tenant);
  const roleRefusal = refuseNewPersonRole(actor, body.role);
  if (roleRefusal) throw refusalError(roleRefusal, 'body.role');

  const { personId, created, signsInElsewhere } = await db.transaction(async (tx) => {
    const repository = organizationUsersRepository(tx, tenant);
    const logins = createLoginSync(tx, tenant);
    const facts = await lockOrganizationFacts(repository);
    const existing = await repository.findByEmail(body.email);

    if (existing) {
      const conflict = (problem: string) => fieldError('CONFLICT', 'body.email', problem);
      if (!existing.isActive) throw conflict('This person is deactivated. Reactivate them on the Users tab first.');
      if (isAdmin(existing)) throw conflict(`This person is already ${roleWithArticle(existing.role)}. Change their role in the list instead.`);
      const refusal = refuseRoleChange(actor, existing, body.role, facts);
      if (refusal) throw refusalError(refusal, 'body.role');
      // Someone added without a login (by an older import, say) gets one now, or the invitation
      // would tell them to sign in with an address nothing answers to; unless it signs in elsewhere.
      const signsInElsewhere = !existing.authUserId && (await checkEmail(repository, logins, existing.email, existing));
      const authUserId = signsInElsewhere ? null : (existing.authUserId ?? existing.id);
      await repository.update(existing.id, { role: body.role, ...(existing.authUserId ? {} : { authUserId }) });
      await recordAudit(tx, tenant, {
        action: 'organization.admin.invite',
        targetType: 'person',
        targetId: existing.id,
        details: { email: existing.email, role: { from: existing.role, to: body.role }, created: false },
        ...origin,
      });
      await logins.syncLogins(authUserId ? [{ ...existing, authUserId, role: body.role }] : [], { rolesChanged: true });
      return { personId: existing.id, created: false, signsInElsewhere };
    }

    const missing = (['firstName', 'lastName'] as const).filter((field) => !body[field]);
    if (missing.length) {
      const issues = missing.map((field) => ({ field: `body.${field}`, problem: 'is required for someone who is not a user yet' }));
      throw new AppError('VALIDATION_FAILED', issues.map((i) => `${i.field}: ${i.problem}`).join('; '), issues);
    }
    const signsInElsewhere = await checkEmail(repository, logins, body.email);
    const id = randomUUID();
    const values = { firstName: body.firstName!, lastName: body.lastName!, email: body.email, role: body.role };
    await repository.insert([{ id, authUserId: signsInElsewhere ? null : id, ...values }]);
    await recordAudit(tx, tenant, {
      action: 'organization.admin.invite',
      targetType: 'person',
      targetId: id,
      details: { email: body.email, role: { from: null, to: body.role }, created: true },
      ...origin,
    });
    await logins.syncLogins(signsInElsewhere ? [] : [{ authUserId: id, ...values }]);
    return { personId: id, created: true, signsInElsewhere };
  });

  const repository = organizationUsersRepository(db, tenant);
  const admin = await findAdmin(repository, personId);
  const organization = await findCurrentOrganization(db, tenant);
  const invitation = {
    to: admin.email,
    firstName: admin.firstName,
    role: admin.role,
    organizationName: organization?.name ?? 'your organization',
    invitedBy: tenant.email,
  };
  // One mail either way, awaited either way, so the answer tells nothing.
  const invitationSent = await (signsInElsewhere ? sendAddressInUseNotice(settings, invitation) : sendInvitation(settings, invitation));
  return { admin: presentAdmin(admin, actor, await readOrganizationFacts(repository)), created, invitationSent };
};

/**
 * Changes an admin's role with their login, in one transaction; the admin is read again under the
 * superadmin lock, so the policy sees what concurrent changes committed.
 */
const changeAdminRole = async (
  db: Db,
  tenant: Tenant,
  id: string,
  role: 'Superadmin' | 'Admin' | 'User',
  action: string,
  origin: RequestOrigin,
) =>
  db.transaction(async (tx) => {
    const repository = organizationUsersRepository(tx, tenant);
    const facts = await lockOrganizationFacts(repository);
    const person = await findAdmin(repository, id);
    const refusal = refuseRoleChange(actorOf(tenant), person, role, facts);
    if (refusal) throw refusalError(refusal, 'body.role');
    if (role === person.role) return;
    await repository.update(person.id, { role });
    await recordAudit(tx, tenant, {
      action,
      targetType: 'person',
      targetId: person.id,
      details: { email: person.email, role: { from: person.role, to: role } },
      ...origin,
    });
    if (person.authUserId) {
      await createLoginSync(tx, tenant).syncLogins([{ ...person, authUserId: person.authUserId, role }], { rolesChanged: true });
    }
  });

/**
 * Switches an admin between Admin and Superadmin.
 * @throws AppError NOT_FOUND (no such admin here), FORBIDDEN / CONFLICT (the policy).
 */
export const changeOrganizationAdminRole = async (db: Db, tenant: Tenant, id: string, role: AdminRole, origin: RequestOrigin) => {
  requirePeopleManager(tenant);
  await changeAdminRole(db, tenant, id, role, 'organization.admin.role', origin);
  const repository = organizationUsersRepository(db, tenant);
  const [admin, facts] = await Promise.all([findAdmin(repository, id), readOrganizationFacts(repository)]);
  return presentAdmin(admin, actorOf(tenant), facts);
};

/**
 * Takes admin rights away: the person stays, as a User.
 * @throws AppError NOT_FOUND (no such admin here), FORBIDDEN / CONFLICT (the policy).
 */
export const removeOrganizationAdmin = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin): Promise<OrganizationUser> => {
  requirePeopleManager(tenant);
  await changeAdminRole(db, tenant, id, 'User', 'organization.admin.remove', origin);
  const repository = organizationUsersRepository(db, tenant);
  const [person, facts] = await Promise.all([repository.findById(id), readOrganizationFacts(repository)]);
  if (!person) throw notFound('Person');
  return presentUser(person, actorOf(tenant), facts);
};
