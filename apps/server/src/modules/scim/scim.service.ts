import { type ScimPatchOperation, ScimError as PatchError, scimPatch } from 'scim-patch';
import type { Db, Tx } from '@vigil/db';
import type { Actor, OrgScope } from '../../lib/scope.ts';
import { recordAuditAs } from '../audit-log/audit-log.service.ts';
import { createScopedLoginSync } from '../organization-users/organization-logins.ts';
import { appendProvisioningEvents, provisioningChangeOf } from '../events/provisioning-events.ts';
import { ScimError, invalidSyntax, invalidValue, isUuid, scimNotFound } from './scim-errors.ts';
import { groupFilterSql, parseFilter, userFilterSql } from './scim-filter.ts';
import { presentGroup, readGroupInput } from './scim-groups.presenter.ts';
import { type UserInput, booleanOf, listSchema, presentUser, readUserInput } from './scim-users.presenter.ts';
import { scimRepository } from './scim.repository.ts';

/** Who calls: the organisation, and its SCIM token as the actor every change is audited under. */
export type ScimCaller = { scope: OrgScope; actor: Actor; baseUrl: string };
export type ListQuery = { filter?: string; startIndex: number; count: number };


const listResponse = <T>(total: number, startIndex: number, items: T[]) => ({ schemas: [listSchema], totalResults: total, startIndex, itemsPerPage: items.length, Resources: items });

const audit = (db: Db | Tx, caller: ScimCaller, action: string, targetType: 'person' | 'department', targetId: string, details: Record<string, unknown>) =>
  recordAuditAs(db, caller.scope, caller.actor, { action, targetType, targetId, details });

/**
 * Entra ID's default mode says booleans as "True"/"False" and capitalises ops ("Replace"); its
 * compliant mode and Okta do not. Both read the same here.
 */
const normalisedOperations = (body: unknown): ScimPatchOperation[] => {
  const operations = (body as { Operations?: unknown })?.Operations;
  if (!Array.isArray(operations) || operations.length === 0) throw invalidSyntax('Operations must be a non-empty list of PATCH operations');
  return operations.map((operation: unknown) => {
    if (!operation || typeof operation !== 'object' || Array.isArray(operation)) throw invalidSyntax('Each PATCH operation is an object with op, path and value');
    refuseUnsafeNames(operation);
    return normalised(operation as Record<string, unknown>);
  });
};

/**
 * Names that reach JavaScript's object machinery (`__proto__`, `constructor`, `prototype`) are no
 * SCIM attribute: refused wherever they appear, in a path or as a key of a value (including the
 * dotted keys a path-less operation carries), before a PATCH library walks them.
 */
const unsafeName = /(^|[.:[\]\s"])(__proto__|constructor|prototype)($|[.:[\]\s"])/i;
const refuseUnsafeNames = (value: unknown, depth = 0): void => {
  if (depth > 10) throw invalidValue('PATCH values nest too deeply');
  if (typeof value === 'string' || value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (unsafeName.test(key)) throw new ScimError(400, `${key} is not an attribute`, 'invalidPath');
    if (key === 'path' && depth === 0 && typeof inner === 'string' && unsafeName.test(inner)) throw new ScimError(400, `${inner} is not an attribute path`, 'invalidPath');
    refuseUnsafeNames(inner, depth + 1);
  }
};

const normalised = (operation: Record<string, unknown>): ScimPatchOperation => {
  const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
  if (!['add', 'replace', 'remove'].includes(op)) throw invalidSyntax(`op must be add, replace or remove (got ${JSON.stringify(operation.op)})`);
  let value = operation.value;
  const path = typeof operation.path === 'string' ? operation.path : undefined;
  if (path?.toLowerCase() === 'active' && booleanOf(value) !== undefined) value = booleanOf(value);
  if (!path && value && typeof value === 'object' && !Array.isArray(value) && 'active' in value) value = { ...value, active: booleanOf((value as { active: unknown }).active) ?? (value as { active: unknown }).active };
  return { op, ...(path ? { path } : {}), ...(value !== undefined ? { value } : {}) } as ScimPatchOperation;
};

/**
 * Entra ID's default mode removes members with a list of values (`"value":[{"value":"<id>"}]`),
 * which a PATCH library compares as whole objects: each becomes the filter path RFC 7644 gives
 * for it, `members[value eq "<id>"]`.
 */
