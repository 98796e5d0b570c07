import { describe, expect, it } from 'vitest';
import type { Role } from '@vigil/contracts';
import { assignableRoles, refuseDeactivation, refuseRoleChange, userAbilities } from './organization-users.policy.ts';

const actor = (role: Role) => ({ personId: 'me', role });
const subject = (role: Role, id = 'them', isActive = true) => ({ id, role, isActive });
const two = { activeSuperadmins: 2 };
const one = { activeSuperadmins: 1 };

describe('organisation users policy', () => {
  it.each([
    // actor, subject, facts → edit, changeRole, deactivate, reactivate
    ['Admin', subject('User'), two, { edit: true, changeRole: true, deactivate: true, reactivate: false }],
    ['Admin', subject('Admin'), two, { edit: true, changeRole: true, deactivate: true, reactivate: false }],
    ['Admin', subject('Superadmin'), two, { edit: false, changeRole: false, deactivate: false, reactivate: false }],
    ['Superadmin', subject('Superadmin'), two, { edit: true, changeRole: true, deactivate: true, reactivate: false }],
    ['Superadmin', subject('Superadmin'), one, { edit: true, changeRole: false, deactivate: false, reactivate: false }],
    ['Superadmin', subject('Superadmin', 'me'), two, { edit: true, changeRole: false, deactivate: false, reactivate: false }],
    ['Admin', subject('User', 'them', false), two, { edit: true, changeRole: true, deactivate: false, reactivate: true }],
    ['Manager', subject('User'), two, { edit: false, changeRole: false, deactivate: false, reactivate: false }],
  ] as const)('%s acting on %o with %o may %o', (role, target, facts, abilities) => {
    expect(userAbilities(actor(role), target, facts)).toEqual(abilities);
  });

  it('lets only a superadmin grant Superadmin', () => {
    expect(assignableRoles(actor('Admin'))).toEqual(['Admin', 'Manager', 'User']);
    expect(assignableRoles(actor('Superadmin'))).toEqual(['Superadmin', 'Admin', 'Manager', 'User']);
    expect(refuseRoleChange(actor('Admin'), subject('User'), 'Superadmin', two)?.code).toBe('FORBIDDEN');
    expect(refuseRoleChange(actor('Superadmin'), subject('User'), 'Superadmin', two)).toBeNull();
  });

  it('keeps an active superadmin and keeps people from locking themselves out', () => {
    expect(refuseRoleChange(actor('Superadmin'), subject('Superadmin'), 'Admin', one)?.code).toBe('CONFLICT');
    expect(refuseDeactivation(actor('Superadmin'), subject('Superadmin'), one)?.code).toBe('CONFLICT');
    expect(refuseDeactivation(actor('Admin'), subject('Admin', 'me'), two)?.code).toBe('CONFLICT');
    // An inactive superadmin is not the one keeping the organisation reachable.
    expect(refuseRoleChange(actor('Superadmin'), subject('Superadmin', 'them', false), 'Admin', one)).toBeNull();
  });
});
