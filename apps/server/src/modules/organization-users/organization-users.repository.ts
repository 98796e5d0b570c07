import { type SQL, and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrganizationUsersQuery, PersonSource, Role, UserSortKey } from '@vigil/contracts';
import { type Db, type NewPerson, type Tx, departments, people } from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

const manager = alias(people, 'manager');

/** A person's own columns: what an import compares, and the base of every listed row. */
const personColumns = {
  id: people.id,
  authUserId: people.authUserId,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  role: people.role,
  departmentId: people.departmentId,
  managerId: people.managerId,
  startDate: people.startDate,
  jobTitle: people.jobTitle,
  phone: people.phone,
  timeZone: people.timeZone,
  preferredLanguage: people.preferredLanguage,
  isActive: people.isActive,
  source: people.source,
};

const listedColumns = {
  ...personColumns,
  departmentName: departments.name,
  managerFirstName: manager.firstName,
  managerLastName: manager.lastName,
  managerEmail: manager.email,
};

export type ListedPerson = {
  id: string;
  authUserId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  departmentId: string | null;
  managerId: string | null;
  startDate: string | null;
  jobTitle: string | null;
  phone: string | null;
  timeZone: string | null;
  preferredLanguage: string | null;
  isActive: boolean;
  source: PersonSource;
  departmentName: string | null;
  managerFirstName: string | null;
  managerLastName: string | null;
  managerEmail: string | null;
};

/** What the import compares a row with: a person's own columns. */
export type PersonForImport = Omit<ListedPerson, 'departmentName' | 'managerFirstName' | 'managerLastName' | 'managerEmail'>;

export type PeopleFilter = Pick<OrganizationUsersQuery, 'search' | 'role' | 'departmentId' | 'status'>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const orderFor = (sort: UserSortKey): SQL[] => {
  const direction = sort.startsWith('-') ? desc : asc;
  const byName = [direction(sql`lower(${people.firstName})`), direction(sql`lower(${people.lastName})`)];
  switch (sort.replace(/^-/, '')) {
    case 'email':
      return [direction(sql`lower(${people.email})`)];
    // The role enum is declared highest first, so ascending lists superadmins first.
    case 'role':
      return [direction(people.role), ...byName];
    case 'department':
      return [sql`${departments.name} ${sql.raw(sort.startsWith('-') ? 'desc' : 'asc')} nulls last`, ...byName];
    case 'startDate':
      return [sql`${people.startDate} ${sql.raw(sort.startsWith('-') ? 'desc' : 'asc')} nulls last`, ...byName];
    default:
      return byName;
  }
};

/**
 * People and departments of the caller's current organisation, for its admins. Every query is
 * limited to that organisation; department and manager joins stay inside it too.
 */
