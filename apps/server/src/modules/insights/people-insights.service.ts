import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { InsightsDepartments, InsightsGroup, InsightsGroupQuery, InsightsPeopleList, InsightsPeopleQuery, InsightsPersonDetail, RiskBreakdown } from '@vigil/contracts';
import { type Db, people } from '@vigil/db';
import { notFound } from '../../lib/app-error.ts';
import { csvStream } from '../../lib/csv-stream.ts';
import { decodeCursor, readAllByKey, readKeysetPage } from '../../lib/keyset.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { readSimulationHistory } from '../phishing/campaigns/campaign-results.ts';
import { readDepartmentsRisk, readGroupRisk } from '../risk/risk.service.ts';
import { personTrainingHistory } from '../training/assignments/training-assignments.service.ts';
import { type PersonInsightRow, type PersonKey, peopleInsightsRepository } from './people-insights.repository.ts';
import { peopleCsvColumns, peopleCsvRow, presentInsightsPerson } from './people-insights.presenter.ts';
import { resolveViewer, visibleDepartments, visiblePeople } from './visibility.ts';

const personKey = z.tuple([z.number(), z.uuid()]);
const keyOf = (row: PersonInsightRow): PersonKey => [Number(row.score), row.id];

const filterFor = async (db: Db, tenant: Tenant, query: Omit<InsightsPeopleQuery, 'limit' | 'cursor'>) => {
  const viewer = await resolveViewer(db, tenant);
  return { viewer, filter: { visible: visiblePeople(viewer, query.view), departmentId: query.departmentId, search: query.search || undefined, band: query.band } };
};

/**
 * The people the caller may see (by role, spec §6), riskiest first, paged by key.
 * @throws AppError FORBIDDEN for a caller who looks after no one; VALIDATION_FAILED for a bad cursor.
 */
export const listInsightsPeople = async (db: Db, tenant: Tenant, query: InsightsPeopleQuery): Promise<InsightsPeopleList> => {
  const { viewer, filter } = await filterFor(db, tenant, query);
  const repository = peopleInsightsRepository(db, viewer.scope);
  const page = await readKeysetPage((after: PersonKey | undefined, limit) => repository.list(filter, after, limit), keyOf, query.cursor ? decodeCursor(query.cursor, personKey) : undefined, query.limit);
  return { items: page.items.map(presentInsightsPerson), nextCursor: page.nextCursor };
};

/** Every row of the same list as CSV, streamed batch by batch. */
export const streamInsightsPeopleCsv = async (db: Db, tenant: Tenant, query: InsightsPeopleQuery) => {
  const { viewer, filter } = await filterFor(db, tenant, query);
  const repository = peopleInsightsRepository(db, viewer.scope);
  const rows = readAllByKey((after: PersonKey | undefined, limit) => repository.list(filter, after, limit), keyOf);
  return csvStream(
    peopleCsvColumns,
    (async function* () {
      for await (const row of rows) yield peopleCsvRow(presentInsightsPerson(row));
    })(),
  );
};

/** The score of the same group (with its bound) and what drives it. */
export const getInsightsGroup = async (db: Db, tenant: Tenant, query: InsightsGroupQuery): Promise<InsightsGroup> => {
  const { viewer, filter } = await filterFor(db, tenant, query);
  // An admin's whole organisation, or one department of it: the group totals, not every score.
  if (viewer.admin && query.view === 'all') return readGroupRisk(db, viewer.scope, undefined, query.departmentId);
  return readGroupRisk(db, viewer.scope, and(filter.visible, query.departmentId ? eq(people.departmentId, query.departmentId) : undefined));
};

/**
 * One person the caller may see: their score's breakdown, their simulations and their training.
 * A person the caller may not see is not found (their existence is not confirmed).
 */
export const getInsightsPerson = async (db: Db, tenant: Tenant, personId: string): Promise<InsightsPersonDetail> => {
  const viewer = await resolveViewer(db, tenant);
  const row = await peopleInsightsRepository(db, viewer.scope).find(visiblePeople(viewer, 'all'), personId);
  if (!row) throw notFound('The person');
  const simulations = await readSimulationHistory(db, viewer.scope, personId, { limit: 20 });
  const trainings = await personTrainingHistory(db, viewer.scope, personId);
  return {
    person: presentInsightsPerson(row),
    breakdown: (row.breakdown as RiskBreakdown | null) ?? null,
    simulations: simulations.items,
    trainings: trainings.map(({ id, moduleTitle, reason, status, overdue, assignedAt, dueAt, completedAt, score }) => ({ id, moduleTitle, reason, status, overdue, assignedAt, dueAt, completedAt, score })),
  };
};

/** The departments the caller may compare (an admin all, a department admin theirs), riskiest first. */
export const listInsightsDepartments = async (db: Db, tenant: Tenant, query: { search?: string }): Promise<InsightsDepartments> => {
  const viewer = await resolveViewer(db, tenant);
  const items = await readDepartmentsRisk(db, viewer.scope, visibleDepartments(viewer));
  const search = query.search?.toLocaleLowerCase();
  return { items: search ? items.filter((item) => item.name.toLocaleLowerCase().includes(search)) : items };
};
