import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, departments, people } from '@vigil/db';
import { afterKey, decodeCursor, readKeysetPage, timestampKeySchema } from '../../lib/keyset.ts';
import type { OrgScope } from '../../lib/scope.ts';

export type PeoplePageFilter = Readonly<{ email?: string; departmentId?: string; active?: boolean; cursor?: string; limit: number }>;

const pageKey = z.tuple([timestampKeySchema, z.uuid()]);

const columns = {
  id: people.id,
  email: people.email,
  firstName: people.firstName,
  lastName: people.lastName,
  role: people.role,
  departmentId: people.departmentId,
  departmentName: departments.name,
  managerId: people.managerId,
  jobTitle: people.jobTitle,
  employeeNumber: people.employeeNumber,
  isActive: people.isActive,
  source: people.source,
  createdAt: people.createdAt,
  updatedAt: people.updatedAt,
  sortKey: sql<string>`${people.createdAt}::text`,
};

export type PagePerson = Omit<Awaited<ReturnType<ReturnType<typeof pageRows>>>[number], 'sortKey'>;

const pageRows = (db: Db, scope: OrgScope, filter: PeoplePageFilter) => async (after: readonly [string, string] | undefined, limit: number) => {
  const conditions: SQL[] = [eq(people.organizationId, scope.organizationId)];
  if (filter.email) conditions.push(eq(sql`lower(${people.email})`, filter.email.toLowerCase()));
  if (filter.departmentId) conditions.push(eq(people.departmentId, filter.departmentId));
  if (filter.active !== undefined) conditions.push(eq(people.isActive, filter.active));
  if (after) conditions.push(afterKey([people.createdAt, people.id], after, 'asc'));
  return db
    .select(columns)
    .from(people)
    .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
    .where(and(...conditions))
    .orderBy(asc(people.createdAt), asc(people.id))
    .limit(limit);
};

/**
 * The organisation's people, oldest first, a page at a time by key (so a sync that walks all of
 * them neither repeats nor misses anyone added meanwhile), for a caller already allowed to read
 * them (the public API, by its key's scope).
 * @throws AppError VALIDATION_FAILED naming query.cursor for a cursor this list did not give.
 */
export const readPeoplePage = async (db: Db, scope: OrgScope, filter: PeoplePageFilter) => {
  const page = await readKeysetPage(
    pageRows(db, scope, filter),
    (row) => [row.sortKey, row.id] as const,
    filter.cursor ? decodeCursor(filter.cursor, pageKey, 'querystring.cursor') : undefined,
    filter.limit,
  );
  return { items: page.items.map(({ sortKey: _, ...person }): PagePerson => person), nextCursor: page.nextCursor };
};
