import { type SQL, and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { RiskBreakdown } from '@vigil/contracts';
import { type Db, type Tx, departments, events, people, riskPersonScores } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { type RiskPerson, factsFromEvents, riskEventTypes, scoreFromFacts } from './model.ts';

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

const personOf = async (db: Reader, scope: OrgScope, personId: string): Promise<RiskPerson | undefined> => {
  const [row] = await db
    .select({ role: people.role, jobTitle: people.jobTitle })
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
  return { breakdown: scoreFromFacts(factsFromEvents(log), person, at), lastEventId: log.at(-1)?.id ?? 0 };
};

/** Recomputes and stores one person's score at `at` from their log through `throughEventId`. */
export const storePersonScore = async (tx: Tx, scope: OrgScope, personId: string, at: Date, throughEventId?: number) => {
  const replayed = await replayPersonScore(tx, scope, personId, at, throughEventId);
  if (!replayed) return;
  const row = {
    organizationId: scope.organizationId,
    personId,
    score: replayed.breakdown.score,
    breakdown: replayed.breakdown as unknown as Record<string, unknown>,
    lastEventId: replayed.lastEventId,
    computedAt: at,
  };
  await tx.insert(riskPersonScores).values(row).onConflictDoUpdate({ target: riskPersonScores.personId, set: row });
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

/** Departments of the organisation in aggregate (those `condition` on departments selects), over their active people. */
export const selectDepartmentsRisk = async (db: Reader, scope: OrgScope, condition?: SQL) => {
  const scored = scoredPeople(db, scope);
  const rows = await db
    .select({ id: departments.id, name: departments.name, mean: sql`avg(${scored.score})`, sd: sql`stddev_samp(${scored.score})`, n: sql`count(*)` })
    .from(scored)
    .innerJoin(departments, eq(departments.id, scored.departmentId))
    .where(and(eq(departments.organizationId, scope.organizationId), condition))
    .groupBy(departments.id, departments.name);
  return rows.map((row) => ({ id: row.id, name: row.name, ...momentsOf(row) }));
};

/**
 * The organisation's active people's scores in aggregate, overall and by department, and each
 * factor's points summed over them. Reads the projection only: never the event log.
 */
export const selectOrganizationRisk = async (db: Reader, scope: OrgScope) => {
  const { overall, drivers } = await selectGroupRisk(db, scope);
  const byDepartment = await selectDepartmentsRisk(db, scope);
  const [latest] = await db
    .select({ at: sql<Date | string | null>`max(${riskPersonScores.computedAt})` })
    .from(riskPersonScores)
    .where(eq(riskPersonScores.organizationId, scope.organizationId));
  return { overall, byDepartment, drivers, computedAt: latest?.at ? new Date(latest.at) : null };
};

/** The stored scores of the organization's active people whose breakdown has `factor`, for a what-if. */
export const selectScoresWithFactor = async (db: Reader, scope: OrgScope, factor: string) => {
  const rows = await db
    .select({ breakdown: riskPersonScores.breakdown })
    .from(riskPersonScores)
    .innerJoin(people, eq(people.id, riskPersonScores.personId))
    .where(
      and(
        eq(riskPersonScores.organizationId, scope.organizationId),
        eq(people.isActive, true),
        sql`${riskPersonScores.breakdown}->'factors' @> ${JSON.stringify([{ factor }])}::jsonb`,
      ),
    );
  return rows.map((row) => row.breakdown as unknown as RiskBreakdown);
};
