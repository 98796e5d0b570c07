import { type OrganizationUserAbilities, type Role, isAdminRole, roles } from '@vigil/contracts';

/**
 * Who may manage the people of an organisation, and how. The rules:
 *
 * 1. Only the organisation's admins and superadmins manage its people and admins; anyone else gets 403.
 *    A managed-service operator acting in a client organisation counts with the role of their home
 *    organisation, as everywhere in the API.
 * 2. The Superadmin role is granted, changed and taken away only by a superadmin. An admin cannot
 *    edit, deactivate or change the role of a superadmin, and cannot make anyone a superadmin; an
 *    admin may make people admins (and take that back).
 * 3. Nobody changes their own role or deactivates themselves: another admin has to, so that one slip
 *    cannot lock the only admin out. Editing one's own name or email is fine.
 * 4. The organisation always keeps an active superadmin: the last one cannot be demoted or
 *    deactivated, however the request arrives (form, admins tab, CSV import).
 */

export type Actor = Readonly<{ personId: string; role: Role }>;
export type Subject = Readonly<{ id: string; role: Role; isActive: boolean }>;
/** What the rules need to know about the organisation as it is now. */
export type OrganizationFacts = Readonly<{ activeSuperadmins: number }>;

/** A refused change: FORBIDDEN when the caller's role does not allow it, CONFLICT when the state does not. */
export type Refusal = { code: 'FORBIDDEN' | 'CONFLICT'; problem: string };

export const mayManagePeople = (actor: Actor) => isAdminRole(actor.role);

/** Roles the actor may give someone. */
export const assignableRoles = (actor: Actor): Role[] =>
  actor.role === 'Superadmin' ? [...roles] : roles.filter((role) => role !== 'Superadmin');

const isSelf = (actor: Actor, subject: Subject) => actor.personId === subject.id;

const isLastActiveSuperadmin = (subject: Subject, facts: OrganizationFacts) =>
  subject.role === 'Superadmin' && subject.isActive && facts.activeSuperadmins <= 1;

const mayTouch = (actor: Actor, subject: Subject) =>
  mayManagePeople(actor) && (subject.role !== 'Superadmin' || actor.role === 'Superadmin');

export const userAbilities = (actor: Actor, subject: Subject, facts: OrganizationFacts): OrganizationUserAbilities => {
  const edit = mayTouch(actor, subject);
  const pinned = isSelf(actor, subject) || isLastActiveSuperadmin(subject, facts);
  return {
    edit,
    changeRole: edit && !pinned,
    deactivate: edit && subject.isActive && !pinned,
    reactivate: edit && !subject.isActive,
  };
};

const onlySuperadminsTouchSuperadmins: Refusal = { code: 'FORBIDDEN', problem: 'Only a superadmin may change a superadmin.' };
const onlySuperadminsGrantSuperadmin: Refusal = { code: 'FORBIDDEN', problem: 'Only a superadmin may make someone a superadmin.' };

/** Why the actor may not edit this person at all, or null. */
export const refuseEdit = (actor: Actor, subject: Subject): Refusal | null =>
  mayTouch(actor, subject) ? null : onlySuperadminsTouchSuperadmins;

/** Why the actor may not give a new person this role, or null. */
export const refuseNewPersonRole = (actor: Actor, role: Role): Refusal | null =>
  assignableRoles(actor).includes(role) ? null : onlySuperadminsGrantSuperadmin;

/** Why the actor may not change this person's role to `role`, or null when they may (or nothing changes). */
export const refuseRoleChange = (actor: Actor, subject: Subject, role: Role, facts: OrganizationFacts): Refusal | null => {
  if (role === subject.role) return null;
  if (!mayTouch(actor, subject)) return onlySuperadminsTouchSuperadmins;
  if (isSelf(actor, subject)) return { code: 'CONFLICT', problem: 'You cannot change your own role; ask another admin.' };
  if (!assignableRoles(actor).includes(role)) return onlySuperadminsGrantSuperadmin;
  if (isLastActiveSuperadmin(subject, facts)) {
    return { code: 'CONFLICT', problem: 'This is the organization’s last active superadmin; make someone else a superadmin first.' };
  }
  return null;
};

/** Why the actor may not deactivate this person, or null. */
export const refuseDeactivation = (actor: Actor, subject: Subject, facts: OrganizationFacts): Refusal | null => {
  if (!mayTouch(actor, subject)) return onlySuperadminsTouchSuperadmins;
  if (isSelf(actor, subject)) return { code: 'CONFLICT', problem: 'You cannot deactivate yourself; ask another admin.' };
  if (isLastActiveSuperadmin(subject, facts)) {
    return { code: 'CONFLICT', problem: 'This is the organization’s last active superadmin; make someone else a superadmin first.' };
  }
  return null;
};
