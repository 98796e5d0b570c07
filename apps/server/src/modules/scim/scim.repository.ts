import { type SQL, and, asc, count, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Tx, campaignRecipients, departments, people } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import type { UserView } from './scim-users.presenter.ts';

const managers = alias(people, 'managers');

/**
 * SCIM's rows of one organisation: its people (those a SCIM client deleted are not resources any
 * more) and its departments, which SCIM sees as groups.
 */
export const scimRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(people.organizationId, scope.organizationId);
  const userRows = (where: SQL | undefined) =>
    db
      .select({ person: people, departmentName: departments.name, managerFirst: managers.firstName, managerLast: managers.lastName })
      .from(people)
      .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
      .leftJoin(managers, and(eq(managers.organizationId, people.organizationId), eq(managers.id, people.managerId)))
      .where(and(inOrganization, isNull(people.scimDeletedAt), where));
  const asView = (row: { person: typeof people.$inferSelect; departmentName: string | null; managerFirst: string | null; managerLast: string | null }): UserView => ({
    ...row.person,
    departmentName: row.departmentName,
    managerName: row.managerFirst === null ? null : `${row.managerFirst} ${row.managerLast ?? ''}`.trim(),
  });

  return {
    findUser: async (id: string) => {
      const [row] = await userRows(eq(people.id, id)).limit(1);
      return row ? asView(row) : undefined;
    },
    listUsers: async (where: SQL | undefined, offset: number, limit: number) => {
      const [total] = await db.select({ n: count() }).from(people).where(and(inOrganization, isNull(people.scimDeletedAt), where));
      const rows = limit > 0 ? await userRows(where).orderBy(asc(people.createdAt), asc(people.id)).offset(offset).limit(limit) : [];
      return { total: total?.n ?? 0, items: rows.map(asView) };
    },
    /** Anyone of the organisation with this address or external id, deleted over SCIM or not (a create revives them). */
    findClaimant: async (email: string, externalId: string | null) =>
      (
        await db
          .select()
          .from(people)
          .where(and(inOrganization, externalId ? sql`(lower(${people.email}) = ${email.toLowerCase()} or ${people.externalId} = ${externalId})` : sql`lower(${people.email}) = ${email.toLowerCase()}`))
          .limit(2)
      ),
    /** Another person of the organisation with this address (a change of address must not take someone else's). */
    emailTakenByOther: async (email: string, id: string) =>
      (await db.select({ id: people.id }).from(people).where(and(inOrganization, ne(people.id, id), sql`lower(${people.email}) = ${email.toLowerCase()}`)).limit(1)).length > 0,
    personExists: async (id: string) => (await db.select({ id: people.id }).from(people).where(and(inOrganization, eq(people.id, id), isNull(people.scimDeletedAt))).limit(1)).length > 0,
    /** Whether walking up from `managerId` through managers reaches `personId` (that manager is the person, or reports to them). */
    managesUpTo: async (managerId: string, personId: string) => {
      let current: string | null = managerId;
      for (let hop = 0; current && hop < 100; hop++) {
        if (current === personId) return true;
        const [row] = await db.select({ managerId: people.managerId }).from(people).where(and(inOrganization, eq(people.id, current))).limit(1);
        current = row?.managerId ?? null;
      }
      return false;
    },
    /** The department of this name, made when it does not exist yet. */
    departmentNamed: async (name: string) => {
      const [found] = await db
        .select({ id: departments.id, deleted: departments.scimDeletedAt })
        .from(departments)
        .where(and(eq(departments.organizationId, scope.organizationId), sql`lower(${departments.name}) = ${name.toLowerCase()}`))
        .orderBy(asc(departments.createdAt))
        .limit(1);
      if (found?.deleted) await db.update(departments).set({ scimDeletedAt: null }).where(eq(departments.id, found.id));
      if (found) return found.id;
      const [made] = await db.insert(departments).values({ organizationId: scope.organizationId, name }).onConflictDoNothing().returning({ id: departments.id });
      if (made) return made.id;
      return (await db.select({ id: departments.id }).from(departments).where(and(eq(departments.organizationId, scope.organizationId), eq(departments.name, name))).limit(1))[0]!.id;
    },
    insertPerson: async (values: Omit<typeof people.$inferInsert, 'organizationId'>) => (await db.insert(people).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,
    updatePerson: async (id: string, values: Partial<typeof people.$inferInsert>) =>
      (await db.update(people).set({ ...values, updatedAt: new Date() }).where(and(inOrganization, eq(people.id, id))).returning())[0],

    // Groups: the organisation's departments.
    findGroup: async (id: string) =>
      (await db.select().from(departments).where(and(eq(departments.organizationId, scope.organizationId), eq(departments.id, id), isNull(departments.scimDeletedAt))).limit(1))[0],
    listGroups: async (where: SQL | undefined, offset: number, limit: number) => {
      const condition = and(eq(departments.organizationId, scope.organizationId), isNull(departments.scimDeletedAt), where);
      const [total] = await db.select({ n: count() }).from(departments).where(condition);
      const items = limit > 0 ? await db.select().from(departments).where(condition).orderBy(asc(departments.createdAt), asc(departments.id)).offset(offset).limit(limit) : [];
      return { total: total?.n ?? 0, items };
    },
    /** The members of these groups, for their `members` attribute. */
    membersOf: async (groupIds: string[]) =>
      groupIds.length
        ? db
            .select({ groupId: people.departmentId, id: people.id, firstName: people.firstName, lastName: people.lastName })
            .from(people)
            .where(and(inOrganization, inArray(people.departmentId, groupIds), isNull(people.scimDeletedAt)))
            .orderBy(asc(people.lastName), asc(people.firstName))
        : Promise.resolve([]),
    /** A group, its row locked for the rest of the transaction. */
    lockGroup: async (id: string) =>
      (await db.select().from(departments).where(and(eq(departments.organizationId, scope.organizationId), eq(departments.id, id), isNull(departments.scimDeletedAt))).limit(1).for('update'))[0],
    /** Whether another department has this name (case aside), a kept one included: names are unique in the organisation. */
    groupNameTaken: async (name: string, exceptId?: string) =>
      (
        await db
          .select({ id: departments.id })
          .from(departments)
          .where(
            and(eq(departments.organizationId, scope.organizationId), sql`lower(${departments.name}) = ${name.toLowerCase()}`, ...(exceptId ? [ne(departments.id, exceptId)] : [])),
          )
          .limit(1)
      ).length > 0,
    /**
     * A new group, or a department a SCIM client deleted coming back under its name (case aside).
     * @returns undefined when a live department has the name
     */
    insertGroup: async (name: string, externalId: string | null) => {
      const [named] = await db
        .select()
        .from(departments)
        .where(and(eq(departments.organizationId, scope.organizationId), sql`lower(${departments.name}) = ${name.toLowerCase()}`))
        .orderBy(asc(departments.createdAt))
        .limit(1);
      if (named && !named.scimDeletedAt) return undefined;
      if (named) return (await db.update(departments).set({ externalId, scimDeletedAt: null }).where(eq(departments.id, named.id)).returning())[0];
      return (await db.insert(departments).values({ organizationId: scope.organizationId, name, externalId }).returning())[0];
    },
    updateGroup: async (id: string, values: { name?: string; externalId?: string | null }) =>
      (await db.update(departments).set(values).where(and(eq(departments.organizationId, scope.organizationId), eq(departments.id, id))).returning())[0],
    /** Sets who is in a group: these people join it; anyone else in it leaves (their department is cleared). */
    setMembers: async (groupId: string, personIds: string[]) => {
      await db
        .update(people)
        .set({ departmentId: null, updatedAt: new Date() })
        .where(and(inOrganization, eq(people.departmentId, groupId), ...(personIds.length ? [notInArray(people.id, personIds)] : [])));
      if (personIds.length) await db.update(people).set({ departmentId: groupId, updatedAt: new Date() }).where(and(inOrganization, inArray(people.id, personIds)));
    },
    /** The people of this organisation among these ids. */
    existingPeople: async (ids: string[]) =>
      ids.length ? (await db.select({ id: people.id }).from(people).where(and(inOrganization, inArray(people.id, ids), isNull(people.scimDeletedAt)))).map((row) => row.id) : [],
    /**
     * Deletes a group: its people leave it, and the department goes, unless past campaigns name it
     * (their reports keep it): then it stays, no longer a group.
     */
    deleteGroup: async (id: string) => {
      await db.update(people).set({ departmentId: null, updatedAt: new Date() }).where(and(inOrganization, eq(people.departmentId, id)));
      const where = and(eq(departments.organizationId, scope.organizationId), eq(departments.id, id));
      const [named] = await db.select({ id: campaignRecipients.id }).from(campaignRecipients).where(and(eq(campaignRecipients.organizationId, scope.organizationId), eq(campaignRecipients.departmentId, id))).limit(1);
      if (named) await db.update(departments).set({ scimDeletedAt: new Date(), externalId: null }).where(where);
      else await db.delete(departments).where(where);
    },
  };
};

export type ScimRepository = ReturnType<typeof scimRepository>;
