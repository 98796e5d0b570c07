import { type SQL, and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { RiskBreakdown } from '@vigil/contracts';
import { type Db, type Tx, departments, events, people, riskPersonScores } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { type RiskPerson, factsFromEvents, riskEventTypes, scoreFromFacts } from './model.ts';
import { moveContribution, momentsOfTotals, readOrganizationTotals } from './risk-totals.ts';

type Reader = Db | Tx;

/** The events of one person that can move their score, in log order, up to `throughEventId` when given. */
const riskEventsOf = (db: Reader, scope: OrgScope, personId: string, throughEventId?: number) =>
  db
    .select({ id: events.id, type: events.type, occurredAt: events.occurredAt, recipientId: events.recipientId, data: events.data })
    .from(events)
    .where(
      and(
        eq(events.organizationId, scope.organizationId),
        eq(events.personId, personId),
        inArray(events.type, riskEventTypes),
        throughEventId === undefined ? undefined : lte(events.id, throughEventId),
      ),
    )
    .orderBy(asc(events.id));

const personOf = async (db: Reader, scope: OrgScope, personId: string): Promise<(RiskPerson & { departmentId: string | null }) | undefined> => {
  const [row] = await db
    .select({ role: people.role, jobTitle: people.jobTitle, departmentId: people.departmentId })
    .from(people)
    .where(and(eq(people.organizationId, scope.organizationId), eq(people.id, personId)));
  return row;
};

/**
 * A person's score at `at` replayed from their event log alone (and their role and job title, for
 * the blast radius): what the projection stores, recomputed from nothing.
 */
export const replayPersonScore = async (db: Reader, scope: OrgScope, personId: string, at: Date, throughEventId?: number) => {
  const person = await personOf(db, scope, personId);
  if (!person) return undefined;
  const log = await riskEventsOf(db, scope, personId, throughEventId);
  return { breakdown: scoreFromFacts(factsFromEvents(log), person, at), lastEventId: log.at(-1)?.id ?? 0, departmentId: person.departmentId };
};

/**
 * Recomputes and stores one person's score at `at` from their log through `throughEventId`, and
 * moves their contribution in the group totals (risk-totals.ts) from what was stored to this.
 */
export const storePersonScore = async (tx: Tx, scope: OrgScope, personId: string, at: Date, throughEventId?: number) => {
  // One store of a person at a time (the consumer and the daily refresh may meet): the delta needs the row it replaces.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`risk:${personId}`}))`);
  const replayed = await replayPersonScore(tx, scope, personId, at, throughEventId);
  if (!replayed) return;
  const [before] = await tx
    .select({ breakdown: riskPersonScores.breakdown, departmentId: riskPersonScores.departmentId })
    .from(riskPersonScores)
    .where(and(eq(riskPersonScores.organizationId, scope.organizationId), eq(riskPersonScores.personId, personId)));
  const row = {
    organizationId: scope.organizationId,
    personId,
    score: replayed.breakdown.score,
    breakdown: replayed.breakdown as unknown as Record<string, unknown>,
    lastEventId: replayed.lastEventId,
    computedAt: at,
    departmentId: replayed.departmentId,
  };
  await tx.insert(riskPersonScores).values(row).onConflictDoUpdate({ target: riskPersonScores.personId, set: row });
  await moveContribution(tx, scope, before ? { breakdown: before.breakdown as unknown as RiskBreakdown, departmentId: before.departmentId } : undefined, { breakdown: replayed.breakdown, departmentId: replayed.departmentId }, at);
};

/** The stored scores of some people of the organisation. */
export const selectPersonRisk = async (db: Reader, scope: OrgScope, personIds: readonly string[]) => {
  if (personIds.length === 0) return [];
  const rows = await db
    .select()
    .from(riskPersonScores)
    .where(and(eq(riskPersonScores.organizationId, scope.organizationId), inArray(riskPersonScores.personId, [...personIds])));
  return rows.map((row) => ({ ...row, breakdown: row.breakdown as unknown as RiskBreakdown }));
};

type Moments = { mean: number; sd: number; n: number };
const momentsOf = (row: { mean: unknown; sd: unknown; n: unknown }): Moments => ({ mean: Number(row.mean ?? 0), sd: Number(row.sd ?? 0), n: Number(row.n ?? 0) });

/** Active people's scores (0 for a person nothing has counted against yet), within `condition` on people when given. */
const scoredPeople = (db: Reader, scope: OrgScope, condition?: SQL) =>
  db
    .select({ departmentId: people.departmentId, score: sql<number>`coalesce(${riskPersonScores.score}, 0)`.as('score') })
    .from(people)
    .leftJoin(riskPersonScores, eq(riskPersonScores.personId, people.id))
    .where(and(eq(people.organizationId, scope.organizationId), eq(people.isActive, true), condition))
    .as('scored');

/**
 * A group of the organisation's active people in aggregate (everyone, or those `condition` on people
 * selects) and each factor's points summed over them. Reads the projection only, never the event log.
 */
export const selectGroupRisk = async (db: Reader, scope: OrgScope, condition?: SQL) => {
  const scored = scoredPeople(db, scope, condition);
  const [overall] = await db
    .select({ mean: sql`avg(${scored.score})`, sd: sql`stddev_samp(${scored.score})`, n: sql`count(*)` })
    .from(scored);
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const drivers = (await db.execute(sql`
    select line->>'factor' as factor, sum((line->>'points')::real) as points, count(distinct ${riskPersonScores.personId}) as people
    from ${riskPersonScores}
    join ${people} on ${people.id} = ${riskPersonScores.personId} and ${people.isActive}
    cross join jsonb_array_elements(${riskPersonScores.breakdown}->'factors') as line
    where ${riskPersonScores.organizationId} = ${scope.organizationId} ${condition ? sql`and ${condition}` : sql``}
    group by 1`)) as unknown as { rows: { factor: string; points: unknown; people: unknown }[] };
  return { overall: momentsOf(overall ?? { mean: 0, sd: 0, n: 0 }), drivers: drivers.rows.map((row) => ({ factor: row.factor, points: Number(row.points), people: Number(row.people) })) };
};

/** The ids of the organisation's departments `condition` on departments selects. */
export const selectDepartmentIds = async (db: Reader, scope: OrgScope, condition: SQL) =>
  (await db.select({ id: departments.id }).from(departments).where(and(eq(departments.organizationId, scope.organizationId), condition))).map((row) => row.id);

/**
 * The organisation's active people's scores in aggregate, overall and by department, each factor's
 * points summed over them, and the overdue-lessons what-if: from the group totals the risk
 * projection keeps, a few rows, never every score.
 */
export const selectOrganizationRisk = async (db: Db, scope: OrgScope) => {
  const { overall, n, byDepartment, updatedAt } = await readOrganizationTotals(db, scope);
  const named = await db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.organizationId, scope.organizationId));
  return {
    overall: momentsOfTotals(overall, n),
    byDepartment: named.flatMap((department) => {
      const group = byDepartment.get(department.id);
      return group && group.n > 0 ? [{ id: department.id, name: department.name, ...momentsOfTotals(group.totals, group.n) }] : [];
    }),
    drivers: Object.entries(overall.factors).map(([factor, line]) => ({ factor, points: line.points, people: line.people })),
    overdue: { people: overall.overduePeople, drop: overall.overdueDrop },
    computedAt: updatedAt,
  };
};
