import { type SQL, and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RiskBand } from '@vigil/contracts';
import { type Db, departments, people, riskPersonScores } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';

const managers = alias(people, 'managers');
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const score = sql<number>`coalesce(${riskPersonScores.score}, 0)`;

/** Score ranges of the bands (packages/contracts riskBand): low < 25 ≤ medium < 50 ≤ high < 75 ≤ critical. */
const bandRanges: Record<RiskBand, [number, number]> = { low: [0, 25], medium: [25, 50], high: [50, 75], critical: [75, 101] };

export type PeopleFilter = Readonly<{ visible: SQL; departmentId?: string; search?: string; band?: RiskBand }>;
/** The list's sort key: score (riskiest first), then id. */
export type PersonKey = readonly [number, string];

const columns = {
  id: people.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  jobTitle: people.jobTitle,
  departmentId: departments.id,
  departmentName: departments.name,
  managerId: managers.id,
  managerFirstName: managers.firstName,
  managerLastName: managers.lastName,
  score,
  breakdown: riskPersonScores.breakdown,
  computedAt: riskPersonScores.computedAt,
};
export type PersonInsightRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string | null;
  departmentId: string | null;
  departmentName: string | null;
  managerId: string | null;
  managerFirstName: string | null;
  managerLastName: string | null;
  score: number;
  breakdown: Record<string, unknown> | null;
  computedAt: Date | null;
};

/** Active people with their stored scores, as people insights read them; every query carries the viewer's condition. */
export const peopleInsightsRepository = (db: Db, scope: OrgScope) => {
  const base = (conditions: (SQL | undefined)[]) =>
    db
      .select(columns)
      .from(people)
      .leftJoin(riskPersonScores, eq(riskPersonScores.personId, people.id))
      .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
      .leftJoin(managers, and(eq(managers.organizationId, people.organizationId), eq(managers.id, people.managerId)))
      .where(and(eq(people.organizationId, scope.organizationId), eq(people.isActive, true), ...conditions));

  const filterConditions = (filter: PeopleFilter): (SQL | undefined)[] => {
    const conditions: (SQL | undefined)[] = [filter.visible];
    if (filter.departmentId) conditions.push(eq(people.departmentId, filter.departmentId));
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(or(ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern), ilike(people.email, pattern)));
    }
    return conditions;
  };

  /**
   * People with a score above 0, riskiest first: read from the scores' (organisation, score, person)
   * index, so a page costs its own rows however large the organisation is.
   */
  const scored = (filter: PeopleFilter, after: PersonKey | undefined, limit: number) => {
    const conditions = filterConditions(filter);
    conditions.push(eq(riskPersonScores.organizationId, scope.organizationId), sql`${riskPersonScores.score} > 0`);
    if (filter.band) {
      const [from, to] = bandRanges[filter.band];
      conditions.push(sql`${riskPersonScores.score} >= ${from} and ${riskPersonScores.score} < ${to}`);
    }
    if (after) conditions.push(sql`(${riskPersonScores.score} < ${after[0]} or (${riskPersonScores.score} = ${after[0]} and ${riskPersonScores.personId} > ${after[1]}))`);
    return db
      .select(columns)
      .from(riskPersonScores)
      .innerJoin(people, and(eq(people.id, riskPersonScores.personId), eq(people.organizationId, scope.organizationId), eq(people.isActive, true)))
      .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
      .leftJoin(managers, and(eq(managers.organizationId, people.organizationId), eq(managers.id, people.managerId)))
      .where(and(...conditions))
      .orderBy(sql`${riskPersonScores.score} desc`, asc(riskPersonScores.personId))
      .limit(limit) as Promise<PersonInsightRow[]>;
  };

  /** People at 0 (nothing counted, or everything decayed away), by id, after everyone above 0. */
  const unscored = (filter: PeopleFilter, afterId: string | undefined, limit: number) =>
    base([...filterConditions(filter), sql`coalesce(${riskPersonScores.score}, 0) = 0`, afterId ? sql`${people.id} > ${afterId}` : undefined])
      .orderBy(asc(people.id))
      .limit(limit) as Promise<PersonInsightRow[]>;

  return {
    /** Riskiest first, then by id; `after` continues after a row's key. */
    list: async (filter: PeopleFilter, after: PersonKey | undefined, limit: number): Promise<PersonInsightRow[]> => {
      // Score descending, id ascending: "after" means a lower score, or the same score and a greater id.
      const rows = !after || after[0] > 0 ? await scored(filter, after, limit) : [];
      if (rows.length === limit || (filter.band && filter.band !== 'low')) return rows;
      return [...rows, ...(await unscored(filter, after && after[0] === 0 ? after[1] : undefined, limit - rows.length))];
    },
    /** One person, if the viewer's condition lets them be seen. */
    find: async (visible: SQL, personId: string): Promise<PersonInsightRow | undefined> =>
      ((await base([visible, eq(people.id, personId)]).limit(1)) as PersonInsightRow[])[0],
  };
};
