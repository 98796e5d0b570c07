import { type MyRisk, type OrganizationRisk, riskBand, riskFactorSchema } from '@vigil/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '@vigil/db';
import { type OrgScope, scopeOf } from '../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { aggregateFromMoments } from './model.ts';
import { selectDepartmentIds, selectGroupRisk, selectOrganizationRisk, selectPersonRisk } from './risk.repository.ts';
import { emptyContribution, momentsOfTotals, readOrganizationTotals } from './risk-totals.ts';
import { keepRiskTrend, selectTrend } from './risk-snapshots.ts';

/** How far back the organisation's trend reaches. */
const trendDays = 182;

/** The caller's own score as the projection last stored it (null before anything has counted). */
export const getMyRisk = async (db: Db, tenant: Tenant): Promise<MyRisk> => {
  // A person's own score lives in their home organisation, whichever company a managed-service operator is viewing.
  const [row] = await selectPersonRisk(db, { organizationId: tenant.homeOrganizationId }, [tenant.personId]);
  if (!row) return { score: null, band: null, breakdown: null, computedAt: null };
  return { score: row.score, band: riskBand(row.score), breakdown: row.breakdown, computedAt: row.computedAt.toISOString() };
};

/** Each cause's points summed over a group, as points per person of the group, largest first. */
const perPerson = (drivers: readonly { factor: string; points: number; people: number }[], n: number) =>
  drivers
    .filter((driver) => riskFactorSchema.safeParse(driver.factor).success)
    .map((driver) => ({ factor: riskFactorSchema.parse(driver.factor), points: n ? Math.round((driver.points / n) * 100) / 100 : 0, people: driver.people }))
    // Under a twentieth of a point per person a cause moves nothing anyone can see.
    .filter((driver) => Math.abs(driver.points) >= 0.05)
    .sort((a, b) => b.points - a.points);

/**
 * A group's score with its bound and its drivers: the active people `condition` selects (for
 * callers that have already decided who the caller may see; no role check here). Without a
 * condition, the whole organisation (or one department of it, `departmentId`) is read from the
 * group totals the projection keeps, not from every score.
 */
export const readGroupRisk = async (db: Db, scope: OrgScope, condition?: SQL, departmentId?: string) => {
  if (condition) {
    const { overall, drivers } = await selectGroupRisk(db, scope, condition);
    const { rankingKey: _, ...aggregate } = aggregateFromMoments(overall);
    return { aggregate, drivers: perPerson(drivers, overall.n) };
  }
  const { overall, n, byDepartment } = await readOrganizationTotals(db, scope);
  const group = departmentId ? (byDepartment.get(departmentId) ?? { totals: emptyContribution(), n: 0 }) : { totals: overall, n };
  const { rankingKey: _, ...aggregate } = aggregateFromMoments(momentsOfTotals(group.totals, group.n));
  return { aggregate, drivers: perPerson(Object.entries(group.totals.factors).map(([factor, line]) => ({ factor, ...line })), group.n) };
};

/** Departments (those `condition` on departments selects) riskiest first, small ones pulled towards the organisation's mean. */
export const readDepartmentsRisk = async (db: Db, scope: OrgScope, condition?: SQL) => {
  const { overall, byDepartment } = await selectOrganizationRisk(db, scope);
  const shown = condition ? new Set(await selectDepartmentIds(db, scope, condition)) : undefined;
  return byDepartment
    .filter((department) => !shown || shown.has(department.id))
    .map((department) => ({ id: department.id, name: department.name, ...aggregateFromMoments(department, overall.mean) }))
    .sort((a, b) => b.rankingKey - a.rankingKey);
};

/**
 * The organisation's score with its bound, its drivers and its departments, riskiest first.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const getOrganizationRisk = async (db: Db, tenant: Tenant): Promise<OrganizationRisk> => {
  requireAdminRole(tenant, 'Only an admin may read the organisation’s risk');
  return readOrganizationRisk(db, scopeOf(tenant));
};

/** `getOrganizationRisk` for callers acting for the organisation (reports, scheduled jobs): no role check here. */
export const readOrganizationRisk = async (db: Db, scope: OrgScope, trendFor = trendDays): Promise<OrganizationRisk> => {
  const { overall, byDepartment, drivers, overdue, computedAt } = await selectOrganizationRisk(db, scope);
  const { rankingKey: _, ...organization } = aggregateFromMoments(overall);
  // What-if: each overdue person's score without their overdue lessons (summed in the totals); everyone else's unchanged.
  const whatIf = { overdueTrainingCompleted: { score: overall.n ? Math.round(((overall.mean * overall.n - overdue.drop) / overall.n) * 100) / 100 : 0, people: overdue.people } };
  return {
    organization,
    drivers: perPerson(drivers, overall.n),
    departments: byDepartment
      .map((department) => ({ id: department.id, name: department.name, ...aggregateFromMoments(department, overall.mean) }))
      .sort((a, b) => b.rankingKey - a.rankingKey),
    whatIf,
    trend: await selectTrend(db, scope, { kind: 'organization', id: scope.organizationId }, trendFor, new Date()),
    computedAt: computedAt?.toISOString() ?? null,
  };
};

/** For the demo's history (and any import of past events): the organisation's trend as the daily job keeps it. */
export const keepOrganizationRiskTrend = (db: Db, organizationId: string, at = new Date()) => keepRiskTrend(db, { organizationId }, at);

/** The organisation's score by day over the last `days` days, oldest first (its daily snapshots). */
export const readOrganizationTrend = (db: Db, scope: OrgScope, days: number, at = new Date()) => selectTrend(db, scope, { kind: 'organization', id: scope.organizationId }, days, at);