export const organizationUsersRepository = (db: Db | Tx, tenant: Tenant) => {
  const inOrg = eq(people.organizationId, tenant.organizationId);

  const filterBy = (filter: PeopleFilter) => {
    const conditions: SQL[] = [inOrg];
    if (filter.status === 'active') conditions.push(eq(people.isActive, true));
    if (filter.status === 'inactive') conditions.push(eq(people.isActive, false));
    if (filter.role) conditions.push(eq(people.role, filter.role));
    if (filter.departmentId === 'none') conditions.push(isNull(people.departmentId));
    else if (filter.departmentId) conditions.push(eq(people.departmentId, filter.departmentId));
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(or(ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern), ilike(people.email, pattern))!);
    }
    return and(...conditions);
  };

  const selectListed = () =>
    db
      .select(listedColumns)
      .from(people)
      .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
      .leftJoin(manager, and(eq(manager.organizationId, people.organizationId), eq(manager.id, people.managerId)));

  return {
    list: async (filter: PeopleFilter, sort: UserSortKey, page: { limit: number; offset: number }): Promise<ListedPerson[]> =>
      selectListed()
        .where(filterBy(filter))
        .orderBy(...orderFor(sort), asc(people.id))
        .limit(page.limit)
        .offset(page.offset),
    count: async (filter: PeopleFilter) => (await db.select({ value: count() }).from(people).where(filterBy(filter)))[0]?.value ?? 0,
    findById: async (id: string): Promise<ListedPerson | undefined> => (await selectListed().where(and(inOrg, eq(people.id, id))).limit(1))[0],
    findByEmail: async (email: string): Promise<ListedPerson | undefined> =>
      (await selectListed().where(and(inOrg, eq(sql`lower(${people.email})`, email.toLowerCase()))).limit(1))[0],
    /** Whether someone else of the organisation has this email (compared case-insensitively). */
    isEmailTaken: async (email: string, exceptId?: string) =>
      (
        await db
          .select({ id: people.id })
          .from(people)
          .where(and(inOrg, eq(sql`lower(${people.email})`, email.toLowerCase()), exceptId ? ne(people.id, exceptId) : undefined))
          .limit(1)
      ).length > 0,
    countActiveSuperadmins: async () =>
      (
        await db
          .select({ value: count() })
          .from(people)
          .where(and(inOrg, eq(people.role, 'Superadmin'), eq(people.isActive, true)))
      )[0]?.value ?? 0,
    /**
     * Inside a transaction: locks the organisation's active superadmins until it ends. Every change
     * that could take the last one away, or that depends on who is a superadmin, takes this lock
     * before reading, so such changes take turns and each reads what the one before committed.
     * Always in id order, so two of them never wait for each other.
     */
    lockActiveSuperadmins: async () => {
      await db
        .select({ id: people.id })
        .from(people)
        .where(and(inOrg, eq(people.role, 'Superadmin'), eq(people.isActive, true)))
        .orderBy(asc(people.id))
        .for('no key update');
    },
    /** Everyone of the organisation, with what an import compares. */
    listForImport: async (): Promise<PersonForImport[]> =>
      db
        .select(personColumns)
        .from(people)
        .where(inOrg),
    listAdmins: async (): Promise<ListedPerson[]> =>
      selectListed()
        .where(and(inOrg, inArray(people.role, ['Superadmin', 'Admin'])))
        .orderBy(asc(people.role), asc(sql`lower(${people.firstName})`), asc(sql`lower(${people.lastName})`), asc(people.id)),
    /** The manager of each of these people, for walking up a reporting line. */
    listManagerIds: async (ids: string[]) =>
      ids.length
        ? db
            .select({ id: people.id, managerId: people.managerId })
            .from(people)
            .where(and(inOrg, inArray(people.id, ids)))
        : [],
    insert: async (values: Omit<NewPerson, 'organizationId'>[]) => {
      for (let i = 0; i < values.length; i += 500) {
        await db.insert(people).values(values.slice(i, i + 500).map((v) => ({ ...v, organizationId: tenant.organizationId })));
      }
    },
    update: async (id: string, values: Partial<Omit<NewPerson, 'id' | 'organizationId'>>) =>
      (
        await db
          .update(people)
          .set({ ...values, updatedAt: new Date() })
          .where(and(inOrg, eq(people.id, id)))
          .returning({ id: people.id })
      )[0],
    listDepartments: async () =>
      db
        .select({
          id: departments.id,
          name: departments.name,
          peopleCount: sql<number>`count(${people.id}) filter (where ${people.isActive})::int`,
        })
        .from(departments)
        .leftJoin(people, and(eq(people.organizationId, departments.organizationId), eq(people.departmentId, departments.id)))
        .where(eq(departments.organizationId, tenant.organizationId))
        .groupBy(departments.id, departments.name)
        .orderBy(asc(sql`lower(${departments.name})`)),
    findDepartment: async (id: string) =>
      (
        await db
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(and(eq(departments.organizationId, tenant.organizationId), eq(departments.id, id)))
          .limit(1)
      )[0],
    insertDepartments: async (names: string[]) =>
      names.length
        ? db
            .insert(departments)
            .values(names.map((name) => ({ name, organizationId: tenant.organizationId })))
            .returning({ id: departments.id, name: departments.name })
        : [],
  };
};

export type OrganizationUsersRepository = ReturnType<typeof organizationUsersRepository>;
