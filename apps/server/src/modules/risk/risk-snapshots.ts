import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { type Db, type Tx, events, people, riskDailySnapshots } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';
import { type RiskPerson, aggregate, aggregateFromMoments, factsFromEvents, riskEventTypes, scoreFromFacts } from './model.ts';
import { selectOrganizationRisk } from './risk.repository.ts';

type Reader = Db | Tx;
const dayMs = 24 * 60 * 60 * 1000;

/** How far back the first run fills the trend from the log, and how far apart its points are. */
export const backfillDays = 182;
export const backfillStepDays = 7;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + dayMs - 1);

type Snapshot = { subjectKind: 'organization' | 'department'; subjectId: string; score: number; lower: number; upper: number; people: number };

const store = async (db: Reader, scope: OrgScope, day: string, snapshots: readonly Snapshot[], computedAt: Date, replace: boolean) => {
  if (snapshots.length === 0) return;
  const rows = snapshots.map((snapshot) => ({ ...snapshot, organizationId: scope.organizationId, day, computedAt }));
  const insert = db.insert(riskDailySnapshots).values(rows);
  if (replace) {
    await insert.onConflictDoUpdate({
      target: [riskDailySnapshots.organizationId, riskDailySnapshots.subjectKind, riskDailySnapshots.subjectId, riskDailySnapshots.day],
      set: { score: riskDailySnapshots.score, lower: riskDailySnapshots.lower, upper: riskDailySnapshots.upper, people: riskDailySnapshots.people, computedAt },
    });
  } else await insert.onConflictDoNothing();
};

/** Today's snapshot from the stored scores (the projection, already decayed to today): replaces an earlier one of the day. */
export const snapshotToday = async (db: Reader, scope: OrgScope, at: Date) => {
  const { overall, byDepartment } = await selectOrganizationRisk(db, scope);
  if (overall.n === 0) return;
  const pick = ({ score, lower, upper, people: n }: ReturnType<typeof aggregateFromMoments>) => ({ score, lower, upper, people: n });
  await store(
    db,
    scope,
    dayOf(at),
    [
      { subjectKind: 'organization', subjectId: scope.organizationId, ...pick(aggregateFromMoments(overall)) },
      ...byDepartment.map((department) => ({ subjectKind: 'department' as const, subjectId: department.id, ...pick(aggregateFromMoments(department)) })),
    ],
    at,
    true,
  );
};

/**
 * Fills the weekly points of the past six months that have no snapshot, each by replaying every
 * active person's log up to that day's end: what the scores were then (one read of the log, the
 * replay in memory). Existing snapshots are kept as they are.
 */
export const backfillSnapshots = async (db: Reader, scope: OrgScope, at: Date) => {
  const wanted = Array.from({ length: Math.floor(backfillDays / backfillStepDays) }, (_, k) => dayOf(new Date(at.getTime() - (k + 1) * backfillStepDays * dayMs)));
  const present = new Set(
    (
      await db
        .select({ day: riskDailySnapshots.day })
        .from(riskDailySnapshots)
        .where(and(eq(riskDailySnapshots.organizationId, scope.organizationId), eq(riskDailySnapshots.subjectKind, 'organization'), inArray(riskDailySnapshots.day, wanted)))
    ).map((row) => row.day),
  );
  const missing = wanted.filter((day) => !present.has(day));
  if (missing.length === 0) return 0;

  const staff = await db
    .select({ id: people.id, departmentId: people.departmentId, role: people.role, jobTitle: people.jobTitle })
    .from(people)
    .where(and(eq(people.organizationId, scope.organizationId), eq(people.isActive, true)));
  const log = await db
    .select({ id: events.id, personId: events.personId, type: events.type, occurredAt: events.occurredAt, recipientId: events.recipientId, data: events.data })
    .from(events)
    .where(and(eq(events.organizationId, scope.organizationId), inArray(events.type, riskEventTypes)))
    .orderBy(asc(events.id));
  const logOf = new Map<string, typeof log>();
  for (const event of log) if (event.personId) logOf.set(event.personId, [...(logOf.get(event.personId) ?? []), event]);

  for (const day of missing) {
    const until = endOfDay(day);
    const scored = staff.map((person) => {
      const own = (logOf.get(person.id) ?? []).filter((event) => event.occurredAt <= until);
      return { departmentId: person.departmentId, score: own.length ? scoreFromFacts(factsFromEvents(own), person as RiskPerson, until).score : 0 };
    });
    const overall = aggregate(scored.map((row) => row.score));
    const byDepartment = new Map<string, number[]>();
    for (const row of scored) if (row.departmentId) byDepartment.set(row.departmentId, [...(byDepartment.get(row.departmentId) ?? []), row.score]);
    const pick = ({ score, lower, upper, people: n }: ReturnType<typeof aggregate>) => ({ score, lower, upper, people: n });
    await store(
      db,
      scope,
      day,
      [
        { subjectKind: 'organization', subjectId: scope.organizationId, ...pick(overall) },
        ...[...byDepartment].map(([id, scores]) => ({ subjectKind: 'department' as const, subjectId: id, ...pick(aggregate(scores)) })),
      ],
      at,
      false,
    );
  }
  return missing.length;
};

/** Today's snapshot, and the past months' when the organisation has none yet (its first day of risk). */
export const keepRiskTrend = async (db: Reader, scope: OrgScope, at: Date) => {
  await snapshotToday(db, scope, at);
  const [older] = await db
    .select({ day: riskDailySnapshots.day })
    .from(riskDailySnapshots)
    .where(and(eq(riskDailySnapshots.organizationId, scope.organizationId), lt(riskDailySnapshots.day, dayOf(at))))
    .limit(1);
  if (!older) await backfillSnapshots(db, scope, at);
};

/** A subject's snapshots of the last `days` days, oldest first. */
export const selectTrend = async (db: Reader, scope: OrgScope, subject: { kind: 'organization' | 'department'; id: string }, days: number, at: Date) =>
  (
    await db
      .select({ day: riskDailySnapshots.day, score: riskDailySnapshots.score, lower: riskDailySnapshots.lower, upper: riskDailySnapshots.upper, people: riskDailySnapshots.people })
      .from(riskDailySnapshots)
      .where(
        and(
          eq(riskDailySnapshots.organizationId, scope.organizationId),
          eq(riskDailySnapshots.subjectKind, subject.kind),
          eq(riskDailySnapshots.subjectId, subject.id),
          gte(riskDailySnapshots.day, dayOf(new Date(at.getTime() - days * dayMs))),
        ),
      )
      .orderBy(desc(riskDailySnapshots.day))
  ).reverse();
