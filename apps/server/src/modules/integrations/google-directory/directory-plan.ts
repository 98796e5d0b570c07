import type { GoogleDirectoryFieldChange } from '@vigil/db';
import type { DirectoryUser } from './directory-user.ts';

/** A person of the organisation as the plan compares them (department and manager by name and address too). */
export type PersonSnapshot = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phone: string | null;
  preferredLanguage: string | null;
  employeeNumber: string | null;
  departmentId: string | null;
  managerId: string | null;
  isActive: boolean;
  source: string;
  externalId: string | null;
  role: string;
  authUserId: string | null;
};

export type DepartmentSnapshot = { id: string; name: string };

/** What Google keeps for a person it manages: the values written onto the row. */
export type ManagedValues = {
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phone: string | null;
  preferredLanguage: string | null;
  employeeNumber: string | null;
  /** Null: no department; a department is named (made when it does not exist yet). */
  departmentName: string | null;
  managerId: string | null;
  isActive: boolean;
};

export type PlannedChange = {
  kind: 'created' | 'updated' | 'deactivated' | 'reactivated';
  /** A fresh id for someone created. */
  personId: string;
  googleUserId: string;
  email: string;
  existing: PersonSnapshot | undefined;
  /** What the row becomes. */
  values: ManagedValues;
  fields: GoogleDirectoryFieldChange[];
  /** A person added by hand or imported that Google manages from now on. */
  adopted: boolean;
};

export type PlannedSkip = { googleUserId: string; email: string; personId: string | null; reason: string };

export type DirectoryPlan = {
  usersSeen: number;
  enrolledIn2Sv: number;
  /** Creations first, managers before the people who report to them; then the other changes. */
  changes: PlannedChange[];
  skipped: PlannedSkip[];
  unchanged: number;
  /** Department names the run makes. */
  newDepartments: string[];
};

const lower = (value: string) => value.toLowerCase();

/**
 * What a sync would do, computed from Google's users and the organisation's people, without
 * writing anything (a dry run stores it as it is; a real run applies it).
 *
 * - A user is matched to the person Google made for them (their Google id), else to the person
 *   with their address: a plain user added by hand, by import, by single sign-on or the demo is
 *   adopted (Google manages them from then on). People SCIM manages, people with a role in Vigil
 *   (admins and managers are changed in Vigil only) and people linked to another directory are
 *   skipped, as is a change of address to one another person has.
 * - A suspended or archived user is deactivated; one Google lists again is reactivated. A
 *   suspended user Vigil does not know is not created.
 * - Managers are resolved by address once every user is known (people Google does not list
 *   included); a manager that would make a reporting line loop is left out.
 * - With `deactivateMissing`, people Google made who are no longer listed are deactivated
 *   (never when Google listed nobody at all: an empty answer is more likely a wrong scope).
 * - Someone whose values are all as Google says is unchanged: nothing is written for them.
 */
