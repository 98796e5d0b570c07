import { type TrainingSchedule, type TrainingScheduleItem, type TrainingScheduleQuery, maxScheduleDays } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError } from '../../../lib/app-error.ts';
import { csvStream } from '../../../lib/csv-stream.ts';
import { scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { resolveAudienceMembers } from '../../phishing/campaigns/campaigns.service.ts';
import { requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { addDays, daysBetween, localDateOf, periodOn, periodsStartingBetween, zonedMidnight } from './cadence-periods.ts';
import { scheduleCsvColumns } from './cadence.presenter.ts';
import { cadenceRepository } from './cadence.repository.ts';

/** Days the calendar shows when the query names none. */
const defaultDays = 31;

const checkRange = (query: { from: string; to: string }) => {
  if (query.to < query.from) throw fieldError('VALIDATION_FAILED', 'querystring.to', 'must be on or after from');
  if (daysBetween(query.from, query.to) >= maxScheduleDays) throw fieldError('VALIDATION_FAILED', 'querystring.to', `must be less than ${maxScheduleDays} days after from (at most a year at once)`);
};

/**
 * The training calendar between two days of the organisation's time zone (both included, at most a
 * year; from today, 31 days, when not named): per day, the open assignments falling due (per module), and the cadence runs planned from
 * today on with the number of people expected — an annual or quarterly rule's audience at each
 * period start still to come (and the current period, today, when it has not run yet); an on-hire
 * rule's people of its audience whose start date is ahead.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED naming querystring.to for a range
 * that is backwards or longer than a year.
 */
export const readTrainingSchedule = async (db: Db, tenant: Tenant, range: Pick<TrainingScheduleQuery, 'from' | 'to'>, now = new Date()): Promise<TrainingSchedule> => {
  requireTrainingAdmin(tenant);
  const scope = scopeOf(tenant);
  const repository = cadenceRepository(db, scope);
  const timeZone = await repository.organizationTimeZone();
  const today = localDateOf(now, timeZone);
  const from = range.from ?? (range.to && range.to < today ? addDays(range.to, 1 - defaultDays) : today);
  const query = { from, to: range.to ?? addDays(from, defaultDays - 1) };
  checkRange(query);
  const items: TrainingScheduleItem[] = [];

  for (const row of await repository.dueCounts(zonedMidnight(query.from, timeZone), zonedMidnight(addDays(query.to, 1), timeZone), timeZone)) {
    items.push({ date: row.date, kind: 'due', moduleId: row.moduleId, moduleTitle: row.moduleTitle, people: row.people, ruleId: null, cadence: null, period: null });
  }

  const plannedFrom = query.from > today ? query.from : today;
  // Several rules can plan one module on one day (two frameworks both asking for it): their run
  // assigns each person once, so the day shows the module once, with the people of all of them
  // (new hires' runs apart from yearly and quarterly ones, so each keeps its period).
  const plannedRuns = new Map<string, { item: TrainingScheduleItem; people: Set<string> }>();
  if (plannedFrom <= query.to) {
    for (const { rule, moduleTitle } of await repository.list()) {
      if (rule.pausedAt) continue;
      let members: { id: string }[];
      try {
        members = await resolveAudienceMembers(db, scope, rule.audience);
      } catch (error) {
        // An audience naming a department or person since removed plans nothing (its run says why).
        if (error instanceof AppError) continue;
        throw error;
      }
      const planned = (date: string, personIds: readonly string[], period: string) => {
        if (personIds.length === 0) return;
        const key = `${date}|${rule.moduleId}|${period === 'hire' ? 'hire' : 'cycle'}`;
        const run = plannedRuns.get(key) ?? { item: { date, kind: 'planned', moduleId: rule.moduleId, moduleTitle, people: 0, ruleId: rule.id, cadence: rule.cadence, period }, people: new Set<string>() };
        for (const id of personIds) run.people.add(id);
        plannedRuns.set(key, run);
      };
      if (rule.cadence === 'on_hire') {
        const starts = await repository.startDatesBetween(
          members.map((member) => member.id),
          plannedFrom === today ? addDays(today, 1) : plannedFrom,
          query.to,
        );
        const perDay = new Map<string, string[]>();
        for (const [personId, start] of starts) perDay.set(start, [...(perDay.get(start) ?? []), personId]);
        for (const [date, personIds] of perDay) planned(date, personIds, 'hire');
        continue;
      }
      const memberIds = members.map((member) => member.id);
      const current = periodOn(rule.cadence, rule.anchorDate, today);
      if (current && rule.lastRun?.period !== current.key && plannedFrom === today) planned(today, memberIds, current.key);
      for (const period of periodsStartingBetween(rule.cadence, rule.anchorDate, plannedFrom, query.to)) {
        if (period.key === current?.key) continue;
        planned(period.start, memberIds, period.key);
      }
    }
  }
  for (const { item, people } of plannedRuns.values()) items.push({ ...item, people: people.size });

  items.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.moduleTitle.localeCompare(b.moduleTitle));
  const days = new Map<string, { date: string; due: number; planned: number }>();
  for (const item of items) {
    const day = days.get(item.date) ?? { date: item.date, due: 0, planned: 0 };
    day[item.kind] += item.people;
    days.set(item.date, day);
  }
  return { from: query.from, to: query.to, timeZone, days: [...days.values()], items };
};

/** The same calendar as a CSV: one row per line of a day. @throws as readTrainingSchedule. */
export const trainingScheduleCsv = async (db: Db, tenant: Tenant, query: Pick<TrainingScheduleQuery, 'from' | 'to'>) => {
  const schedule = await readTrainingSchedule(db, tenant, query);
  return csvStream(
    scheduleCsvColumns,
    (async function* () {
      for (const item of schedule.items) yield [item.date, item.kind, item.moduleTitle, String(item.people), item.cadence ?? '', item.period ?? ''];
    })(),
  );
};