const byMemberValue = (operation: ScimPatchOperation): ScimPatchOperation[] => {
  if (operation.op !== 'remove' || operation.path?.toLowerCase() !== 'members' || !Array.isArray(operation.value)) return [operation];
  return (operation.value as { value?: unknown }[]).map((member) => {
    if (typeof member?.value !== 'string' || /["\\]/.test(member.value)) throw invalidValue('members to remove are listed as { "value": "<User id>" }');
    return { op: 'remove', path: `members[value eq "${member.value}"]` };
  });
};

/** Applies PATCH operations with a well-kept implementation; its refusals become SCIM 400s with their scimType. */
const applyPatch = <T extends Record<string, unknown>>(resource: T, operations: ScimPatchOperation[]): T => {
  try {
    return scimPatch(resource as never, operations, { mutateDocument: false, treatMissingAsAdd: true }) as T;
  } catch (error) {
    if (error instanceof PatchError) throw new ScimError(400, error.message, ((error as { scimCode?: string }).scimCode as never) ?? 'invalidValue');
    // The library's own failures on a path it cannot walk (userName.x on a string) are the request's too.
    throw new ScimError(400, `The PATCH could not be applied: ${error instanceof Error ? error.message : 'invalid path'}`, 'invalidPath');
  }
};

/**
 * SCIM manages plain users. An admin, manager or superadmin of the organisation is changed in Vigil
 * only, under its people rules: a token an admin issued must not move a superadmin's login to
 * another mailbox, deactivate the last superadmin, or detach an admin's login.
 */
const refuseAdmins = (person: { role: string; email: string }) => {
  if (person.role !== 'User') throw new ScimError(403, `${person.email} has the role ${person.role} in Vigil: people with a role are changed in Vigil (Organization Settings › Users), not over SCIM`);
};

const checkVersion = (current: { meta: { version: string } }, ifMatch: string | undefined) => {
  if (ifMatch && ifMatch !== '*' && !ifMatch.split(',').map((tag) => tag.trim()).includes(current.meta.version)) {
    throw new ScimError(412, 'The resource changed since you read it (If-Match does not match its version)');
  }
};

export const scimService = (db: Db, caller: ScimCaller) => {
  const { scope, baseUrl } = caller;

  const getUser = async (id: string) => {
    const person = isUuid(id) ? await scimRepository(db, scope).findUser(id) : undefined;
    if (!person) throw scimNotFound('User', id);
    return presentUser(person, baseUrl);
  };

  /** Writes what a User resource says onto a person (new or existing), in the caller's transaction. */
  const writeUser = async (tx: Db | Tx, input: UserInput, existing: (Parameters<typeof provisioningChangeOf>[1] & { email: string; authUserId: string | null }) | undefined) => {
    const person = await writePerson(tx, input, existing);
    // In the same transaction: webhooks and the integrations page never hear of a change that rolled back.
    const change = provisioningChangeOf(existing, person);
    if (change) await appendProvisioningEvents(tx, scope, 'scim', [change]);
    return person;
  };

  const writePerson = async (tx: Db | Tx, input: UserInput, existing: { id: string; email: string; authUserId: string | null; isActive: boolean } | undefined) => {
    const repository = scimRepository(tx, scope);
    const managerId = input.managerId?.toLowerCase() ?? null;
    if (managerId && (!isUuid(managerId) || !(await repository.personExists(managerId)))) throw invalidValue(`manager ${input.managerId} is not a User of this organization`);
    // Nobody manages themself, directly or up the line (a loop would widen who sees whom).
    if (existing && managerId && (await repository.managesUpTo(managerId, existing.id))) throw invalidValue('the manager would report to this person: a reporting line cannot loop');
    const departmentId = input.departmentName ? await repository.departmentNamed(input.departmentName) : null;
    const fields = {
      email: input.email,
      scimUserName: input.userName,
      externalId: input.externalId,
      firstName: input.firstName,
      lastName: input.lastName,
      jobTitle: input.jobTitle,
      phone: input.phone,
      timeZone: input.timeZone,
      preferredLanguage: input.preferredLanguage,
      employeeNumber: input.employeeNumber,
      departmentId,
      managerId,
      source: 'scim' as const,
      scimDeletedAt: null,
      ...(input.active === undefined ? {} : { isActive: input.active }),
    };
    const logins = createScopedLoginSync(tx, scope);
    if (!existing) {
      // An address that already signs in elsewhere keeps its one login: the person is made without one (as an import does).
      const takenElsewhere = (await logins.findEmailsTakenByOthers([{ email: input.email, authUserId: null }])).size > 0;
      const id = crypto.randomUUID();
      const person = await repository.insertPerson({ id, ...fields, role: 'User', authUserId: takenElsewhere ? null : id, isActive: input.active ?? true });
      if (person.authUserId) {
        await logins.syncLogins([{ authUserId: person.authUserId, email: person.email, firstName: person.firstName, lastName: person.lastName, role: 'User' }]);
        if (!person.isActive) await logins.disableLogin(person.authUserId);
      }
      return person;
    }
    if (input.email.toLowerCase() !== existing.email.toLowerCase() && (await repository.emailTakenByOther(input.email, existing.id))) {
      throw new ScimError(409, `Another person of this organization has the address ${input.email}`, 'uniqueness');
    }
    const person = (await repository.updatePerson(existing.id, fields))!;
    if (person.authUserId) {
      const emailChanged = person.email.toLowerCase() !== existing.email.toLowerCase();
      if (emailChanged && (await logins.findEmailsTakenByOthers([{ email: person.email, authUserId: person.authUserId }])).size > 0) {
        // The new address signs in as someone else: the old login stops, as a person edited by hand would.
        await logins.detachLogin(person.authUserId);
        await repository.updatePerson(person.id, { authUserId: null });
      } else {
        await logins.syncLogins([{ authUserId: person.authUserId, email: person.email, firstName: person.firstName, lastName: person.lastName, role: person.role }], { emailChanged });
        // Deprovisioning ends every session and refresh family at once; reactivation lets the login sign in again.
        if (existing.isActive && !person.isActive) await logins.disableLogin(person.authUserId);
        if (!existing.isActive && person.isActive) await logins.enableLogin(person.authUserId);
      }
    }
    return person;
  };

  const changeUser = async (id: string, next: (current: ReturnType<typeof presentUser>) => Record<string, unknown>, ifMatch: string | undefined, action: string) => {
    const current = await getUser(id);
    checkVersion(current, ifMatch);
    const input = readUserInput(next(current));
    await db.transaction(async (tx) => {
      const existing = await scimRepository(tx, scope).findUser(id);
      if (!existing) throw scimNotFound('User', id);
      refuseAdmins(existing);
      const person = await writeUser(tx, input, existing);
      await audit(tx, caller, action, 'person', person.id, {
        email: person.email,
        externalId: person.externalId,
        ...(existing.isActive !== person.isActive ? { active: person.isActive } : {}),
      });
    });
    return getUser(id);
  };

  const getGroup = async (id: string, withMembers = true) => {
    const repository = scimRepository(db, scope);
    const group = isUuid(id) ? await repository.findGroup(id) : undefined;
    if (!group) throw scimNotFound('Group', id);
    return presentGroup(group, withMembers ? await repository.membersOf([group.id]) : undefined, baseUrl);
  };

  /** Members named by a Group resource: people of this organisation, or a 400 naming the stranger. */
  const memberIds = async (tx: Db | Tx, members: { value: string }[]) => {
    const ids = [...new Set(members.map((member) => member.value))];
    const unknown = ids.filter((id) => !isUuid(id));
    const found = new Set(await scimRepository(tx, scope).existingPeople(ids.filter(isUuid)));
    const strangers = [...unknown, ...ids.filter((id) => isUuid(id) && !found.has(id))];
    if (strangers.length) throw invalidValue(`members ${strangers.join(', ')} are not Users of this organization`);
    return ids;
  };

  const changeGroup = async (id: string, next: (current: ReturnType<typeof presentGroup>) => Record<string, unknown>, ifMatch: string | undefined, action: string) => {
    if (!isUuid(id)) throw scimNotFound('Group', id);
    await db.transaction(async (tx) => {
      const repository = scimRepository(tx, scope);
      // Read and written under the department's row lock: two PATCHes of one group never lose each other's members.
      const group = await repository.lockGroup(id);
      if (!group) throw scimNotFound('Group', id);
      const current = presentGroup(group, await repository.membersOf([id]), baseUrl);
      checkVersion(current, ifMatch);
      const input = readGroupInput(next(current));
      if (await repository.groupNameTaken(input.displayName, id)) throw new ScimError(409, `Another group (or a department kept for past campaigns) is named ${input.displayName}`, 'uniqueness');
      await repository.updateGroup(id, { name: input.displayName, externalId: input.externalId });
      if (input.members) await repository.setMembers(id, await memberIds(tx, input.members));
      await audit(tx, caller, action, 'department', id, { displayName: input.displayName, members: input.members?.length });
    });
    return getGroup(id);
  };

  return {
    getUser,
    listUsers: async ({ filter, startIndex, count }: ListQuery) => {
      const where = filter ? userFilterSql(parseFilter(filter)) : undefined;
      const { total, items } = await scimRepository(db, scope).listUsers(where, startIndex - 1, count);
      return listResponse(total, startIndex, items.map((person) => presentUser(person, baseUrl)));
    },
    /**
     * Creates a person (role User) with a login, brings back one a SCIM client deleted, or adopts a
     * plain user added before provisioning. An address or external id held otherwise (a SCIM-managed
     * person, someone with a role) is a conflict (409 uniqueness).
     */
    createUser: async (body: Record<string, unknown>) => {
      const input = readUserInput(body);
      const id = await db.transaction(async (tx) => {
        const claimants = await scimRepository(tx, scope).findClaimant(input.email, input.externalId);
        const [claimant] = claimants;
        // One person holds the address: someone a SCIM client deleted comes back; a plain user added
        // by hand or by import before provisioning was turned on is adopted (the identity provider
        // manages them from now on). Anyone else is a conflict.
        const revived = claimants.length === 1 && claimant!.scimDeletedAt ? claimant : undefined;
        const adopted = claimants.length === 1 && !revived && claimant!.source !== 'scim' && claimant!.role === 'User' && !claimant!.externalId ? claimant : undefined;
        if (claimants.length && !revived && !adopted) throw new ScimError(409, `A User with the address ${input.email}${input.externalId ? ` or the externalId ${input.externalId}` : ''} already exists`, 'uniqueness');
        const person = await writeUser(tx, { ...input, active: input.active ?? true }, revived ?? adopted);
        const action = revived ? 'scim.user.restore' : adopted ? 'scim.user.adopt' : 'scim.user.create';
        await audit(tx, caller, action, 'person', person.id, { email: person.email, externalId: person.externalId, active: person.isActive });
        return person.id;
      });
      return getUser(id);
    },
    /** PUT: the resource as sent, except that a PUT without `active` leaves the person active or not as they were. */
    replaceUser: (id: string, body: Record<string, unknown>, ifMatch?: string) => changeUser(id, () => body, ifMatch, 'scim.user.replace'),
    patchUser: (id: string, body: unknown, ifMatch?: string) => {
      const operations = normalisedOperations(body);
      return changeUser(id, (current) => applyPatch(current, operations), ifMatch, 'scim.user.patch');
    },
    /**
     * DELETE: the person is deactivated (every session ends), keeps their history for reports and
     * is no longer a SCIM resource; a later create with their address brings them back.
     */
    deleteUser: async (id: string) => {
      await getUser(id);
      await db.transaction(async (tx) => {
        const repository = scimRepository(tx, scope);
        const existing = await repository.findUser(id);
        if (!existing) throw scimNotFound('User', id);
        refuseAdmins(existing);
        const person = (await repository.updatePerson(id, { isActive: false, scimDeletedAt: new Date() }))!;
        if (person.authUserId) await createScopedLoginSync(tx, scope).disableLogin(person.authUserId);
        if (existing.isActive) await appendProvisioningEvents(tx, scope, 'scim', [{ type: 'person_deprovisioned', personId: id }]);
        await audit(tx, caller, 'scim.user.delete', 'person', id, { email: person.email, externalId: person.externalId });
      });
    },

    getGroup: (id: string, { excludeMembers = false } = {}) => getGroup(id, !excludeMembers),
    listGroups: async ({ filter, startIndex, count }: ListQuery, { excludeMembers = false } = {}) => {
      const repository = scimRepository(db, scope);
      const where = filter ? groupFilterSql(parseFilter(filter)) : undefined;
      const { total, items } = await repository.listGroups(where, startIndex - 1, count);
      const members = excludeMembers ? undefined : await repository.membersOf(items.map((group) => group.id));
      return listResponse(total, startIndex, items.map((group) => presentGroup(group, members?.filter((member) => member.groupId === group.id), baseUrl)));
    },
    createGroup: async (body: Record<string, unknown>) => {
      const input = readGroupInput(body);
      const id = await db.transaction(async (tx) => {
        const repository = scimRepository(tx, scope);
        const group = await repository.insertGroup(input.displayName, input.externalId);
        if (!group) throw new ScimError(409, `A group named ${input.displayName} already exists`, 'uniqueness');
        if (input.members?.length) await repository.setMembers(group.id, await memberIds(tx, input.members));
        await audit(tx, caller, 'scim.group.create', 'department', group.id, { displayName: input.displayName, members: input.members?.length ?? 0 });
        return group.id;
      });
      return getGroup(id);
    },
    replaceGroup: (id: string, body: Record<string, unknown>, ifMatch?: string) => changeGroup(id, () => body, ifMatch, 'scim.group.replace'),
    patchGroup: (id: string, body: unknown, ifMatch?: string) => {
      const operations = normalisedOperations(body).flatMap(byMemberValue);
      return changeGroup(
        id,
        (current) => {
          const patched = applyPatch({ ...current, members: current.members ?? [] }, operations);
          // Removing the last member leaves no `members` at all: the group is then empty.
          return { ...patched, members: patched.members ?? [] };
        },
        ifMatch,
        'scim.group.patch',
      );
    },
    deleteGroup: async (id: string) => {
      await getGroup(id, false);
      await db.transaction(async (tx) => {
        await scimRepository(tx, scope).deleteGroup(id);
        await audit(tx, caller, 'scim.group.delete', 'department', id, {});
      });
    },
  };
};