export const planDirectorySync = (
  users: readonly DirectoryUser[],
  people: readonly PersonSnapshot[],
  departments: readonly DepartmentSnapshot[],
  options: { deactivateMissing: boolean; newId?: () => string },
): DirectoryPlan => {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const byGoogleId = new Map(people.filter((person) => person.source === 'google' && person.externalId).map((person) => [person.externalId!, person]));
  const byEmail = new Map(people.map((person) => [lower(person.email), person]));
  const byId = new Map(people.map((person) => [person.id, person]));
  const departmentById = new Map(departments.map((department) => [department.id, department.name]));
  const departmentByName = new Map(departments.map((department) => [lower(department.name), department]));

  const skipped: PlannedSkip[] = [];
  type Matched = { user: DirectoryUser; existing: PersonSnapshot | undefined; personId: string; adopted: boolean };
  const matched: Matched[] = [];
  const listedIds = new Set<string>();

  for (const user of users) {
    listedIds.add(user.googleUserId);
    const linked = byGoogleId.get(user.googleUserId);
    const holder = byEmail.get(user.email);
    const skip = (reason: string, person?: PersonSnapshot) => skipped.push({ googleUserId: user.googleUserId, email: user.email, personId: person?.id ?? null, reason });
    if (linked) {
      if (linked.role !== 'User') skip(`has the role ${linked.role} in Vigil: people with a role are changed in Vigil only`, linked);
      else if (holder && holder.id !== linked.id) skip(`Google changed the address to ${user.email}, which another person of this organization has`, linked);
      else matched.push({ user, existing: linked, personId: linked.id, adopted: false });
      continue;
    }
    if (!holder) {
      // Nothing to deactivate: a suspended user Vigil never had is left out.
      if (user.active) matched.push({ user, existing: undefined, personId: newId(), adopted: false });
      continue;
    }
    if (holder.source === 'scim') skip('is provisioned over SCIM by your identity provider, which keeps their details', holder);
    else if (holder.role !== 'User') skip(`has the role ${holder.role} in Vigil: people with a role are changed in Vigil only`, holder);
    else if (holder.source !== 'google' && holder.externalId) skip('is linked to another directory', holder);
    else matched.push({ user, existing: holder, personId: holder.id, adopted: true });
  }

  // Managers by address: everyone the organisation has, and everyone this run creates.
  const idByEmail = new Map([...byEmail].map(([email, person]) => [email, person.id]));
  for (const entry of matched) if (!entry.existing) idByEmail.set(entry.user.email, entry.personId);
  const emailById = new Map([...idByEmail].map(([email, id]) => [id, email]));
  const managerOf = new Map(people.map((person) => [person.id, person.managerId]));
  for (const entry of matched) managerOf.set(entry.personId, entry.user.managerEmail ? (idByEmail.get(entry.user.managerEmail) ?? null) : null);
  // A line that loops back to the person (Google allows it; Vigil's reporting lines must not) loses its last link.
  const loops = (personId: string) => {
    let current = managerOf.get(personId) ?? null;
    for (let hop = 0; current && hop < 1000; hop++) {
      if (current === personId) return true;
      current = managerOf.get(current) ?? null;
    }
    return false;
  };
  for (const entry of matched) if (loops(entry.personId)) managerOf.set(entry.personId, null);

  const newDepartments = new Map<string, string>();
  const changes: PlannedChange[] = [];
  let unchanged = 0;
  for (const { user, existing, personId, adopted } of matched) {
    const department = user.departmentName ? departmentByName.get(lower(user.departmentName)) : undefined;
    if (user.departmentName && !department) newDepartments.set(lower(user.departmentName), user.departmentName);
    const values: ManagedValues = {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      jobTitle: user.jobTitle,
      phone: user.phone,
      preferredLanguage: user.preferredLanguage,
      employeeNumber: user.employeeNumber,
      departmentName: department?.name ?? user.departmentName,
      managerId: managerOf.get(personId) ?? null,
      isActive: user.active,
    };
    const fields: GoogleDirectoryFieldChange[] = [];
    const compare = (field: string, before: string | boolean | null, after: string | boolean | null, same = before === after) => {
      if (!same) fields.push({ field, before, after });
    };
    const before = existing;
    compare('email', before?.email ?? null, values.email, before ? lower(before.email) === values.email : false);
    compare('firstName', before?.firstName ?? null, values.firstName);
    compare('lastName', before?.lastName ?? null, values.lastName);
    compare('jobTitle', before?.jobTitle ?? null, values.jobTitle);
    compare('phone', before?.phone ?? null, values.phone);
    compare('preferredLanguage', before?.preferredLanguage ?? null, values.preferredLanguage);
    compare('employeeNumber', before?.employeeNumber ?? null, values.employeeNumber);
    const departmentBefore = before?.departmentId ? (departmentById.get(before.departmentId) ?? null) : null;
    const departmentSame = values.departmentName === null ? (before?.departmentId ?? null) === null : Boolean(before && department && before.departmentId === department.id);
    compare('department', departmentBefore, values.departmentName, departmentSame);
    const managerEmailOf = (id: string | null) => (id ? (emailById.get(id) ?? byId.get(id)?.email ?? null) : null);
    compare('manager', managerEmailOf(before?.managerId ?? null), managerEmailOf(values.managerId), (before?.managerId ?? null) === values.managerId);
    if (before) compare('active', before.isActive, values.isActive);
    if (adopted) fields.push({ field: 'source', before: before!.source, after: 'google' });

    if (before && fields.length === 0) {
      unchanged++;
      continue;
    }
    const kind = !before ? 'created' : before.isActive && !values.isActive ? 'deactivated' : !before.isActive && values.isActive ? 'reactivated' : 'updated';
    changes.push({ kind, personId, googleUserId: user.googleUserId, email: user.email, existing: before, values, fields, adopted });
  }

  if (options.deactivateMissing && users.length > 0) {
    for (const person of people) {
      if (person.source !== 'google' || !person.externalId || listedIds.has(person.externalId) || !person.isActive || person.role !== 'User') continue;
      const departmentName = person.departmentId ? (departmentById.get(person.departmentId) ?? null) : null;
      changes.push({
        kind: 'deactivated',
        personId: person.id,
        googleUserId: person.externalId,
        email: person.email,
        existing: person,
        values: { ...person, departmentName, isActive: false },
        fields: [{ field: 'active', before: true, after: false }],
        adopted: false,
      });
    }
  }

  return {
    usersSeen: users.length,
    enrolledIn2Sv: users.filter((user) => user.enrolledIn2Sv).length,
    changes: [...orderManagersFirst(changes.filter((change) => change.kind === 'created')), ...changes.filter((change) => change.kind !== 'created')],
    skipped,
    unchanged,
    newDepartments: [...newDepartments.values()],
  };
};

/** The share of the people Google manages that one sync may deactivate without the admin's confirmation. */
export const deactivationShare = 0.1;
/** Below this many, small directories are not held back for a leaver or two. */
export const deactivationFloor = 3;

/**
 * How many people one sync may deactivate without the admin's confirmation: a tenth of the active
 * people Google manages in Vigil, and never fewer than three. A listing that is only part of the
 * directory (a delegated admin whose role covers some org units, a narrowed domain or org unit)
 * would otherwise deactivate everyone it leaves out.
 */
export const deactivationSafetyLimit = (people: readonly Pick<PersonSnapshot, 'isActive' | 'source'>[]) =>
  Math.max(deactivationFloor, Math.floor(people.filter((person) => person.isActive && person.source === 'google').length * deactivationShare));

/** Creations ordered so each manager comes before the people who report to them (the lines have no loops by now). */
const orderManagersFirst = (created: PlannedChange[]) => {
  const byId = new Map(created.map((change) => [change.personId, change]));
  const ordered: PlannedChange[] = [];
  const placed = new Set<string>();
  const place = (change: PlannedChange) => {
    const chain: PlannedChange[] = [];
    for (let current: PlannedChange | undefined = change; current && !placed.has(current.personId) && !chain.includes(current); current = current.values.managerId ? byId.get(current.values.managerId) : undefined) chain.push(current);
    for (const link of chain.reverse()) {
      placed.add(link.personId);
      ordered.push(link);
    }
  };
  for (const change of created) place(change);
  return ordered;
};
