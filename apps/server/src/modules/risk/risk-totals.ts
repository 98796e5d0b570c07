import { and, eq, sql } from 'drizzle-orm';
import type { RiskBreakdown } from '@vigil/contracts';
import { type Db, type RiskFactorTotals, type Tx, people, riskGroupTotals, riskPersonScores } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { scoreWithout } from './model.ts';

/**
 * The organisation's stored scores summed per department, kept by delta: when a person's score is
 * stored, its old contribution leaves its old department's row and the new one joins the person's
 * department now. The organisation's and departments' pages then read a few rows instead of every
 * score. A person who moves or leaves between two of their scores stays counted where they were
 * until the daily refresh stores their score again and rebuilds the totals; the reads take leavers
 * out (`inactiveContributions`).
 */

/** The department key of people without a department. */
export const noDepartmentKey = '00000000-0000-0000-0000-000000000000';

type Reader = Db | Tx;
export type Contribution = { scored: number; scoreSum: number; scoreSquareSum: number; overduePeople: number; overdueDrop: number; factors: RiskFactorTotals };

const empty = (): Contribution => ({ scored: 0, scoreSum: 0, scoreSquareSum: 0, overduePeople: 0, overdueDrop: 0, factors: {} });

/** What one stored score adds to its group. */
export const contributionOf = (breakdown: RiskBreakdown): Contribution => {
  const overdue = breakdown.factors.some((line) => line.factor === 'training_overdue');
  return {
    scored: 1,
    scoreSum: breakdown.score,
    scoreSquareSum: breakdown.score ** 2,
    overduePeople: overdue ? 1 : 0,
    overdueDrop: overdue ? breakdown.score - scoreWithout(breakdown, ['training_overdue']) : 0,
    factors: Object.fromEntries(breakdown.factors.map((line) => [line.factor, { points: line.points, people: 1 }])),
  };
};

/** `into` plus `sign` × `part` (sign −1 takes a contribution away). */
export const addContribution = (into: Contribution, part: Contribution, sign: 1 | -1 = 1): Contribution => {
  const factors: RiskFactorTotals = { ...into.factors };
  for (const [factor, line] of Object.entries(part.factors)) {
    const held = factors[factor] ?? { points: 0, people: 0 };
    const next = { points: held.points + sign * line.points, people: held.people + sign * line.people };
    if (next.people <= 0) delete factors[factor];
    else factors[factor] = next;
  }
  return {
    scored: into.scored + sign * part.scored,
    scoreSum: into.scoreSum + sign * part.scoreSum,
    scoreSquareSum: into.scoreSquareSum + sign * part.scoreSquareSum,
    overduePeople: into.overduePeople + sign * part.overduePeople,
    overdueDrop: into.overdueDrop + sign * part.overdueDrop,
    factors,
  };
};

const keyOf = (departmentId: string | null | undefined) => departmentId ?? noDepartmentKey;

/** Adds (or with −1 takes away) one contribution to a department's row, locking it for the transaction. */
const applyToGroup = async (tx: Tx, scope: OrgScope, departmentId: string | null, part: Contribution, sign: 1 | -1, at: Date) => {
  const where = and(eq(riskGroupTotals.organizationId, scope.organizationId), eq(riskGroupTotals.departmentKey, keyOf(departmentId)));
  // Insert the row first if missing, so the lock below always has a row to hold.
  await tx.insert(riskGroupTotals).values({ organizationId: scope.organizationId, departmentKey: keyOf(departmentId), updatedAt: at }).onConflictDoNothing();
  const [held] = await tx.select().from(riskGroupTotals).where(where).for('update');
  const next = addContribution(held ?? empty(), part, sign);
  await tx.update(riskGroupTotals).set({ ...next, updatedAt: at }).where(where);
};

/** Moves a person's contribution from what was stored to what is stored now. */
export const moveContribution = async (
  tx: Tx,
  scope: OrgScope,
  before: { breakdown: RiskBreakdown; departmentId: string | null } | undefined,
  after: { breakdown: RiskBreakdown; departmentId: string | null },
  at: Date,
) => {
  if (before) await applyToGroup(tx, scope, before.departmentId, contributionOf(before.breakdown), -1, at);
  await applyToGroup(tx, scope, after.departmentId, contributionOf(after.breakdown), 1, at);
};

/**
 * Rebuilds the organisation's totals from its stored scores (the daily job, and the first read of an
 * organisation scored before totals existed), attributing each score to its stored department.
 */
