import { type SQL, sql } from 'drizzle-orm';
import { type Db, departments, events, people, trainingAssignments } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';

// The organisation's insight subpages read aggregates straight from the event log and the
// assignments, within one organisation and one time window: bounded reads an index serves
// (events by organisation and time), never a walk of everything.

type Rows<T> = { rows: T[] };
const run = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;
const int = (value: unknown) => Number(value ?? 0);
/** A jsonb value as an object: anything else (null, a string, an array) reads as empty. */
const recordOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

const signInTypes = sql`('sign_in', 'sign_in_failed', 'sign_in_blocked')`;

/** The window's events of `types` in the organisation. */
const windowEvents = (scope: OrgScope, since: Date, types: SQL) =>
  sql`${events.organizationId} = ${scope.organizationId} and ${events.occurredAt} >= ${since.toISOString()} and ${events.type} in ${types}`;

const personColumns = sql`p.id, p.first_name || ' ' || p.last_name as name, p.email, d.name as department`;
const personJoin = sql`join ${people} p on p.id = e.person_id left join ${departments} d on d.id = p.department_id`;
type PersonRow = { id: string; name: string; email: string; department: string | null };
const personOf = (row: PersonRow) => ({ id: row.id, name: row.name, email: row.email, department: row.department });

export const organizationInsightsRepository = (db: Db, scope: OrgScope) => ({
  /** Sign-in attempts by UTC day and outcome. */
  signInsByDay: async (since: Date) =>
    (
      await run<{ day: string; type: string; n: unknown }>(
        db,
        sql`select to_char(${events.occurredAt} at time zone 'UTC', 'YYYY-MM-DD') as day, ${events.type} as type, count(*) as n
            from ${events} where ${windowEvents(scope, since, signInTypes)} group by 1, 2`,
      )
    ).map((row) => ({ day: row.day, type: row.type, count: int(row.n) })),

  /** Sign-in attempts by method and outcome, and how many people signed in at all. */
  signInsByMethod: async (since: Date) => {
    const byMethod = await run<{ method: string | null; type: string; n: unknown }>(
      db,
      sql`select ${events.data}->>'method' as method, ${events.type} as type, count(*) as n
          from ${events} where ${windowEvents(scope, since, signInTypes)} group by 1, 2`,
    );
    const [people] = await run<{ n: unknown }>(db, sql`select count(distinct ${events.personId}) as n from ${events} where ${windowEvents(scope, since, sql`('sign_in')`)}`);
    return { byMethod: byMethod.map((row) => ({ method: row.method ?? 'unknown', type: row.type, count: int(row.n) })), people: int(people?.n) };
  },

  /** The people with the most failed or blocked attempts in the window. */
  mostFailures: async (since: Date, limit: number) =>
    (
      await run<PersonRow & { failed: unknown; last_at: Date | string }>(
        db,
        sql`select ${personColumns}, count(*) as failed, max(e.occurred_at) as last_at
            from ${events} e ${personJoin}
            where e.organization_id = ${scope.organizationId} and e.occurred_at >= ${since.toISOString()} and e.type in ('sign_in_failed', 'sign_in_blocked')
            group by p.id, p.first_name, p.last_name, p.email, d.name order by failed desc, p.id limit ${limit}`,
      )
    ).map((row) => ({ ...personOf(row), failed: int(row.failed), lastAt: new Date(row.last_at) })),

  /** What the anomaly rules found in the window, by rule. */
  anomaliesByRule: async (since: Date) =>
    (
      await run<{ rule: string; n: unknown; people: unknown }>(
        db,
        sql`select ${events.data}->>'rule' as rule, count(*) as n, count(distinct ${events.personId}) as people
            from ${events} where ${windowEvents(scope, since, sql`('sign_in_anomaly')`)} group by 1`,
      )
    ).map((row) => ({ rule: row.rule, count: int(row.n), people: int(row.people) })),

  /** The newest anomalies of the window with the person each concerns. */
  latestAnomalies: async (since: Date, limit: number) =>
    (
      await run<PersonRow & { at: Date | string; data: Record<string, unknown> }>(
        db,
        sql`select e.occurred_at as at, e.data, ${personColumns}
            from ${events} e ${personJoin}
            where e.organization_id = ${scope.organizationId} and e.occurred_at >= ${since.toISOString()} and e.type = 'sign_in_anomaly'
            order by e.occurred_at desc, e.id desc limit ${limit}`,
      )
    ).map((row) => ({ at: new Date(row.at), data: recordOf(row.data), person: personOf(row) })),

  /** Kinds of device (operating system and browser) in the window's successful sign-ins. */
  devices: async (since: Date) => {
    const devices = await run<{ os: string | null; browser: string | null; people: unknown; n: unknown }>(
      db,
      sql`select ${events.data}->>'os' as os, ${events.data}->>'browser' as browser, count(distinct ${events.personId}) as people, count(*) as n
          from ${events} where ${windowEvents(scope, since, sql`('sign_in')`)} group by 1, 2 order by people desc, n desc`,
    );
    const [several] = await run<{ n: unknown }>(
      db,
      sql`select count(*) as n from (select ${events.personId} from ${events} where ${windowEvents(scope, since, sql`('sign_in')`)}
          group by ${events.personId} having count(distinct ${events.data}->>'os') > 1) as spread`,
    );
    return { devices: devices.map((row) => ({ os: row.os ?? 'Other', browser: row.browser ?? 'Other', people: int(row.people), signIns: int(row.n) })), peopleOnSeveralSystems: int(several?.n) };
  },

  /** The active people with their login and department, for the factor counts. */
  activePeople: async () =>
    run<{ auth_user_id: string | null; department: string | null }>(
      db,
      sql`select p.auth_user_id, d.name as department from ${people} p left join ${departments} d on d.id = p.department_id
          where p.organization_id = ${scope.organizationId} and p.is_active`,
    ),

  /** Active people's assignments (cancelled ones aside) by department and state, at `now`. */
  trainingByDepartment: async (now: Date) =>
    (
      await run<{ department: string | null; assigned: unknown; completed: unknown; overdue: unknown; failed: unknown; people: unknown }>(
        db,
        sql`select d.name as department, count(*) as assigned,
              count(*) filter (where a.status = 'completed') as completed,
              count(*) filter (where a.status in ('assigned', 'in_progress') and a.due_at < ${now.toISOString()}) as overdue,
              count(*) filter (where a.status = 'failed') as failed,
              count(distinct a.person_id) as people
            from ${trainingAssignments} a join ${people} p on p.id = a.person_id and p.is_active
            left join ${departments} d on d.id = p.department_id
            where a.organization_id = ${scope.organizationId} and a.status <> 'cancelled'
            group by d.name order by d.name nulls last`,
      )
    ).map((row) => ({ name: row.department, assigned: int(row.assigned), completed: int(row.completed), overdue: int(row.overdue), failed: int(row.failed), people: int(row.people) })),

  /** Active people with at least one assignment (cancelled ones aside): the total's people, counted once. */
  peopleWithTraining: async () => {
    const [row] = await run<{ n: unknown }>(
      db,
      sql`select count(distinct a.person_id) as n from ${trainingAssignments} a join ${people} p on p.id = a.person_id and p.is_active
          where a.organization_id = ${scope.organizationId} and a.status <> 'cancelled'`,
    );
    return int(row?.n);
  },

  /** Active people's completed assignments by UTC month since `since` (as the totals count them). */
  completedByMonth: async (since: Date) =>
    (
      await run<{ month: string; n: unknown }>(
        db,
        sql`select to_char(a.completed_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as n
            from ${trainingAssignments} a join ${people} p on p.id = a.person_id and p.is_active
            where a.organization_id = ${scope.organizationId} and a.status = 'completed' and a.completed_at >= ${since.toISOString()}
            group by 1`,
      )
    ).map((row) => ({ month: row.month, completed: int(row.n) })),
});