export const rebuildGroupTotals = async (db: Db, scope: OrgScope, at: Date) => {
  const rows = await db
    .select({ breakdown: riskPersonScores.breakdown, departmentId: riskPersonScores.departmentId })
    .from(riskPersonScores)
    .where(eq(riskPersonScores.organizationId, scope.organizationId));
  const groups = new Map<string, Contribution>();
  for (const row of rows) {
    const key = keyOf(row.departmentId);
    groups.set(key, addContribution(groups.get(key) ?? empty(), contributionOf(row.breakdown as unknown as RiskBreakdown)));
  }
  await db.transaction(async (tx) => {
    await tx.delete(riskGroupTotals).where(eq(riskGroupTotals.organizationId, scope.organizationId));
    if (groups.size === 0) return;
    await tx.insert(riskGroupTotals).values([...groups].map(([departmentKey, totals]) => ({ organizationId: scope.organizationId, departmentKey, ...totals, updatedAt: at })));
  });
  return groups.size;
};

/** The organisation's totals per department key, with the latest update; rebuilt first when scores exist but totals do not. */
export const readGroupTotals = async (db: Db, scope: OrgScope) => {
  const read = () => db.select().from(riskGroupTotals).where(eq(riskGroupTotals.organizationId, scope.organizationId));
  let rows = await read();
  if (rows.length === 0) {
    const [scored] = await db.select({ one: sql`1` }).from(riskPersonScores).where(eq(riskPersonScores.organizationId, scope.organizationId)).limit(1);
    if (scored && (await rebuildGroupTotals(db, scope, new Date())) > 0) rows = await read();
  }
  return rows;
};

/** What the organisation's leavers' stored scores add to each department key: the reads take it away. */
export const inactiveContributions = async (db: Reader, scope: OrgScope) => {
  const rows = await db
    .select({ breakdown: riskPersonScores.breakdown, departmentId: riskPersonScores.departmentId })
    .from(riskPersonScores)
    .innerJoin(people, and(eq(people.id, riskPersonScores.personId), eq(people.isActive, false)))
    .where(eq(riskPersonScores.organizationId, scope.organizationId));
  const groups = new Map<string, Contribution>();
  for (const row of rows) groups.set(keyOf(row.departmentId), addContribution(groups.get(keyOf(row.departmentId)) ?? empty(), contributionOf(row.breakdown as unknown as RiskBreakdown)));
  return groups;
};

/** Active people per department key (people without a score count, at 0). */
export const activePeopleByDepartment = async (db: Reader, scope: OrgScope) => {
  const rows = await db
    .select({ departmentId: people.departmentId, n: sql<number>`count(*)::int` })
    .from(people)
    .where(and(eq(people.organizationId, scope.organizationId), eq(people.isActive, true)))
    .groupBy(people.departmentId);
  return new Map(rows.map((row) => [keyOf(row.departmentId), Number(row.n)]));
};

/** A group's mean, sample standard deviation and size from its sums over `n` people (the unscored at 0). */
export const momentsOfTotals = (totals: Contribution, n: number) => {
  if (n === 0) return { mean: 0, sd: 0, n: 0 };
  const mean = totals.scoreSum / n;
  const variance = n > 1 ? Math.max(0, (totals.scoreSquareSum - n * mean * mean) / (n - 1)) : 0;
  return { mean, sd: Math.sqrt(variance), n };
};

export { empty as emptyContribution };

/**
 * The organisation's active people in aggregate from the totals: per department key and overall,
 * each with its sums (leavers taken out) and its number of active people.
 */
export const readOrganizationTotals = async (db: Db, scope: OrgScope) => {
  const rows = await readGroupTotals(db, scope);
  const leavers = await inactiveContributions(db, scope);
  const active = await activePeopleByDepartment(db, scope);
  const byDepartment = new Map<string, { totals: Contribution; n: number }>();
  let overall = empty();
  let n = 0;
  for (const key of new Set([...rows.map((row) => row.departmentKey), ...active.keys()])) {
    const row = rows.find((candidate) => candidate.departmentKey === key);
    const totals = addContribution(row ? { ...row, factors: row.factors } : empty(), leavers.get(key) ?? empty(), -1);
    const people = active.get(key) ?? 0;
    byDepartment.set(key, { totals, n: people });
    overall = addContribution(overall, totals);
    n += people;
  }
  const updatedAt = rows.reduce<Date | null>((latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest), null);
  return { overall, n, byDepartment, updatedAt };
};
